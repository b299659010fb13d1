package kind

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestNamed(t *testing.T) {
	type engine struct{ name, what string }
	list := []engine{{"bfs", "search"}, {"sat", "formula"}, {"bfs", "a second, never found"}}
	nameOf := func(e engine) string { return e.name }
	for _, tc := range []struct {
		name string
		want engine
		ok   bool
	}{
		{"bfs", list[0], true},
		{"sat", list[1], true},
		{"cp", engine{}, false},
		{"", engine{}, false},
	} {
		got, ok := Named(list, nameOf, tc.name)
		assert.Equal(t, tc.ok, ok, tc.name)
		assert.Equal(t, tc.want, got, tc.name)
	}
	assert.Equal(t, []string{"bfs", "sat", "bfs"}, Names(list, nameOf))
	assert.Empty(t, Names([]engine(nil), nameOf))
}

func TestEngineNames(t *testing.T) {
	names := EngineNames("bfs", "sat")
	assert.Equal(t, []string{"bfs", "sat", "sat/gini", "gini", "sat/gophersat", "gophersat"}, names[:6],
		"each method, and after sat each built-in backend as sat/BACKEND and by its own name")
	assert.Equal(t, []string{"ida", "bfs"}, EngineNames("ida", "bfs"), "no backends without the SAT method")
}

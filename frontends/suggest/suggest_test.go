package suggest

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestNear(t *testing.T) {
	names := []string{"solve", "count", "check", "hint", "generate", "encode", "convert", "render"}
	for _, tc := range []struct {
		word string
		want []string
	}{
		{"sovle", []string{"solve"}},   // a swap
		{"slove", []string{"solve"}},   // a swap
		{"solv", []string{"solve"}},    // a deletion
		{"cont", []string{"count"}},    // a deletion
		{"chek", []string{"check"}},    // a deletion
		{"Render", []string{"render"}}, // case
		{"gen", []string{"generate"}},  // a prefix
		{"conv", []string{"convert"}},  // a prefix
		{"xyz", nil},
		{"s", nil},
	} {
		assert.Equal(t, tc.want, Near(tc.word, names), tc.word)
	}
	assert.Equal(t, 0, editDistance("abc", "abc"))
	assert.Equal(t, 1, editDistance("abc", "acb"))
	assert.Equal(t, 3, editDistance("", "abc"))
	assert.Equal(t, 2, editDistance("kitten", "sitten")+editDistance("sitten", "sittin"))
}

func TestDidYouMean(t *testing.T) {
	assert.Equal(t, `; did you mean "target"?`, DidYouMean("trget", []string{"id", "target", "tap"}, strconv.Quote))
	assert.Equal(t, "", DidYouMean("zzzz", []string{"id", "target"}, strconv.Quote))
}

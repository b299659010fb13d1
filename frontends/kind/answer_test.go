package kind

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestAgree(t *testing.T) {
	vote := func(engine, words, key string) Vote {
		return Vote{Engine: engine, Answer: Answer{Words: words, Key: key}}
	}
	for _, tc := range []struct {
		name    string
		votes   []Vote
		agree   bool
		answers string
	}{
		{"no votes", nil, true, ""},
		{"no keys", []Vote{vote("cp", "timed out", ""), vote("gini", "interrupted", "")}, true, ""},
		{"one key", []Vote{vote("cp", "unique", "unique"), vote("gini", "timed out", "")}, true, "cp: unique"},
		{"the same key", []Vote{vote("bfs", "optimal 6", "optimal 6"), vote("greedy", "9 moves", ""), vote("astar", "optimal 6", "optimal 6")},
			true, "bfs: optimal 6; astar: optimal 6"},
		{"words differ, keys agree", []Vote{vote("ida", "unsolvable (parity)", "unsolvable"), vote("bfs", "unsolvable (181440 boards explored)", "unsolvable")},
			true, "ida: unsolvable (parity); bfs: unsolvable (181440 boards explored)"},
		{"keys differ", []Vote{vote("cp", "unique", "unique"), vote("none", "unsolvable", "unsolvable"), vote("wrong", "error", "")},
			false, "cp: unique; none: unsolvable"},
		{"the last differs", []Vote{vote("a", "x", "x"), vote("b", "x", "x"), vote("c", "y", "y")}, false, "a: x; b: x; c: y"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := Agree(tc.votes)
			assert.Equal(t, tc.agree, a.Agree)
			assert.Equal(t, tc.answers, a.Answers())
		})
	}
}

func TestStatList(t *testing.T) {
	l := StatList{{"nodes", 12}, {"winner", "cp"}, {"note", ""}, {"exhausted", true}}
	js, err := l.MarshalJSON()
	assert.NoError(t, err)
	assert.Equal(t, `{"nodes":12,"winner":"cp","note":"","exhausted":true}`, string(js), "in order, not sorted")
	assert.Equal(t, "nodes=12 winner=cp exhausted=true", l.String(), "empty strings left out")
}

func TestSafely(t *testing.T) {
	err := Safely("p.txt", func() error {
		var m map[string]int
		m["x"] = 1 // a nil map, as a real bug would have it
		return nil
	})
	var ie *InternalError
	assert.ErrorAs(t, err, &ie)
	assert.Contains(t, err.Error(), "internal error, please report: p.txt: assignment to entry in nil map (at github.com/waterworks-solver/waterworks/frontends/kind.TestSafely.func1 answer_test.go:")
	assert.True(t, IsInternal(err.Error()))
	assert.NoError(t, Safely("p.txt", func() error { return nil }))
}

func TestJSONField(t *testing.T) {
	for _, tc := range []struct {
		data        string
		isJSON, has bool
	}{
		{`{"id":"a","capacities":[3,5]}`, true, true},
		{"\n  \n{\"capacities\": [3,5]}\n{\"nothing\": 1}\n", true, true},
		{`{"id":"a","times":[1,2]}`, true, false},
		{`{"id": "cut short`, false, false},
		{"capacities 3 5\n", false, false},
		{"", false, false},
		{"[1, 2]", false, false},
	} {
		isJSON, has := JSONField([]byte(tc.data), "capacities")
		assert.Equal(t, tc.isJSON, isJSON, "%q", tc.data)
		assert.Equal(t, tc.has, has, "%q", tc.data)
	}
}

func TestOptimalAndUnsolvable(t *testing.T) {
	a, b := Optimal(6), Optimal(6)
	assert.Equal(t, Answer{Status: StatusSolved, Words: "optimal 6", Key: "optimal 6"}, a)
	assert.True(t, Agree([]Vote{{"bfs", a}, {"sat", b}}).Agree)
	assert.False(t, Agree([]Vote{{"bfs", a}, {"sat", Optimal(7)}}).Agree)
	parity, explored := Unsolvable("unsolvable (parity)"), Unsolvable("unsolvable (181440 boards explored)")
	assert.True(t, Agree([]Vote{{"ida", parity}, {"bfs", explored}}).Agree, "unsolvable whatever the proof")
	assert.False(t, Agree([]Vote{{"ida", parity}, {"bfs", a}}).Agree)
}

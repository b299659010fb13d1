package watersort

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestValidate(t *testing.T) {
	tests := []struct {
		name string
		p    Puzzle
		want string // substring of the error; "" for a valid puzzle
	}{
		{"valid", Puzzle{Capacity: 2, Bottles: [][]int{{0, 1}, {1, 0}, {}}}, ""},
		{"partial bottles", Puzzle{Capacity: 4, Bottles: [][]int{{0, 0}, {0, 1}, {1, 1, 1, 0}}}, ""},
		{"capacity zero", Puzzle{Capacity: 0, Bottles: [][]int{{}}}, "capacity 0"},
		{"no bottles", Puzzle{Capacity: 4}, "no bottles"},
		{"overflow", Puzzle{Capacity: 2, Bottles: [][]int{{0, 0, 1}, {1}}}, "bottle 1 holds 3 units, more than the capacity 2"},
		{"too few units", Puzzle{Capacity: 2, Bottles: [][]int{{0, 0}, {1}}}, "colour 1 has 1 units; every colour needs exactly 2"},
		{"gap in ids", Puzzle{Capacity: 1, Bottles: [][]int{{0}, {2}}}, "colour 1 has 0 units"},
		{"named colour", Puzzle{Capacity: 1, Bottles: [][]int{{0}, {0}}, Colors: []string{"red"}}, "colour red has 2 units"},
		{"negative colour", Puzzle{Capacity: 1, Bottles: [][]int{{-1}}}, "negative colour id"},
		{"names count", Puzzle{Capacity: 1, Bottles: [][]int{{0}}, Colors: []string{"a", "b"}}, "2 colour names for 1 colours"},
		{"too many to pack", Puzzle{Capacity: 16, Bottles: manyColours(16, 16)}, "need 80 bits a bottle"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.p.Validate()
			if tt.want == "" {
				assert.NoError(t, err)
				return
			}
			require.ErrorIs(t, err, ErrInvalidPuzzle)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

// manyColours returns k full bottles of one colour each.
func manyColours(k, capacity int) [][]int {
	bottles := make([][]int, k)
	for c := range bottles {
		for range capacity {
			bottles[c] = append(bottles[c], c)
		}
	}
	return bottles
}

func TestParseRuleMethod(t *testing.T) {
	for _, r := range []Rule{Whole, Fits} {
		got, err := ParseRule(r.String())
		require.NoError(t, err)
		assert.Equal(t, r, got)
	}
	for _, m := range []Method{BFS, AStar, Greedy} {
		got, err := ParseMethod(m.String())
		require.NoError(t, err)
		assert.Equal(t, m, got)
	}
	_, err := ParseRule("most")
	assert.Error(t, err)
	_, err = ParseMethod("dfs")
	assert.Error(t, err)
}

func TestGenerate(t *testing.T) {
	a, err := Generate(12, 4, 2, 7)
	require.NoError(t, err)
	b, err := Generate(12, 4, 2, 7)
	require.NoError(t, err)
	assert.Equal(t, a, b, "the same seed gives the same level")
	c, err := Generate(12, 4, 2, 8)
	require.NoError(t, err)
	assert.NotEqual(t, a, c, "another seed gives another level")
	assert.Equal(t, 10, a.NumColors())
	assert.Empty(t, a.Bottles[10])
	assert.Empty(t, a.Bottles[11])
	_, err = Generate(2, 4, 2, 1)
	assert.Error(t, err)
}

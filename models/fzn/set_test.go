package fzn

import (
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"pgregory.net/rapid"
)

func TestSetOf(t *testing.T) {
	tests := []struct {
		in   []Range
		want []Range
		text string
	}{
		{nil, []Range{}, "1..0"},
		{[]Range{{3, 1}}, []Range{}, "1..0"},
		{[]Range{{1, 3}}, []Range{{1, 3}}, "1..3"},
		{[]Range{{5, 6}, {1, 3}}, []Range{{1, 3}, {5, 6}}, "{1,2,3,5,6}"},
		{[]Range{{1, 3}, {4, 6}}, []Range{{1, 6}}, "1..6"}, // adjacent
		{[]Range{{1, 5}, {2, 3}}, []Range{{1, 5}}, "1..5"}, // inside
		{[]Range{{1, 5}, {5, 9}, {20, 20}}, []Range{{1, 9}, {20, 20}}, ""},
		{[]Range{{math.MinInt64, 0}, {1, math.MaxInt64}}, []Range{{math.MinInt64, math.MaxInt64}}, "-9223372036854775808..9223372036854775807"},
		{[]Range{{math.MaxInt64, math.MaxInt64}, {0, math.MaxInt64}}, []Range{{0, math.MaxInt64}}, ""},
	}
	for _, tc := range tests {
		s := SetOf(tc.in...)
		assert.Equal(t, tc.want, s.Ranges(), "SetOf(%v)", tc.in)
		if tc.text != "" {
			assert.Equal(t, tc.text, s.String())
		}
	}
	assert.Equal(t, "{-3,0,7}", SetOfValues(7, 0, -3, 0).String())
}

func TestSetLen(t *testing.T) {
	assert.Equal(t, uint64(0), SetOf().Len())
	assert.Equal(t, uint64(4), SetOf(Range{1, 2}, Range{5, 6}).Len())
	assert.Equal(t, uint64(math.MaxUint64), SetOf(Range{math.MinInt64, math.MaxInt64}).Len(), "saturated")
	assert.Equal(t, uint64(math.MaxUint64), SetOf(Range{math.MinInt64, -2}, Range{0, math.MaxInt64}).Len(), "saturated")
	assert.Equal(t, uint64(1)<<63, SetOf(Range{0, math.MaxInt64}).Len())
}

// TestSetAgainstMap compares a Set with a plain map of its values.
func TestSetAgainstMap(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 6).Draw(t, "ranges")
		var rs []Range
		in := map[int64]bool{}
		for range n {
			lo := rapid.Int64Range(-20, 20).Draw(t, "lo")
			hi := rapid.Int64Range(-20, 20).Draw(t, "hi")
			rs = append(rs, Range{lo, hi})
			for v := lo; v <= hi; v++ {
				in[v] = true
			}
		}
		s := SetOf(rs...)
		var want []int64
		for v := int64(-25); v <= 25; v++ {
			if s.Contains(v) != in[v] {
				t.Fatalf("%v.Contains(%d) = %v", s, v, s.Contains(v))
			}
			if in[v] {
				want = append(want, v)
			}
		}
		got := slices.Collect(s.Values())
		if !slices.Equal(got, want) {
			t.Fatalf("Values() = %v, want %v", got, want)
		}
		if s.Len() != uint64(len(want)) || s.IsEmpty() != (len(want) == 0) {
			t.Fatalf("Len() = %d, IsEmpty() = %v for %v", s.Len(), s.IsEmpty(), want)
		}
		if len(want) > 0 && (s.Min() != want[0] || s.Max() != want[len(want)-1]) {
			t.Fatalf("Min, Max = %d, %d for %v", s.Min(), s.Max(), want)
		}
		if !s.Equal(SetOfValues(want...)) {
			t.Fatalf("%v differs from the set of its values", s)
		}
		for i := 1; i < len(s.Ranges()); i++ {
			if s.Ranges()[i].Lo <= s.Ranges()[i-1].Hi+1 {
				t.Fatalf("ranges %v touch", s.Ranges())
			}
		}
	})
}

func TestSetValuesAtTheEdge(t *testing.T) {
	s := SetOf(Range{math.MaxInt64 - 1, math.MaxInt64})
	assert.Equal(t, []int64{math.MaxInt64 - 1, math.MaxInt64}, slices.Collect(s.Values()), "no wrap past MaxInt64")
	for v := range SetOf(Range{0, math.MaxInt64}).Values() {
		if v == 2 {
			break // stopping early must work
		}
	}
}

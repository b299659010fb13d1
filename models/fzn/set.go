package fzn

import (
	"iter"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Range is the closed interval Lo..Hi of integers; it is empty when Lo > Hi.
type Range struct{ Lo, Hi int64 }

// Len returns the number of integers in r, saturated at math.MaxUint64
// (the full int64 range has one more).
func (r Range) Len() uint64 {
	if r.Lo > r.Hi {
		return 0
	}
	n := uint64(r.Hi) - uint64(r.Lo)
	if n == math.MaxUint64 {
		return n
	}
	return n + 1
}

// String returns r in FlatZinc syntax, lo..hi.
func (r Range) String() string {
	return strconv.FormatInt(r.Lo, 10) + ".." + strconv.FormatInt(r.Hi, 10)
}

// Set is a finite set of integers. It keeps its values as sorted ranges
// that neither overlap nor touch, so two sets with the same values have the
// same ranges. The zero value is the empty set. A Set is never changed
// after it is made: the reader shares one Set between declarations.
type Set struct {
	ranges []Range
}

// SetOf returns the set of the values of the given ranges; empty ranges
// are ignored and the others may overlap and come in any order.
func SetOf(ranges ...Range) *Set {
	rs := make([]Range, 0, len(ranges))
	for _, r := range ranges {
		if r.Lo <= r.Hi {
			rs = append(rs, r)
		}
	}
	slices.SortFunc(rs, func(a, b Range) int {
		switch {
		case a.Lo < b.Lo:
			return -1
		case a.Lo > b.Lo:
			return 1
		}
		return 0
	})
	out := rs[:0]
	for _, r := range rs {
		if n := len(out); n > 0 && (out[n-1].Hi == math.MaxInt64 || r.Lo <= out[n-1].Hi+1) {
			out[n-1].Hi = max(out[n-1].Hi, r.Hi)
			continue
		}
		out = append(out, r)
	}
	return &Set{ranges: slices.Clip(out)}
}

// SetOfValues returns the set of the given values, in any order, repeats
// allowed.
func SetOfValues(values ...int64) *Set {
	rs := make([]Range, len(values))
	for i, v := range values {
		rs[i] = Range{v, v}
	}
	return SetOf(rs...)
}

// Ranges returns the ranges of s in increasing order; they are non-empty,
// disjoint and not adjacent. The caller must not change the slice.
func (s *Set) Ranges() []Range { return s.ranges }

// IsEmpty reports whether s has no values.
func (s *Set) IsEmpty() bool { return len(s.ranges) == 0 }

// IsRange reports whether s is one interval lo..hi (the empty set is not).
func (s *Set) IsRange() bool { return len(s.ranges) == 1 }

// Min returns the smallest value of s; s must not be empty.
func (s *Set) Min() int64 { return s.ranges[0].Lo }

// Max returns the largest value of s; s must not be empty.
func (s *Set) Max() int64 { return s.ranges[len(s.ranges)-1].Hi }

// Len returns the number of values of s, saturated at math.MaxUint64.
func (s *Set) Len() uint64 {
	var n uint64
	for _, r := range s.ranges {
		k := r.Len()
		if n+k < n {
			return math.MaxUint64
		}
		n += k
	}
	return n
}

// Contains reports whether v is in s.
func (s *Set) Contains(v int64) bool {
	i, _ := slices.BinarySearchFunc(s.ranges, v, func(r Range, v int64) int {
		switch {
		case r.Hi < v:
			return -1
		case r.Lo > v:
			return 1
		}
		return 0
	})
	return i < len(s.ranges) && s.ranges[i].Lo <= v && v <= s.ranges[i].Hi
}

// Values yields the values of s in increasing order.
func (s *Set) Values() iter.Seq[int64] {
	return func(yield func(int64) bool) {
		for _, r := range s.ranges {
			for v := r.Lo; ; v++ {
				if !yield(v) {
					return
				}
				if v == r.Hi {
					break
				}
			}
		}
	}
}

// Equal reports whether s and t hold the same values.
func (s *Set) Equal(t *Set) bool { return slices.Equal(s.ranges, t.ranges) }

// String returns s in FlatZinc syntax: lo..hi for an interval, 1..0 for
// the empty set (which, unlike {}, the grammar allows in every place a set
// may stand), else the values listed in braces.
func (s *Set) String() string {
	var b strings.Builder
	b.Write(s.Append(nil))
	return b.String()
}

// Append appends s in FlatZinc syntax (see String) to dst.
func (s *Set) Append(dst []byte) []byte {
	if s.IsEmpty() {
		return append(dst, "1..0"...)
	}
	if s.IsRange() {
		r := s.ranges[0]
		dst = strconv.AppendInt(dst, r.Lo, 10)
		dst = append(dst, ".."...)
		return strconv.AppendInt(dst, r.Hi, 10)
	}
	dst = append(dst, '{')
	first := true
	for v := range s.Values() {
		if !first {
			dst = append(dst, ',')
		}
		first = false
		dst = strconv.AppendInt(dst, v, 10)
	}
	return append(dst, '}')
}

package fzn

import (
	"math"
	"math/big"
)

// The checker computes in exact arithmetic: a sum or product that leaves
// int64 is never wrapped around. A result that does not fit in int64
// cannot equal any value of a variable, so an equation with one is false.

// add returns a+b and whether it fits in int64.
func add(a, b int64) (int64, bool) {
	s := a + b
	return s, (s > a) == (b > 0)
}

// mul returns a*b and whether it fits in int64.
func mul(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	p := a * b
	if p/b != a || (a == -1 && b == math.MinInt64) || (b == -1 && a == math.MinInt64) {
		return 0, false
	}
	return p, true
}

// sum is an exact sum of products.
type sum struct{ v big.Int }

// addProduct adds a*x to s.
func (s *sum) addProduct(a, x int64) {
	var p big.Int
	p.Mul(big.NewInt(a), big.NewInt(x))
	s.v.Add(&s.v, &p)
}

// add adds x to s.
func (s *sum) add(x int64) { s.v.Add(&s.v, big.NewInt(x)) }

// cmp compares s with k: -1, 0 or +1.
func (s *sum) cmp(k int64) int { return s.v.Cmp(big.NewInt(k)) }

// cmpSum compares s with t.
func (s *sum) cmpSum(t *sum) int { return s.v.Cmp(&t.v) }

// linear returns the exact sum of as[i]*xs[i]; the lengths must agree.
func linear(as, xs []int64) (*sum, error) {
	if len(as) != len(xs) {
		return nil, lengths("coefficients", len(as), "variables", len(xs))
	}
	var s sum
	for i := range as {
		s.addProduct(as[i], xs[i])
	}
	return &s, nil
}

// total returns the exact sum of xs.
func total(xs []int64) *sum {
	var s sum
	for _, x := range xs {
		s.add(x)
	}
	return &s
}

// addLe reports whether a+b <= c, exactly.
func addLe(a, b, c int64) bool {
	if s, ok := add(a, b); ok {
		return s <= c
	}
	return b < 0 // overflowed below MinInt64 when b < 0, above MaxInt64 otherwise
}

// pow returns x^y as MiniZinc defines it for integers: for y >= 0 the
// power (0^0 = 1); for y < 0, 1 div x^-y, which is undefined for x = 0
// (ok false), 1 for x = 1, ±1 for x = -1 and 0 otherwise. ok is also false
// when the power leaves int64.
func pow(x, y int64) (int64, bool) {
	if y < 0 {
		switch x {
		case 0:
			return 0, false
		case 1:
			return 1, true
		case -1:
			if y%2 == 0 {
				return 1, true
			}
			return -1, true
		}
		return 0, true
	}
	r := int64(1)
	for range y {
		var ok bool
		if r, ok = mul(r, x); !ok {
			return 0, false
		}
		if r == 0 || r == 1 && x == 1 {
			return r, true
		}
		if x == -1 {
			if y%2 == 0 {
				return 1, true
			}
			return -1, true
		}
	}
	return r, true
}

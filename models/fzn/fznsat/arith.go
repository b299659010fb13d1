package fznsat

import (
	"errors"
	"math/bits"
)

// errOverflow is the panic value of the checked arithmetic below: a
// number of the encoding (a coefficient times a bound, a sum of weights)
// left the range the encoding handles. The encoder recovers it and
// reports the constraint it was encoding.
var errOverflow = errors.New("numbers too large for the SAT route (beyond ±2^62)")

// limit bounds every number the encoder computes with: bounds, weights and
// sums stay within ±limit, so that a sum or difference of two of them
// never wraps around an int64.
const limit = 1 << 62

// check panics with errOverflow when v is beyond ±limit.
func check(v int64) int64 {
	if v > limit || v < -limit {
		panic(errOverflow)
	}
	return v
}

// add returns a+b, checked.
func add(a, b int64) int64 { return check(check(a) + check(b)) }

// sub returns a-b, checked.
func sub(a, b int64) int64 { return check(check(a) - check(b)) }

// mul returns a*b, checked.
func mul(a, b int64) int64 {
	check(a)
	check(b)
	hi, lo := bits.Mul64(uint64(abs(a)), uint64(abs(b)))
	if hi != 0 || lo > limit {
		panic(errOverflow)
	}
	p := int64(lo)
	if (a < 0) != (b < 0) {
		p = -p
	}
	return p
}

func abs(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}

// floorDiv returns a/b rounded down; b != 0.
func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// ceilDiv returns a/b rounded up; b != 0.
func ceilDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) == (b < 0)) {
		q++
	}
	return q
}

// satAdd is a+b saturated at ±limit: the bounds pass computes with it, an
// infinite bound being ±limit.
func satAdd(a, b int64) int64 {
	return clampInf(a + b) // |a|, |b| <= limit: no wrap-around
}

// satMul is a*b saturated at ±limit.
func satMul(a, b int64) int64 {
	if a == 0 || b == 0 {
		return 0
	}
	hi, lo := bits.Mul64(uint64(abs(a)), uint64(abs(b)))
	neg := (a < 0) != (b < 0)
	if hi != 0 || lo > limit {
		if neg {
			return -limit
		}
		return limit
	}
	if neg {
		return -int64(lo)
	}
	return int64(lo)
}

// clampInf clamps v to ±limit.
func clampInf(v int64) int64 { return max(-limit, min(limit, v)) }

// isInf reports whether a bound is infinite (±limit or beyond).
func isInf(v int64) bool { return v >= limit || v <= -limit }

// bitLen returns the number of bits of v >= 0.
func bitLen(v int64) int { return bits.Len64(uint64(v)) }

package fzn

import (
	"fmt"
	"math"
)

// builtins maps each constraint the checker knows to its definition: the
// FlatZinc builtins over int and bool (std/flatzinc_builtins.mzn and the
// redefinitions-*.mzn files of MiniZinc 2.6) and, in globals.go, the
// globals. The _reif and _imp forms are derived (see Check).
var builtins = map[string]builtin{
	"int_eq":        {"ii", func(a []arg) (bool, error) { return a[0].i == a[1].i, nil }},
	"int_ne":        {"ii", func(a []arg) (bool, error) { return a[0].i != a[1].i, nil }},
	"int_le":        {"ii", func(a []arg) (bool, error) { return a[0].i <= a[1].i, nil }},
	"int_lt":        {"ii", func(a []arg) (bool, error) { return a[0].i < a[1].i, nil }},
	"int_abs":       {"ii", intAbs},
	"int_plus":      {"iii", intPlus},
	"int_times":     {"iii", intTimes},
	"int_div":       {"iii", intDiv},
	"int_mod":       {"iii", intMod},
	"int_pow":       {"iii", intPow},
	"int_pow_fixed": {"iii", intPow},
	"int_min":       {"iii", func(a []arg) (bool, error) { return min(a[0].i, a[1].i) == a[2].i, nil }},
	"int_max":       {"iii", func(a []arg) (bool, error) { return max(a[0].i, a[1].i) == a[2].i, nil }},
	"int_lin_eq":    {"IIi", linearRel(func(c int) bool { return c == 0 })},
	"int_lin_ne":    {"IIi", linearRel(func(c int) bool { return c != 0 })},
	"int_lin_le":    {"IIi", linearRel(func(c int) bool { return c <= 0 })},

	"bool2int":    {"bi", func(a []arg) (bool, error) { return a[0].i == a[1].i, nil }},
	"bool_eq":     {"bb", func(a []arg) (bool, error) { return a[0].i == a[1].i, nil }},
	"bool_le":     {"bb", func(a []arg) (bool, error) { return a[0].i <= a[1].i, nil }},
	"bool_lt":     {"bb", func(a []arg) (bool, error) { return a[0].i < a[1].i, nil }},
	"bool_not":    {"bb", func(a []arg) (bool, error) { return a[0].i != a[1].i, nil }},
	"bool_and":    {"bbb", func(a []arg) (bool, error) { return a[0].i&a[1].i == a[2].i, nil }},
	"bool_or":     {"bbb", func(a []arg) (bool, error) { return a[0].i|a[1].i == a[2].i, nil }},
	"bool_xor":    {"bbb", func(a []arg) (bool, error) { return a[0].i^a[1].i == a[2].i, nil }},
	"bool_xor/2":  {"bb", func(a []arg) (bool, error) { return a[0].i != a[1].i, nil }},
	"bool_clause": {"BB", boolClause},
	"bool_lin_eq": {"IBi", linearRel(func(c int) bool { return c == 0 })},
	"bool_lin_le": {"IBi", linearRel(func(c int) bool { return c <= 0 })},

	"array_bool_and": {"Bb", arrayBoolAnd},
	"array_bool_or":  {"Bb", arrayBoolOr},
	"array_bool_xor": {"B", func(a []arg) (bool, error) { return count(a[0].is, 1)%2 == 1, nil }},

	"array_int_element":      {"iIi", element},
	"array_var_int_element":  {"iIi", element},
	"array_bool_element":     {"iBb", element},
	"array_var_bool_element": {"iBb", element},
	"array_int_maximum":      {"iI", extremum(func(a, b int64) int64 { return max(a, b) })},
	"array_int_minimum":      {"iI", extremum(func(a, b int64) int64 { return min(a, b) })},

	"set_in": {"is", func(a []arg) (bool, error) { return a[1].s.Contains(a[0].i), nil }},
}

func intAbs(a []arg) (bool, error) {
	x := a[0].i
	if x == math.MinInt64 { // |x| = 2^63 is no int64
		return false, nil
	}
	return max(x, -x) == a[1].i, nil
}

func intPlus(a []arg) (bool, error) {
	s, ok := add(a[0].i, a[1].i)
	return ok && s == a[2].i, nil
}

func intTimes(a []arg) (bool, error) {
	p, ok := mul(a[0].i, a[1].i)
	return ok && p == a[2].i, nil
}

// intDiv is int_div: the quotient truncated toward zero; no solution for a
// zero divisor.
func intDiv(a []arg) (bool, error) {
	x, y := a[0].i, a[1].i
	if y == 0 || x == math.MinInt64 && y == -1 { // no quotient, or 2^63
		return false, nil
	}
	return x/y == a[2].i, nil
}

// intMod is int_mod: the remainder x - y*(x div y), with the sign of x; no
// solution for a zero divisor.
func intMod(a []arg) (bool, error) {
	x, y := a[0].i, a[1].i
	if y == 0 {
		return false, nil
	}
	if y == -1 { // Go's x % -1 is 0 too, but say so for MinInt64
		return a[2].i == 0, nil
	}
	return x%y == a[2].i, nil
}

func intPow(a []arg) (bool, error) {
	p, ok := pow(a[0].i, a[1].i)
	return ok && p == a[2].i, nil
}

// linearRel returns the check of Σ as[i]*xs[i] rel c, where rel says how
// the comparison of the sum with c must come out.
func linearRel(rel func(cmp int) bool) func(a []arg) (bool, error) {
	return func(a []arg) (bool, error) {
		s, err := linear(a[0].is, a[1].is)
		if err != nil {
			return false, err
		}
		return rel(s.cmp(a[2].i)), nil
	}
}

// arrayBoolAnd is array_bool_and(as, r): r = as[1] /\ ... /\ as[n] (true
// for no as).
func arrayBoolAnd(a []arg) (bool, error) {
	all := count(a[0].is, 1) == len(a[0].is)
	return all == (a[1].i == 1), nil
}

// arrayBoolOr is array_bool_or(as, r): r = as[1] \/ ... \/ as[n] (false for
// no as).
func arrayBoolOr(a []arg) (bool, error) {
	some := count(a[0].is, 1) > 0
	return some == (a[1].i == 1), nil
}

// boolClause is bool_clause(as, bs): some a is true or some b is false.
func boolClause(a []arg) (bool, error) {
	return count(a[0].is, 1) > 0 || count(a[1].is, 0) > 0, nil
}

// element is array_*_element(i, xs, c): xs[i] = c, with i in 1..len(xs).
func element(a []arg) (bool, error) {
	i, xs := a[0].i, a[1].is
	return 1 <= i && i <= int64(len(xs)) && xs[i-1] == a[2].i, nil
}

// extremum returns the check of m = f(xs) over a non-empty xs.
func extremum(f func(a, b int64) int64) func(a []arg) (bool, error) {
	return func(a []arg) (bool, error) {
		xs := a[1].is
		if len(xs) == 0 { // the extremum of nothing is undefined
			return false, nil
		}
		m := xs[0]
		for _, x := range xs[1:] {
			m = f(m, x)
		}
		return m == a[0].i, nil
	}
}

// count returns how many of xs equal v.
func count(xs []int64, v int64) int {
	n := 0
	for _, x := range xs {
		if x == v {
			n++
		}
	}
	return n
}

// lengths describes arrays whose lengths should agree.
func lengths(what1 string, n1 int, what2 string, n2 int) error {
	return fmt.Errorf("%d %s for %d %s", n1, what1, n2, what2)
}

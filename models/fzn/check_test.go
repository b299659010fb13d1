package fzn

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// lit turns a Go value into a literal: int and int64 into *IntLit, bool
// into *BoolLit, []int into an array of ints, []bool into an array of
// bools, *Set into *SetLit; an Expr stays itself.
func lit(v any) Expr {
	switch v := v.(type) {
	case int:
		return &IntLit{Value: int64(v)}
	case int64:
		return &IntLit{Value: v}
	case bool:
		return &BoolLit{Value: v}
	case []int:
		a := &ArrayLit{Elems: []Expr{}}
		for _, x := range v {
			a.Elems = append(a.Elems, lit(x))
		}
		return a
	case []int64:
		a := &ArrayLit{Elems: []Expr{}}
		for _, x := range v {
			a.Elems = append(a.Elems, lit(x))
		}
		return a
	case []bool:
		a := &ArrayLit{Elems: []Expr{}}
		for _, x := range v {
			a.Elems = append(a.Elems, lit(x))
		}
		return a
	case *Set:
		return &SetLit{Set: v}
	case Expr:
		return v
	}
	panic(fmt.Sprintf("lit: %T", v))
}

// oneConstraint returns a model of the single constraint name(args...).
func oneConstraint(name string, args ...any) *Model {
	c := &Constraint{Pos: Pos{Line: 1, Col: 1}, Name: name}
	for _, a := range args {
		c.Args = append(c.Args, lit(a))
	}
	return &Model{Constraints: []*Constraint{c}}
}

type verdict int

const (
	holds verdict = iota
	breaks
	cannot
)

func (v verdict) String() string { return [...]string{"holds", "breaks", "cannot check"}[v] }

// verdictOf classifies the result of Check.
func verdictOf(t *testing.T, err error) verdict {
	t.Helper()
	var v *Violation
	switch {
	case err == nil:
		return holds
	case errors.As(err, &v):
		return breaks
	case errors.Is(err, ErrCannotCheck):
		return cannot
	}
	t.Fatalf("Check returned an error of neither kind: %v", err)
	return 0
}

type checkCase struct {
	name string
	args []any
	want verdict
}

func a(args ...any) []any { return args }

const (
	maxI = math.MaxInt64
	minI = math.MinInt64
)

// builtinCases covers each builtin over int and bool, edge cases included.
var builtinCases = []checkCase{
	{"int_eq", a(3, 3), holds},
	{"int_eq", a(3, -3), breaks},
	{"int_ne", a(3, 4), holds},
	{"int_ne", a(minI, minI), breaks},
	{"int_le", a(3, 3), holds},
	{"int_le", a(4, 3), breaks},
	{"int_lt", a(-4, -3), holds},
	{"int_lt", a(3, 3), breaks},
	{"int_abs", a(-5, 5), holds},
	{"int_abs", a(5, 5), holds},
	{"int_abs", a(-5, -5), breaks},
	{"int_abs", a(int64(minI), int64(maxI)), breaks}, // |MinInt64| is 2^63
	{"int_abs", a(int64(minI), int64(minI)), breaks}, // no wrapping around
	{"int_plus", a(2, 3, 5), holds},
	{"int_plus", a(2, 3, 6), breaks},
	{"int_plus", a(int64(maxI), 1, int64(minI)), breaks}, // overflow does not wrap
	{"int_plus", a(int64(maxI), int64(minI), -1), holds},
	{"int_times", a(-4, 5, -20), holds},
	{"int_times", a(int64(1)<<32, int64(1)<<32, 0), breaks},
	{"int_times", a(-1, int64(minI), int64(minI)), breaks},
	{"int_times", a(int64(minI), -1, int64(minI)), breaks},
	{"int_times", a(0, int64(minI), 0), holds},
	{"int_div", a(7, 2, 3), holds},
	{"int_div", a(-7, 2, -3), holds}, // toward zero, not -4
	{"int_div", a(7, -2, -3), holds},
	{"int_div", a(-7, -2, 3), holds},
	{"int_div", a(-7, 2, -4), breaks},
	{"int_div", a(7, 0, 0), breaks}, // no quotient
	{"int_div", a(int64(minI), -1, int64(minI)), breaks},
	{"int_div", a(int64(minI), 1, int64(minI)), holds},
	{"int_mod", a(7, 3, 1), holds},
	{"int_mod", a(-7, 3, -1), holds}, // the sign of the dividend
	{"int_mod", a(7, -3, 1), holds},
	{"int_mod", a(-7, -3, -1), holds},
	{"int_mod", a(-7, 3, 2), breaks},
	{"int_mod", a(7, 0, 7), breaks},
	{"int_mod", a(int64(minI), -1, 0), holds},
	{"int_pow", a(2, 10, 1024), holds},
	{"int_pow", a(-3, 3, -27), holds},
	{"int_pow", a(0, 0, 1), holds},
	{"int_pow", a(5, 0, 1), holds},
	{"int_pow", a(2, 63, int64(minI)), breaks}, // 2^63 leaves int64
	{"int_pow", a(-2, 63, int64(minI)), holds},
	{"int_pow", a(2, 1000000000000, 0), breaks},
	{"int_pow", a(1, 1000000000000, 1), holds},
	{"int_pow", a(-1, 1000000000001, -1), holds},
	{"int_pow", a(2, -1, 0), holds}, // 1 div 2
	{"int_pow", a(-2, -3, 0), holds},
	{"int_pow", a(1, -5, 1), holds},
	{"int_pow", a(-1, -5, -1), holds},
	{"int_pow", a(-1, -4, 1), holds},
	{"int_pow", a(0, -1, 0), breaks}, // 1 div 0
	{"int_pow_fixed", a(3, 2, 9), holds},
	{"int_min", a(3, -2, -2), holds},
	{"int_min", a(3, -2, 3), breaks},
	{"int_max", a(3, -2, 3), holds},
	{"int_max", a(3, 3, 4), breaks},
	{"int_lin_eq", a([]int{2, 3}, []int{1, 1}, 5), holds},
	{"int_lin_eq", a([]int{2, 3}, []int{1, 1}, 6), breaks},
	{"int_lin_eq", a([]int{}, []int{}, 0), holds},
	{"int_lin_eq", a([]int{}, []int{}, 1), breaks},
	{"int_lin_eq", a([]int{1}, []int{1, 2}, 1), cannot},
	{"int_lin_eq", a([]int64{maxI, maxI, -maxI}, []int{1, 1, 1}, int64(maxI)), holds}, // no wrapping in between
	{"int_lin_le", a([]int64{maxI, maxI}, []int{1, 1}, int64(maxI)), breaks},
	{"int_lin_le", a([]int64{minI, minI}, []int{1, 1}, int64(minI)), holds},
	{"int_lin_le", a([]int{1, -1}, []int{3, 5}, -2), holds},
	{"int_lin_le", a([]int{1, -1}, []int{3, 5}, -3), breaks},
	{"int_lin_ne", a([]int{1, 1}, []int{3, 5}, 7), holds},
	{"int_lin_ne", a([]int{1, 1}, []int{3, 5}, 8), breaks},
	{"int_lin_ne", a([]int64{maxI, 1}, []int{1, 1}, int64(minI)), holds},

	{"bool2int", a(true, 1), holds},
	{"bool2int", a(false, 0), holds},
	{"bool2int", a(true, 0), breaks},
	{"bool2int", a(false, 2), breaks},
	{"bool_eq", a(true, true), holds},
	{"bool_eq", a(true, false), breaks},
	{"bool_le", a(false, true), holds},
	{"bool_le", a(true, false), breaks},
	{"bool_lt", a(false, true), holds},
	{"bool_lt", a(true, true), breaks},
	{"bool_not", a(true, false), holds},
	{"bool_not", a(true, true), breaks},
	{"bool_and", a(true, true, true), holds},
	{"bool_and", a(true, false, true), breaks},
	{"bool_or", a(false, true, true), holds},
	{"bool_or", a(false, false, true), breaks},
	{"bool_xor", a(true, false, true), holds},
	{"bool_xor", a(true, true, true), breaks},
	{"bool_xor", a(true, false), holds},
	{"bool_xor", a(false, false), breaks},
	{"bool_xor", a(true), cannot},
	{"bool_clause", a([]bool{false, true}, []bool{true}), holds},
	{"bool_clause", a([]bool{false}, []bool{false}), holds},
	{"bool_clause", a([]bool{false}, []bool{true}), breaks},
	{"bool_clause", a([]bool{}, []bool{}), breaks}, // the empty clause
	{"bool_lin_eq", a([]int{2, 3}, []bool{true, false}, 2), holds},
	{"bool_lin_eq", a([]int{2, 3}, []bool{true, true}, 2), breaks},
	{"bool_lin_le", a([]int{2, -3}, []bool{true, true}, -1), holds},
	{"bool_lin_le", a([]int{2, -3}, []bool{true, false}, 1), breaks},
	{"array_bool_and", a([]bool{true, true}, true), holds},
	{"array_bool_and", a([]bool{}, true), holds},
	{"array_bool_and", a([]bool{true, false}, true), breaks},
	{"array_bool_and", a([]bool{true, false}, false), holds},
	{"array_bool_or", a([]bool{false, true}, true), holds},
	{"array_bool_or", a([]bool{}, false), holds},
	{"array_bool_or", a([]bool{}, true), breaks},
	{"array_bool_xor", a([]bool{true, true, true}), holds},
	{"array_bool_xor", a([]bool{true, true}), breaks},
	{"array_bool_xor", a([]bool{}), breaks},

	{"array_int_element", a(2, []int{5, 6, 7}, 6), holds},
	{"array_int_element", a(2, []int{5, 6, 7}, 5), breaks},
	{"array_int_element", a(0, []int{5, 6, 7}, 5), breaks}, // from 1
	{"array_int_element", a(4, []int{5, 6, 7}, 7), breaks},
	{"array_var_int_element", a(3, []int{5, 6, 7}, 7), holds},
	{"array_bool_element", a(1, []bool{true}, true), holds},
	{"array_var_bool_element", a(1, []bool{true}, false), breaks},
	{"array_var_bool_element", a(1, []int{1}, true), cannot},
	{"array_int_maximum", a(7, []int{5, 7, 6}), holds},
	{"array_int_maximum", a(6, []int{5, 7, 6}), breaks},
	{"array_int_maximum", a(0, []int{}), breaks},
	{"array_int_minimum", a(-5, []int{-5, 7, 6}), holds},
	{"array_int_minimum", a(6, []int{5, 7, 6}), breaks},
	{"set_in", a(3, SetOfValues(1, 3)), holds},
	{"set_in", a(2, SetOfValues(1, 3)), breaks},
	{"set_in", a(2, SetOf()), breaks},

	{"int_eq", a(3), cannot},        // too few arguments
	{"int_eq", a(3, true), cannot},  // a bool for an int
	{"bool_eq", a(1, true), cannot}, // an int for a bool
	{"int_lin_eq", a(1, 1, 1), cannot},
	{"no_such_predicate", a(1), cannot},
	{"no_such_predicate_reif", a(1, true), cannot},
	{"float_lin_eq", a(1, 1, 1), cannot},
}

func TestBuiltins(t *testing.T) {
	runCases(t, builtinCases)
}

func runCases(t *testing.T, cases []checkCase) {
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s%v", c.name, c.args), func(t *testing.T) {
			err := Check(oneConstraint(c.name, c.args...), nil)
			assert.Equal(t, c.want, verdictOf(t, err), "Check says %v", err)
		})
	}
}

// TestReified derives the _reif and _imp forms of every case that holds
// or breaks: r <-> C holds when r says what C does, r -> C unless r is
// true and C breaks.
func TestReified(t *testing.T) {
	for _, cases := range [][]checkCase{builtinCases, globalCases} {
		for _, c := range cases {
			if c.want == cannot {
				continue
			}
			for _, r := range []bool{false, true} {
				args := append(append([]any{}, c.args...), r)
				reif, imp := breaks, holds
				if r == (c.want == holds) {
					reif = holds
				}
				if r && c.want == breaks {
					imp = breaks
				}
				t.Run(fmt.Sprintf("%s%v", c.name, args), func(t *testing.T) {
					assert.Equal(t, reif, verdictOf(t, Check(oneConstraint(c.name+"_reif", args...), nil)))
					assert.Equal(t, imp, verdictOf(t, Check(oneConstraint(c.name+"_imp", args...), nil)))
				})
			}
		}
	}
}

// TestViolationNamesConstraint checks that a violation names the first
// constraint that breaks, its position and the values.
func TestViolationNamesConstraint(t *testing.T) {
	x := &Decl{Pos: Pos{1, 1}, Name: "x", Type: Type{Elem: Int, Var: true, Domain: SetOf(Range{1, 9})}}
	m := &Model{}
	m.Declare(x)
	use := func() Expr { return &Ident{Decl: x} }
	m.Constraints = []*Constraint{
		{Pos: Pos{2, 1}, Name: "int_le", Args: []Expr{use(), lit(5)}},
		{Pos: Pos{3, 1}, Name: "int_le", Args: []Expr{use(), lit(3)}},
		{Pos: Pos{4, 1}, Name: "int_le", Args: []Expr{lit(2), use()}},
	}
	require.NoError(t, Check(m, Solution{"x": 3}))
	err := Check(m, Solution{"x": 4})
	var v *Violation
	require.ErrorAs(t, err, &v)
	assert.Equal(t, Pos{3, 1}, v.Pos)
	assert.Equal(t, "3:1: constraint int_le does not hold: int_le(4,3)", err.Error())
}

// TestDeclarations checks the values of the variables themselves.
func TestDeclarations(t *testing.T) {
	m := &Model{}
	x := &Decl{Pos: Pos{1, 1}, Name: "x", Type: Type{Elem: Int, Var: true, Domain: SetOfValues(1, 3, 5)}}
	b := &Decl{Pos: Pos{2, 1}, Name: "b", Type: Type{Elem: Bool, Var: true}}
	n := &Decl{Pos: Pos{3, 1}, Name: "n", Type: Type{Elem: Int}, Value: lit(5)}
	free := &Decl{Pos: Pos{4, 1}, Name: "free", Type: Type{Elem: Int, Var: true}}
	alias := &Decl{Pos: Pos{5, 1}, Name: "alias", Type: Type{Elem: Int, Var: true}, Value: &Ident{Decl: n}}
	fixed := &Decl{Pos: Pos{6, 1}, Name: "fixed", Type: Type{Elem: Bool, Var: true}, Value: lit(true)}
	xs := &Decl{Pos: Pos{7, 1}, Name: "xs", Type: Type{Elem: Int, Var: true, Array: true, Len: 2},
		Value: &ArrayLit{Elems: []Expr{&Ident{Decl: x}, lit(4)}}}
	for _, d := range []*Decl{x, b, n, free, alias, fixed, xs} {
		require.True(t, m.Declare(d))
	}
	good := Solution{"x": 5, "b": 0, "free": minI, "alias": 5, "fixed": 1}
	require.NoError(t, Check(m, good))
	tests := []struct {
		name, variable string
		value          int64
		why            string
	}{
		{"outside the domain", "x", 4, "x = 4 is not in its domain {1,3,5}"},
		{"not a bool", "b", 2, "b = 2 is not a bool (0 or 1)"},
		{"negative bool", "b", -1, "b = -1 is not a bool (0 or 1)"},
		{"alias differs", "alias", 6, "alias = 6 differs from its assigned value n = 5"},
		{"fixed differs", "fixed", 0, "fixed = false differs from its assigned value true = true"},
		{"missing", "free", 0, "it has no value"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := Solution{}
			for k, v := range good {
				s[k] = v
			}
			if tc.why == "it has no value" {
				delete(s, tc.variable)
			} else {
				s[tc.variable] = tc.value
			}
			var v *Violation
			require.ErrorAs(t, Check(m, s), &v)
			assert.Equal(t, "variable "+tc.variable, v.What)
			assert.Equal(t, tc.why, v.Why)
		})
	}
}

func TestObjective(t *testing.T) {
	m := &Model{}
	x := &Decl{Name: "x", Type: Type{Elem: Int, Var: true}}
	m.Declare(x)
	_, err := Objective(m, Solution{"x": 1})
	assert.ErrorIs(t, err, ErrCannotCheck, "a satisfaction problem has no objective")
	m.Solve = Solve{Method: Minimize, Objective: &Ident{Decl: x}}
	v, err := Objective(m, Solution{"x": -12})
	require.NoError(t, err)
	assert.Equal(t, int64(-12), v)
	_, err = Objective(m, Solution{})
	assert.ErrorIs(t, err, ErrCannotCheck)
	m.Solve.Objective = lit(7)
	v, err = Objective(m, nil)
	require.NoError(t, err)
	assert.Equal(t, int64(7), v)
}

func TestCannotCheckMessage(t *testing.T) {
	err := Check(oneConstraint("int_eq", 3, true), nil)
	require.ErrorIs(t, err, ErrCannotCheck)
	assert.Equal(t, "1:1: cannot check constraint int_eq: argument 2: want int, found true", err.Error())
	err = Check(oneConstraint("foo", 1), nil)
	assert.True(t, strings.HasSuffix(err.Error(), "cannot check constraint foo: unknown predicate"), err.Error())
}

func TestKnows(t *testing.T) {
	for _, tc := range []struct {
		name string
		n    int
		want bool
	}{
		{"int_le", 2, true},
		{"int_le", 3, false},
		{"int_le_reif", 3, true},
		{"int_le_imp", 3, true},
		{"fzn_all_different_int", 1, true},
		{"waterworks_circuit", 2, true},
		{"gecode_circuit", 2, false},
		{"_reif", 1, false},
		{"no_such_thing", 0, false},
	} {
		assert.Equal(t, tc.want, Knows(tc.name, tc.n), "%s/%d", tc.name, tc.n)
	}
}

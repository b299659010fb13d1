package fzncp

import (
	"fmt"

	"github.com/waterworks-solver/waterworks/cp"
	"github.com/waterworks-solver/waterworks/models/fzn"
)

// The argument readers below take the constraint's i-th argument; on a
// malformed one they panic with an argError, which post turns into a
// *BuildError naming the constraint.

func (b *builder) arg(i int) fzn.Expr {
	if i >= len(b.con.Args) {
		b.fail("%d arguments, want more", len(b.con.Args))
	}
	return b.con.Args[i]
}

// nargs checks the number of arguments.
func (b *builder) nargs(n int) {
	if len(b.con.Args) != n {
		b.fail("%d arguments, want %d", len(b.con.Args), n)
	}
}

// varOf returns the cp variable of a scalar expression of type el: a
// variable, or a constant (a literal or a parameter).
// The position names argument i, and element j of it when j >= 0, for the
// error message.
func (b *builder) varOf(e fzn.Expr, el fzn.Elem, i, j int) cp.Var {
	switch x := fzn.Resolve(e).(type) {
	case *fzn.IntLit:
		if el == fzn.Int {
			return b.m.constant(x.Value)
		}
	case *fzn.BoolLit:
		if el == fzn.Bool {
			return b.m.constant(b2i(x.Value))
		}
	case *fzn.Ident:
		if x.Decl.IsVar() && !x.Decl.IsArray() && x.Decl.Type.Elem == el {
			return b.m.vars[x.Decl.Index]
		}
	}
	what := argName(i)
	if j >= 0 {
		what += fmt.Sprintf(", element %d", j+1)
	}
	b.fail("%s: want %s, found %s", what, el, fzn.Format(e))
	return 0
}

// intVar returns argument i as an int variable.
func (b *builder) intVar(i int) cp.Var { return b.varOf(b.arg(i), fzn.Int, i, -1) }

// boolVar returns argument i as a 0..1 variable.
func (b *builder) boolVar(i int) cp.Var { return b.varOf(b.arg(i), fzn.Bool, i, -1) }

// boolLit returns argument i as a literal.
func (b *builder) boolLit(i int) cp.Lit { return cp.Pos(b.boolVar(i)) }

// elems returns the elements of array argument i.
func (b *builder) elems(i int) []fzn.Expr {
	e := b.arg(i)
	xs, ok := fzn.Array(fzn.Resolve(e))
	if !ok {
		b.fail("%s: want an array, found %s", argName(i), fzn.Format(e))
	}
	return xs
}

// vars returns array argument i as variables of type el.
func (b *builder) vars(i int, el fzn.Elem) []cp.Var {
	es := b.elems(i)
	vs := make([]cp.Var, len(es))
	for j, e := range es {
		vs[j] = b.varOf(e, el, i, j)
	}
	return vs
}

func (b *builder) intVars(i int) []cp.Var  { return b.vars(i, fzn.Int) }
func (b *builder) boolVars(i int) []cp.Var { return b.vars(i, fzn.Bool) }

// boolLits returns array argument i as literals.
func (b *builder) boolLits(i int) []cp.Lit {
	vs := b.boolVars(i)
	ls := make([]cp.Lit, len(vs))
	for j, v := range vs {
		ls[j] = cp.Pos(v)
	}
	return ls
}

// intConst returns argument i as a constant int.
func (b *builder) intConst(i int) int {
	e := b.arg(i)
	v, ok := fzn.IntValue(e)
	if !ok {
		b.fail("%s: want an int constant, found %s", argName(i), fzn.Format(e))
	}
	return int(v)
}

// isConst reports whether argument i is a constant.
func (b *builder) isConst(i int) bool {
	_, ok := fzn.IntValue(b.arg(i))
	return ok
}

// ints returns array argument i as constants (ints, or bools as 0 and 1).
func (b *builder) ints(i int) []int {
	es := b.elems(i)
	vs := make([]int, len(es))
	for j, e := range es {
		if v, ok := fzn.IntValue(e); ok {
			vs[j] = int(v)
		} else if v, ok := fzn.BoolValue(e); ok {
			vs[j] = int(b2i(v))
		} else {
			b.fail("%s, element %d: want a constant, found %s", argName(i), j+1, fzn.Format(e))
		}
	}
	return vs
}

// maxSetValues bounds the sets whose values Build lists.
const maxSetValues = 1 << 20

// set returns argument i as a constant set of ints.
func (b *builder) set(i int) *fzn.Set {
	e := b.arg(i)
	s, ok := fzn.SetValue(e)
	if !ok {
		b.fail("%s: want a constant set of int, found %s", argName(i), fzn.Format(e))
	}
	return s
}

// setValues returns the values of set argument i.
func (b *builder) setValues(i int) []int {
	s := b.set(i)
	if s.Len() > maxSetValues {
		b.fail("%s: %w: a set of %d values, more than %d", argName(i), ErrUnsupported, s.Len(), maxSetValues)
	}
	vs := make([]int, 0, s.Len())
	for v := range s.Values() {
		vs = append(vs, int(v))
	}
	return vs
}

func argName(i int) string { return fmt.Sprintf("argument %d", i+1) }

// checkLinear makes sure cp's int64 arithmetic cannot overflow on the
// linear sum Σ coeffs[i]·xs[i] rel k: Σ|coeffs[i]|·max|xs[i]| + |k| must stay
// below maxTerm. When it does not, the variables whose domains Build cut
// are cut further, each to an equal share of what the others leave; when
// that is not enough, the constraint is refused.
func (b *builder) checkLinear(xs []cp.Var, coeffs []int, k int) {
	if _, ok := b.linearMagnitude(xs, coeffs, k, false); ok {
		return
	}
	rest, ok := b.linearMagnitude(xs, coeffs, k, true)
	ncut := 0
	for _, x := range xs {
		if b.m.cut[x] {
			ncut++
		}
	}
	if !ok || ncut == 0 || rest >= maxTerm {
		b.fail("%w: the terms' magnitudes Σ|a|·max|x| + |c| reach 2^62, so cp's int64 sums could overflow", ErrUnsupported)
	}
	share := (maxTerm - 1 - rest) / int64(ncut)
	for i, x := range xs {
		if !b.m.cut[x] {
			continue
		}
		m := share / absMax(int64(coeffs[i]), 0)
		b.check(b.s.SetMin(x, int(max(int64(b.s.Min(x)), -m))))
		b.check(b.s.SetMax(x, int(min(int64(b.s.Max(x)), m))))
	}
}

// linearMagnitude returns Σ|coeffs[i]|·max|xs[i]| + |k|, leaving out the
// cut variables when skipCut; ok is false when it reaches maxTerm.
func (b *builder) linearMagnitude(xs []cp.Var, coeffs []int, k int, skipCut bool) (total int64, ok bool) {
	total = absMax(int64(k), 0)
	for i, x := range xs {
		if skipCut && b.m.cut[x] {
			continue
		}
		m := absMax(int64(b.s.Min(x)), int64(b.s.Max(x)))
		t, over := mulChecked(absMax(int64(coeffs[i]), 0), m)
		if !over {
			total, over = addChecked(total, t)
		}
		if over || total >= maxTerm {
			return 0, false
		}
	}
	return total, true
}

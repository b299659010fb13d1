package fzncp

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/waterworks-solver/waterworks/cp"
	"github.com/waterworks-solver/waterworks/models/fzn"
)

// poster posts one constraint, reading its arguments through b.
type poster func(b *builder)

// posters maps each constraint name Build takes to its poster. The
// reified (_reif) and half-reified (_imp) forms of the constraints of
// reifiable are derived in post.
var posters map[string]poster

func init() {
	posters = map[string]poster{
		"int_abs":       func(b *builder) { b.nargs(2); b.s.AddAbs(b.intVar(1), b.intVar(0)) },
		"int_plus":      postPlus,
		"int_times":     func(b *builder) { b.nargs(3); b.s.AddTimes(b.intVar(2), b.intVar(0), b.intVar(1)) },
		"int_div":       func(b *builder) { b.nargs(3); b.s.AddDiv(b.intVar(2), b.intVar(0), b.intVar(1)) },
		"int_mod":       func(b *builder) { b.nargs(3); b.s.AddMod(b.intVar(2), b.intVar(0), b.intVar(1)) },
		"int_pow":       func(b *builder) { b.nargs(3); b.s.AddPow(b.intVar(2), b.intVar(0), b.intVar(1)) },
		"int_pow_fixed": postPowFixed,
		"int_min":       func(b *builder) { b.nargs(3); b.s.AddMin(b.intVar(2), []cp.Var{b.intVar(0), b.intVar(1)}) },
		"int_max":       func(b *builder) { b.nargs(3); b.s.AddMax(b.intVar(2), []cp.Var{b.intVar(0), b.intVar(1)}) },

		"array_int_maximum": func(b *builder) { postExtremum(b, (*cp.Solver).AddMax) },
		"array_int_minimum": func(b *builder) { postExtremum(b, (*cp.Solver).AddMin) },

		"bool2int":       func(b *builder) { b.nargs(2); b.s.AddCompare(b.boolVar(0), cp.Equal, b.intVar(1), 0) },
		"bool_not":       func(b *builder) { b.nargs(2); b.s.AddNotEqual(b.boolVar(0), b.boolVar(1), 0) },
		"bool_and":       func(b *builder) { b.nargs(3); postAnd(b, []cp.Lit{b.boolLit(0), b.boolLit(1)}, b.boolLit(2)) },
		"bool_or":        func(b *builder) { b.nargs(3); postOr(b, []cp.Lit{b.boolLit(0), b.boolLit(1)}, b.boolLit(2)) },
		"bool_xor":       postBoolXor,
		"array_bool_and": func(b *builder) { b.nargs(2); postAnd(b, b.boolLits(0), b.boolLit(1)) },
		"array_bool_or":  func(b *builder) { b.nargs(2); postOr(b, b.boolLits(0), b.boolLit(1)) },
		"array_bool_xor": func(b *builder) { b.nargs(1); b.s.AddXor(b.boolLits(0), true) },

		"array_int_element":      func(b *builder) { postElement(b, fzn.Int, false) },
		"array_bool_element":     func(b *builder) { postElement(b, fzn.Bool, false) },
		"array_var_int_element":  func(b *builder) { postElement(b, fzn.Int, true) },
		"array_var_bool_element": func(b *builder) { postElement(b, fzn.Bool, true) },
	}
	for name, p := range globals {
		posters[name] = p
	}
}

// reifiable maps the constraints that have _reif and _imp forms to their
// posters, which take the literal r and the mode (nil r: the constraint
// itself).
var reifiable = map[string]func(b *builder, r *cp.Lit, mode cp.Reification){
	"int_eq": compare(fzn.Int, cp.Equal),
	"int_ne": compare(fzn.Int, cp.NotEqual),
	"int_le": compare(fzn.Int, cp.LessEq),
	"int_lt": compare(fzn.Int, cp.Less),

	"bool_eq": compare(fzn.Bool, cp.Equal),
	"bool_le": compare(fzn.Bool, cp.LessEq),
	"bool_lt": compare(fzn.Bool, cp.Less),

	"int_lin_eq": linear(fzn.Int, cp.Equal),
	"int_lin_ne": linear(fzn.Int, cp.NotEqual),
	"int_lin_le": linear(fzn.Int, cp.LessEq),

	"bool_lin_eq": linear(fzn.Bool, cp.Equal),
	"bool_lin_le": linear(fzn.Bool, cp.LessEq),

	"bool_clause": postClause,
	"set_in":      postSetIn,
}

// post posts c, turning a malformed argument into a *BuildError.
func (b *builder) post(c *fzn.Constraint) (err error) {
	b.con = c
	defer func() {
		if r := recover(); r != nil {
			ae, ok := r.(argError)
			if !ok {
				panic(r)
			}
			err = &BuildError{Pos: c.Pos, What: "constraint " + c.Name, Err: ae.err}
		}
	}()
	if p, ok := posters[c.Name]; ok {
		p(b)
		return nil
	}
	if p, ok := reifiable[c.Name]; ok {
		p(b, nil, cp.Iff)
		return nil
	}
	for _, form := range []struct {
		suffix string
		mode   cp.Reification
	}{{"_reif", cp.Iff}, {"_imp", cp.Implies}} {
		base, cut := strings.CutSuffix(c.Name, form.suffix)
		if p, ok := reifiable[base]; cut && ok {
			if len(c.Args) == 0 {
				b.fail("no arguments")
			}
			r := b.boolLit(len(c.Args) - 1)
			p(b, &r, form.mode)
			return nil
		}
	}
	return &BuildError{Pos: c.Pos, What: "constraint " + c.Name, Err: unknownReason(c.Name)}
}

// unknownReason says why a constraint name is not taken.
func unknownReason(name string) error {
	switch {
	case strings.HasPrefix(name, "float_") || strings.Contains(name, "_float_"):
		return fmt.Errorf("%w: float constraints", ErrUnsupported)
	case strings.HasPrefix(name, "set_") || strings.Contains(name, "_set_"):
		return fmt.Errorf("%w: set variables", ErrUnsupported)
	}
	return fmt.Errorf("%w: unknown constraint (not a FlatZinc builtin over int and bool, nor a global of waterworks' solver library)", ErrUnsupported)
}

// nargsR checks the number of arguments of a constraint that may be
// reified (one more then).
func (b *builder) nargsR(n int, r *cp.Lit) {
	if r != nil {
		n++
	}
	b.nargs(n)
}

// compare returns the poster of x rel y over two scalars of type el.
func compare(el fzn.Elem, rel cp.Relation) func(b *builder, r *cp.Lit, mode cp.Reification) {
	return func(b *builder, r *cp.Lit, mode cp.Reification) {
		b.nargsR(2, r)
		x, y := b.varOf(b.arg(0), el, 0, -1), b.varOf(b.arg(1), el, 1, -1)
		if x == y { // x rel x holds for =, ≤ and ≥ only
			b.known(rel == cp.Equal || rel == cp.LessEq || rel == cp.GreaterEq, r, mode)
			return
		}
		if r == nil {
			b.s.AddCompare(x, rel, y, 0)
			return
		}
		switch {
		case b.s.Fixed(y):
			b.s.AddBoundReif(*r, mode, x, rel, b.s.Min(y))
		case b.s.Fixed(x):
			b.s.AddBoundReif(*r, mode, y, flip(rel), b.s.Min(x))
		default:
			b.s.AddCompareReif(*r, mode, x, rel, y, 0)
		}
	}
}

// known posts a constraint whose truth is known, holds, or its (half)
// reification by r: the model has no solution, or r is fixed.
func (b *builder) known(holds bool, r *cp.Lit, mode cp.Reification) {
	switch {
	case r == nil && !holds:
		b.m.unsat = true
	case r != nil && (mode == cp.Iff || !holds):
		b.s.AddClause(litIf(*r, holds))
	}
}

// litIf returns l when want, else its negation.
func litIf(l cp.Lit, want bool) cp.Lit {
	if want {
		return l
	}
	return l.Not()
}

// flip returns the relation R' with y R' x exactly when x R y.
func flip(rel cp.Relation) cp.Relation {
	switch rel {
	case cp.LessEq:
		return cp.GreaterEq
	case cp.GreaterEq:
		return cp.LessEq
	case cp.Less:
		return cp.Greater
	case cp.Greater:
		return cp.Less
	}
	return rel
}

// linear returns the poster of Σ as[i]·xs[i] rel c, over int or bool xs;
// bool_lin_eq's c may be a variable.
func linear(el fzn.Elem, rel cp.Relation) func(b *builder, r *cp.Lit, mode cp.Reification) {
	return func(b *builder, r *cp.Lit, mode cp.Reification) {
		b.nargsR(3, r)
		coeffs := b.ints(0)
		xs := b.vars(1, el)
		if len(coeffs) != len(xs) {
			b.fail("%d coefficients for %d variables", len(coeffs), len(xs))
		}
		k := 0
		if b.isConst(2) {
			k = b.intConst(2)
		} else {
			xs = append(slices.Clip(xs), b.intVar(2))
			coeffs = append(slices.Clip(coeffs), -1)
		}
		xs, coeffs = b.mergeTerms(xs, coeffs)
		if len(xs) == 0 { // 0 rel k
			b.known(rel.Holds(0, k), r, mode)
			return
		}
		b.checkLinear(xs, coeffs, k)
		if r == nil {
			b.s.AddIntSum(xs, coeffs, rel, k)
		} else {
			b.s.AddIntSumReif(*r, mode, xs, coeffs, rel, k)
		}
	}
}

// mergeTerms adds up the coefficients of a variable that appears more than
// once and drops the terms whose coefficient is 0, so that bounds
// reasoning never meets x - x, which it would narrow a value at a time.
func (b *builder) mergeTerms(xs []cp.Var, coeffs []int) ([]cp.Var, []int) {
	at := make(map[cp.Var]int, len(xs))
	var mx []cp.Var
	var mc []int
	for i, x := range xs {
		if j, ok := at[x]; ok {
			sum, over := addChecked(int64(mc[j]), int64(coeffs[i]))
			if over {
				b.fail("the coefficients of %s overflow", b.s.Name(x))
			}
			mc[j] = int(sum)
			continue
		}
		at[x] = len(mx)
		mx, mc = append(mx, x), append(mc, coeffs[i])
	}
	out := 0
	for i := range mx {
		if mc[i] != 0 {
			mx[out], mc[out] = mx[i], mc[i]
			out++
		}
	}
	return mx[:out], mc[:out]
}

// postPlus posts int_plus(a, b, c): a + b = c.
func postPlus(b *builder) {
	b.nargs(3)
	xs := []cp.Var{b.intVar(0), b.intVar(1), b.intVar(2)}
	coeffs := []int{1, 1, -1}
	b.checkLinear(xs, coeffs, 0)
	b.s.AddIntSum(xs, coeffs, cp.Equal, 0)
}

// postPowFixed posts int_pow_fixed(x, y, z): z = x^y for a constant y.
func postPowFixed(b *builder) {
	b.nargs(3)
	b.s.AddPow(b.intVar(2), b.intVar(0), b.m.constant(int64(b.intConst(1))))
}

// postExtremum posts array_int_maximum or minimum(m, xs); the extremum of
// no values is undefined, so an empty xs has no solution.
func postExtremum(b *builder, add func(s *cp.Solver, z cp.Var, xs []cp.Var) cp.PropID) {
	b.nargs(2)
	m, xs := b.intVar(0), b.intVars(1)
	if len(xs) == 0 {
		b.m.unsat = true
		return
	}
	add(b.s, m, xs)
}

// postAnd posts r ⇔ ∧ls (true for no ls).
func postAnd(b *builder, ls []cp.Lit, r cp.Lit) {
	back := make([]cp.Lit, 0, len(ls)+1)
	for _, l := range ls {
		b.s.AddClause(r.Not(), l)
		back = append(back, l.Not())
	}
	b.s.AddClause(append(back, r)...)
}

// postOr posts r ⇔ ∨ls (false for no ls).
func postOr(b *builder, ls []cp.Lit, r cp.Lit) {
	for _, l := range ls {
		b.s.AddClause(l.Not(), r)
	}
	b.s.AddClause(append(slices.Clip(ls), r.Not())...)
}

// postBoolXor posts bool_xor(a, b, r), r ⇔ a ≠ b, or bool_xor(a, b), a ≠ b.
func postBoolXor(b *builder) {
	if len(b.con.Args) == 2 {
		b.s.AddXor([]cp.Lit{b.boolLit(0), b.boolLit(1)}, true)
		return
	}
	b.nargs(3)
	b.s.AddXor([]cp.Lit{b.boolLit(0), b.boolLit(1), b.boolLit(2)}, false)
}

// postClause posts bool_clause(as, bs): some a true or some b false, or
// its (half) reification by r.
func postClause(b *builder, r *cp.Lit, mode cp.Reification) {
	b.nargsR(2, r)
	as, bs := b.boolLits(0), b.boolLits(1)
	lits := make([]cp.Lit, 0, len(as)+len(bs)+1)
	lits = append(lits, as...)
	for _, l := range bs {
		lits = append(lits, l.Not())
	}
	if r == nil {
		b.s.AddClause(lits...)
		return
	}
	b.s.AddClause(append(lits, r.Not())...)
	if mode == cp.Iff {
		for _, l := range lits {
			b.s.AddClause(l.Not(), *r)
		}
	}
}

// postSetIn posts set_in(x, S), or its (half) reification.
func postSetIn(b *builder, r *cp.Lit, mode cp.Reification) {
	b.nargsR(2, r)
	x := b.intVar(0)
	if r == nil {
		b.inSet(x, b.set(1))
		return
	}
	b.s.AddInReif(*r, mode, x, b.setValues(1))
}

// postElement posts array_[var_]{int,bool}_element(i, as, c): as[i] = c,
// with i from 1. cp indexes from 0, so the array gets a dummy first entry
// (a copy of the first), which i ≥ 1 rules out.
func postElement(b *builder, el fzn.Elem, vars bool) {
	b.nargs(3)
	i, c := b.intVar(0), b.varOf(b.arg(2), el, 2, -1)
	b.check(b.s.SetMin(i, 1))
	if vars {
		xs := b.vars(1, el)
		if len(xs) == 0 {
			b.m.unsat = true
			return
		}
		b.s.AddElementVar(append([]cp.Var{xs[0]}, xs...), i, c)
		return
	}
	as := b.ints(1)
	if len(as) == 0 {
		b.m.unsat = true
		return
	}
	b.s.AddElement(append([]int{as[0]}, as...), i, c)
}

var (
	errNoObjective  = errors.New("an optimisation without objective")
	errBadObjective = errors.New("the objective is not an int")
)

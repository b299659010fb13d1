// Package fzncp builds a FlatZinc model (package fzn) on the CP core (package
// cp) and solves it: Build makes a cp variable for each FlatZinc variable,
// posts each constraint, and turns the search annotations into a cp.Brancher;
// Solve runs the search the SolveOptions ask for and hands out each solution,
// checked by fzn.Check first, so a wrong answer is never handed out.
//
// Build takes every FlatZinc builtin over int and bool (int_*, int_lin_*,
// bool_*, bool_lin_*, the array_* elements and connectives, bool2int,
// bool_clause, set_in on constant sets), their _reif forms, the _imp forms
// that the solver library declares (models/fzn/mznlib), and the globals that
// library declares (fzn_all_different_int, fzn_cumulative, ..., and
// waterworks_circuit, _subcircuit, _inverse and _bin_packing_load, which
// carry the first index of their arrays, lost in FlatZinc). A constraint
// it cannot build (a float builtin, an unknown name, malformed arguments) is
// an error that names it, with its position.
//
// # Domains and overflow
//
// A variable that the model leaves unbounded (var int) or bounds more widely
// than cp takes (cp.MaxDomainValues values) first gets the bounds its
// defining constraints imply (int_lin_eq, int_lin_le, int_plus, int_times,
// int_abs, int_div, int_mod, int_min, int_max, the array maxima and
// minima, the elements, bool2int, int_eq, int_le, int_lt), computed in exact
// int64 arithmetic that gives up on a constraint rather than overflow. What
// is still unbounded is cut to ±Options.DefaultBound (by default
// DefaultBound, Gecode's limit). Such a cut may lose solutions, so a Model
// with a cut domain (Model.Truncated) never claims completeness: Solve says
// Satisfied where it would say Optimal or AllSolutions, and Unknown where it
// would say Unsatisfiable.
//
// cp's linear propagators compute in int64 without overflow checks, so
// Build refuses, with an error naming it, a linear constraint whose terms'
// magnitudes (Σ|a|·max|x| + |c|) could reach 2^62; when such a constraint
// has cut variables, Build cuts them further first, down to what keeps the
// sum below that limit.
package fzncp

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sort"

	"github.com/waterworks-solver/waterworks/cp"
	"github.com/waterworks-solver/waterworks/models/fzn"
)

// DefaultBound is the default of Options.DefaultBound: a variable without
// bounds takes -DefaultBound..DefaultBound, Gecode's Int::Limits.
const DefaultBound = 1<<31 - 2

// maxTerm bounds Σ|a|·max|x| + |c| over a linear constraint, so that cp's
// int64 sums cannot overflow.
const maxTerm = 1 << 62

// Options tune Build; the zero value is sensible.
type Options struct {
	// DefaultBound bounds the variables whose bounds neither the model nor
	// its constraints give: they take -DefaultBound..DefaultBound. Zero
	// means DefaultBound; the value is capped so that the domain has at
	// most cp.MaxDomainValues values.
	DefaultBound int64
}

// Model is a FlatZinc model built on a cp.Solver, ready for Solve.
type Model struct {
	src *fzn.Model
	s   *cp.Solver

	// vars maps a scalar variable's Decl.Index to its cp variable (aliases
	// share one); -1 for parameters and arrays.
	vars   []cp.Var
	consts map[int64]cp.Var

	// truncated lists the variables whose domains Build cut, and cut
	// holds their cp variables.
	truncated []string
	cut       map[cp.Var]bool
	// unsat is set when building found the model inconsistent.
	unsat bool

	strategies   []cp.Strategy // from the search annotations, in order
	annotated    []cp.Var      // their variables, each once
	inAnnotation map[cp.Var]bool
	decisions    []cp.Var // scalar variables not defined by a constraint, each once
	outputs      []cp.Var // the variables printed with a solution, each once
	all          []cp.Var // every scalar variable's cp variable, each once

	objective cp.Var // when the model optimises
	objLadder *ladder
}

// Truncated returns the names of the variables whose domains Build had to
// cut (see the package doc), nil when none.
func (m *Model) Truncated() []string { return m.truncated }

// A BuildError is a constraint, or a declaration, that Build cannot post.
type BuildError struct {
	Pos  fzn.Pos
	What string // "constraint int_times" or "variable x"
	Err  error
}

// Error returns "line:col: what: why".
func (e *BuildError) Error() string { return e.Pos.String() + ": " + e.What + ": " + e.Err.Error() }

// Unwrap returns the reason.
func (e *BuildError) Unwrap() error { return e.Err }

// ErrUnsupported is wrapped by the errors of constraints that Build does
// not know or cannot take (floats, set variables).
var ErrUnsupported = errors.New("not supported")

// Build makes the cp model of m. It returns a *BuildError for the first
// constraint or declaration it cannot post. A model found inconsistent
// while building is no error: Solve reports it unsatisfiable.
func Build(ctx context.Context, m *fzn.Model, opts Options) (*Model, error) {
	bound := opts.DefaultBound
	if bound <= 0 {
		bound = DefaultBound
	}
	bound = min(bound, (cp.MaxDomainValues-1)/2)
	md := &Model{src: m, s: cp.New(), consts: make(map[int64]cp.Var), objective: -1, cut: make(map[cp.Var]bool),
		inAnnotation: make(map[cp.Var]bool)}
	b := &builder{m: md, s: md.s, bound: bound}
	if err := b.variables(); err != nil {
		return nil, err
	}
	for i, c := range m.Constraints {
		if i%1024 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if err := b.post(c); err != nil {
			return nil, err
		}
	}
	if err := b.solveItem(); err != nil {
		return nil, err
	}
	return md, nil
}

// builder holds the state of Build.
type builder struct {
	m     *Model
	s     *cp.Solver
	bound int64
	con   *fzn.Constraint // the constraint being posted
	iv    []interval      // bounds of the int variables, by root Decl.Index
	root  []int           // an alias's root declaration, by Decl.Index
}

// argError is the panic value of the argument readers, which post
// recovers into a *BuildError.
type argError struct{ err error }

func (b *builder) fail(format string, args ...any) {
	panic(argError{fmt.Errorf(format, args...)})
}

// inconsistent records a domain operation's failure: the model has no
// solution.
func (b *builder) check(err error) {
	if err != nil {
		b.m.unsat = true
	}
}

// constant returns a variable fixed to v, one per value.
func (m *Model) constant(v int64) cp.Var {
	if x, ok := m.consts[v]; ok {
		return x
	}
	x := m.s.NewVar(int(v), int(v))
	m.consts[v] = x
	return x
}

// variables makes the cp variables of the scalar variable declarations.
func (b *builder) variables() error {
	decls := b.m.src.Decls
	b.m.vars = make([]cp.Var, len(decls))
	b.root = make([]int, len(decls))
	for i, d := range decls {
		b.m.vars[i], b.root[i] = -1, i
		if !d.IsVar() || d.IsArray() {
			continue
		}
		if d.Type.Elem != fzn.Int && d.Type.Elem != fzn.Bool {
			return &BuildError{d.Pos, "variable " + d.Name, fmt.Errorf("%w: %s variables", ErrUnsupported, d.Type.Elem)}
		}
		if x, ok := d.Value.(*fzn.Ident); ok && x.Decl.IsVar() {
			b.root[i] = b.root[x.Decl.Index]
		}
	}
	b.inferBounds()
	seen := make(map[cp.Var]bool)
	for i, d := range decls {
		if !d.IsVar() || d.IsArray() {
			continue
		}
		r := b.root[i]
		if r == i {
			b.m.vars[i] = b.newVar(d)
		} else {
			b.m.vars[i] = b.m.vars[r]
			b.restrict(b.m.vars[i], d) // an alias's own domain holds too
		}
		if l, ok := fzn.Resolve(d.Value).(*fzn.IntLit); ok {
			b.check(b.s.Assign(b.m.vars[i], int(l.Value)))
		} else if l, ok := fzn.Resolve(d.Value).(*fzn.BoolLit); ok {
			b.check(b.s.Assign(b.m.vars[i], int(b2i(l.Value))))
		}
		x := b.m.vars[i]
		b.s.SetName(x, d.Name)
		if !seen[x] {
			seen[x] = true
			b.m.all = append(b.m.all, x)
			if d.Ann("is_defined_var") == nil {
				b.m.decisions = append(b.m.decisions, x)
			}
		}
	}
	b.outputs()
	return nil
}

// outputs collects the variables printed with each solution: those of the
// output annotations, or every variable when the model has none.
func (b *builder) outputs() {
	seen := make(map[cp.Var]bool)
	add := func(e fzn.Expr) {
		if x, ok := e.(*fzn.Ident); ok && x.Decl.IsVar() && !x.Decl.IsArray() {
			if v := b.m.vars[x.Decl.Index]; !seen[v] {
				seen[v] = true
				b.m.outputs = append(b.m.outputs, v)
			}
		}
	}
	outs := b.m.src.Outputs()
	b.m.outputs = []cp.Var{} // not nil: outputs that are all constants tell no solutions apart
	for _, d := range outs {
		if d.IsArray() {
			for _, e := range d.Elems() {
				add(e)
			}
		} else {
			add(&fzn.Ident{Decl: d})
		}
	}
	if len(outs) == 0 {
		b.m.outputs = b.m.all
	}
}

// newVar makes the cp variable of a root declaration, with the domain that
// its type and the inferred bounds give.
func (b *builder) newVar(d *fzn.Decl) (x cp.Var) {
	if d.Type.Elem == fzn.Bool {
		return b.s.NewBool()
	}
	lo, hi, cut := b.cut(b.iv[d.Index])
	if lo > hi { // an empty domain: no solution
		b.m.unsat = true
		return b.s.NewVar(0, 0)
	}
	if cut {
		defer func() {
			b.m.truncated = append(b.m.truncated, d.Name)
			b.m.cut[x] = true
		}()
	}
	dom := d.Type.Domain
	if dom != nil && !dom.IsRange() && !dom.IsEmpty() && uint64(hi-lo) < cp.MaxBitsetValues {
		var vals []int
		for _, r := range dom.Ranges() {
			for v := max(r.Lo, lo); v <= min(r.Hi, hi); v++ {
				vals = append(vals, int(v))
			}
		}
		if len(vals) == 0 {
			b.m.unsat = true
			return b.s.NewVar(0, 0)
		}
		return b.s.NewVarIn(vals)
	}
	x = b.s.NewVar(int(lo), int(hi))
	if dom != nil && !dom.IsRange() {
		b.inSet(x, dom)
	}
	return x
}

// cut returns the domain a variable of bounds iv gets: iv itself when it
// is bounded and not wider than 2·bound+1 values, else its part within
// ±bound (or the 2·bound+1 values nearest to its one bound when it lies
// wholly beyond), with cut set.
func (b *builder) cut(iv interval) (lo, hi int64, cut bool) {
	if iv.hasLo && iv.hasHi && (iv.lo > iv.hi || uint64(iv.hi)-uint64(iv.lo) <= uint64(2*b.bound)) {
		return iv.lo, iv.hi, false
	}
	lo, hi = -b.bound, b.bound
	if iv.hasLo {
		lo = max(lo, iv.lo)
	}
	if iv.hasHi {
		hi = min(hi, iv.hi)
	}
	switch {
	case lo <= hi:
	case iv.hasLo && iv.lo > b.bound:
		lo = iv.lo
		hi = lo + min(2*b.bound, math.MaxInt64-lo)
	default:
		hi = iv.hi
		lo = hi - min(2*b.bound, hi-math.MinInt64)
	}
	return lo, hi, true
}

// restrict narrows x to the declared domain of d.
func (b *builder) restrict(x cp.Var, d *fzn.Decl) {
	if d.Type.Elem == fzn.Int && d.Type.Domain != nil {
		b.inSet(x, d.Type.Domain)
	}
}

// inSet restricts x to the values of set: by removing values when x keeps
// its domain in a bitset, else by a propagator on its bounds.
func (b *builder) inSet(x cp.Var, set *fzn.Set) {
	if set.IsEmpty() {
		b.m.unsat = true
		return
	}
	lo, hi := int64(b.s.Min(x)), int64(b.s.Max(x))
	b.check(b.s.SetMin(x, int(max(lo, set.Min()))))
	b.check(b.s.SetMax(x, int(min(hi, set.Max()))))
	if set.IsRange() || b.m.unsat {
		return
	}
	if uint64(hi-lo) < cp.MaxBitsetValues {
		var holes []int
		rs := set.Ranges()
		for i := 1; i < len(rs); i++ {
			for v := max(rs[i-1].Hi+1, lo); v < rs[i].Lo && v <= hi; v++ {
				holes = append(holes, int(v))
			}
		}
		b.check(b.s.RemoveValues(x, holes))
		return
	}
	p := &inRanges{x: x, ranges: set.Ranges()}
	id := b.s.Add(p)
	b.s.Watch(id, x, cp.OnBounds)
}

// inRanges keeps a bounds-only variable's bounds inside a set of ranges.
type inRanges struct {
	x      cp.Var
	ranges []fzn.Range
}

func (p *inRanges) Propagate(s *cp.Solver) error {
	lo, hi := int64(s.Min(p.x)), int64(s.Max(p.x))
	rs := p.ranges
	i := sort.Search(len(rs), func(i int) bool { return rs[i].Hi >= lo }) // the first range ending at or after lo
	if i == len(rs) {
		return s.SetMin(p.x, int(hi)+1) // above every range: fails
	}
	if rs[i].Lo > lo {
		if err := s.SetMin(p.x, int(rs[i].Lo)); err != nil {
			return err
		}
	}
	j := sort.Search(len(rs), func(j int) bool { return rs[j].Lo > hi }) - 1 // the last starting at or before hi
	if j < 0 {
		return s.SetMax(p.x, int(lo)-1) // below every range: fails
	}
	if rs[j].Hi < hi {
		return s.SetMax(p.x, int(rs[j].Hi))
	}
	return nil
}

// Scope tells the learning search what inRanges reads.
func (p *inRanges) Scope() []cp.Var { return []cp.Var{p.x} }

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// absMax returns max(|lo|, |hi|), saturated at MaxInt64.
func absMax(lo, hi int64) int64 {
	a, b := lo, hi
	if a < 0 {
		a = -a
		if a < 0 {
			a = math.MaxInt64
		}
	}
	if b < 0 {
		b = -b
		if b < 0 {
			b = math.MaxInt64
		}
	}
	return max(a, b)
}

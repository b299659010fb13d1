package fznsat

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/waterworks-solver/waterworks/models/fzn"
	"github.com/waterworks-solver/waterworks/sat"
)

// ErrUnsupported is wrapped by the errors of Encode for a model the SAT
// route cannot encode: an unknown constraint (a float or set constraint,
// a global the solver library would leave native), a reified global, a
// domain too wide for the chosen encoding, a variable without bounds. The
// standard library's decompositions (minizinc -G std) avoid most of them.
var ErrUnsupported = errors.New("not supported by the SAT route")

// Default values of Options.
const (
	// DefaultOrderLimit is the largest domain that gets the order
	// encoding by default; see Options.OrderLimit.
	DefaultOrderLimit = 64
	// DefaultPBLimit is the default Options.PBLimit.
	DefaultPBLimit = 1 << 17
	// DefaultTableLimit is the default Options.TableLimit.
	DefaultTableLimit = 4096
	// DefaultMaxClauses is the default Options.MaxClauses: about 170 MB
	// of formula, as much again in the solver.
	DefaultMaxClauses = 1 << 23
)

// Options tune the encoding.
type Options struct {
	// OrderLimit is the largest number of values of an integer variable
	// that gets the order encoding (a literal [x >= v] per value, the
	// encoding on which linear constraints over few variables propagate
	// best); a wider domain gets the log encoding (a literal per bit, the
	// encoding that stays small on domains of millions of values). 0
	// means DefaultOrderLimit; -1 gives every domain of more than two
	// values the log encoding.
	OrderLimit int
	// PBLimit bounds the estimated clauses of the pseudo-Boolean encoding
	// (decision diagram or counter) of one linear constraint; a bigger
	// one is written as an adder network. 0 means DefaultPBLimit.
	PBLimit int64
	// Linear is how the sat package writes the pseudo-Boolean constraints
	// (sat.Auto in DefaultOptions; the zero value is sat.Totalizer), or
	// sat.Native to keep them whole for a backend that takes them, such
	// as gophersat.
	Linear sat.Encoding
	// TableLimit bounds the operand value pairs of a nonlinear
	// constraint (int_times, int_div, ...) that is written as a table of
	// support clauses; beyond it, the constraint is a circuit over binary
	// numbers. 0 means DefaultTableLimit; -1 writes no table.
	TableLimit int64
	// MaxClauses bounds the size of the encoding: Encode fails with an
	// error wrapping ErrUnsupported when the formula grows beyond it, so
	// that a model whose encoding would not fit in memory is refused
	// rather than tried. 0 means DefaultMaxClauses; -1 no bound.
	MaxClauses int
	// Bound, when positive, gives an integer variable that the model and
	// its constraints leave without a finite bound the range
	// -Bound..Bound, or, when one side is bounded, the 2*Bound+1 values
	// from that bound (Bound is capped at 2^60). The answer
	// is then no longer complete: an unsatisfiable encoding, the last of
	// the solutions or the last of the improving solutions, says nothing
	// of the model (Solve reports Unknown or Satisfied). 0 refuses such
	// variables with an error.
	Bound int64
}

// DefaultOptions returns the options the SAT route uses when it is not
// told otherwise.
func DefaultOptions() Options {
	return Options{
		OrderLimit: DefaultOrderLimit,
		PBLimit:    DefaultPBLimit,
		TableLimit: DefaultTableLimit,
		MaxClauses: DefaultMaxClauses,
		Linear:     sat.Auto,
	}
}

// Encoding is a FlatZinc model written as CNF: the formula, and what it
// takes to read a solution back from a model of it.
type Encoding struct {
	e      *encoder
	m      *fzn.Model
	decls  []*fzn.Decl // the scalar variables, in file order
	ints   []*intVar   // ints[i] encodes decls[i]
	obj    *intVar     // the objective, nil for satisfaction
	output []*intVar   // the variables solutions differ on
	time   time.Duration
}

// Formula returns the CNF of the model (with linear constraints kept whole
// when Options.Linear is sat.Native). Variable 1 is the constant true;
// the literals of the model's variables are named after them (x>=3 for
// the order encoding, x.bit2 for the log encoding, b for a bool).
func (en *Encoding) Formula() *sat.Formula { return en.e.f }

// Exact reports whether the encoding has the model's solutions and no
// others; it is false when Options.Bound bounded a variable.
func (en *Encoding) Exact() bool { return !en.e.approx }

// Decode returns the solution of the model in a model of the formula: a
// value for every scalar variable.
func (en *Encoding) Decode(a sat.Assignment) fzn.Solution {
	s := make(fzn.Solution, len(en.decls))
	for i, d := range en.decls {
		s[d.Name] = en.ints[i].value(a)
	}
	return s
}

// Encode writes m as CNF. It stops with ctx's error when ctx ends, and
// fails with an error wrapping ErrUnsupported, naming the constraint or
// variable and its position, for a part of the model it cannot encode.
func Encode(ctx context.Context, m *fzn.Model, opts Options) (*Encoding, error) {
	start := time.Now()
	e := newEncoder(ctx, opts)
	en := &Encoding{e: e, m: m}
	bounds, err := inferBounds(m)
	if err != nil {
		return nil, err
	}
	e.used = usedDecls(m)
	if err := e.declare(m, bounds, en); err != nil {
		return nil, err
	}
	for i, c := range m.Constraints {
		if i%256 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		if err := e.post(c); err != nil {
			return nil, err
		}
		if n := e.f.NumClauses(); e.opts.MaxClauses > 0 && n > e.opts.MaxClauses {
			return nil, fmt.Errorf("%s: constraint %s: the encoding has grown to %d clauses, beyond the limit of %d (%w)",
				c.Pos, c.Name, n, e.opts.MaxClauses, ErrUnsupported)
		}
	}
	if err := e.objective(m, en); err != nil {
		return nil, err
	}
	en.time = time.Since(start)
	return en, nil
}

// encoder holds the state of one encoding.
type encoder struct {
	ctx        context.Context
	opts       Options
	orderLimit int
	f          *sat.Formula
	t          sat.Lit // the constant true
	unsat      bool    // an empty clause was written
	approx     bool    // Options.Bound bounded a variable
	vars       map[*fzn.Decl]*intVar
	consts     map[int64]*intVar
	bools      map[sat.Lit]*intVar
	sums       map[sumKey]*intVar // the auxiliary integers of pairSum
	used       map[*fzn.Decl]bool // the variables something refers to
	buf        []sat.Lit
}

func newEncoder(ctx context.Context, opts Options) *encoder {
	if opts.OrderLimit == 0 {
		opts.OrderLimit = DefaultOrderLimit
	}
	if opts.PBLimit == 0 {
		opts.PBLimit = DefaultPBLimit
	}
	if opts.TableLimit == 0 {
		opts.TableLimit = DefaultTableLimit
	}
	if opts.MaxClauses == 0 {
		opts.MaxClauses = DefaultMaxClauses
	}
	e := &encoder{
		ctx:        ctx,
		opts:       opts,
		orderLimit: max(opts.OrderLimit, 2),
		f:          sat.NewFormula(),
		vars:       make(map[*fzn.Decl]*intVar),
		consts:     make(map[int64]*intVar),
		bools:      make(map[sat.Lit]*intVar),
	}
	e.t = e.f.NewNamedVar("true")
	e.f.AddClause(e.t)
	return e
}

// declare encodes the scalar variables of m.
func (e *encoder) declare(m *fzn.Model, bounds map[*fzn.Decl]fzn.Range, en *Encoding) error {
	for _, d := range m.Decls {
		if !d.Type.Var || d.Type.Array {
			continue
		}
		var x *intVar
		err := recovered(func() (err error) {
			x, err = e.declVar(d, bounds)
			return err
		})
		if err != nil {
			return fmt.Errorf("%s: variable %s: %w", d.Pos, d.Name, err)
		}
		e.vars[d] = x
		en.decls = append(en.decls, d)
		en.ints = append(en.ints, x)
	}
	for _, d := range m.Outputs() {
		for _, x := range d.Elems() {
			if id, ok := x.(*fzn.Ident); ok && id.Decl.Type.Var {
				en.output = append(en.output, e.vars[id.Decl])
			}
		}
		if !d.Type.Array {
			en.output = append(en.output, e.vars[d])
		}
	}
	if len(m.Outputs()) == 0 {
		en.output = en.ints
	}
	return nil
}

// declVar encodes one scalar variable, with its assigned value if it has
// one.
func (e *encoder) declVar(d *fzn.Decl, bounds map[*fzn.Decl]fzn.Range) (*intVar, error) {
	switch d.Type.Elem {
	case fzn.Bool:
		if b, ok := fzn.BoolValue(d.Value); ok {
			return e.boolInt(e.constLit(b)), nil
		}
		if id, ok := d.Value.(*fzn.Ident); ok {
			return e.vars[id.Decl], nil // an alias
		}
		return e.boolInt(e.f.NewNamedVar(d.Name)), nil
	case fzn.Int:
	default:
		return nil, fmt.Errorf("%s: variable %s of type %s: %w", d.Pos, d.Name, d.Type, ErrUnsupported)
	}
	if v, ok := fzn.IntValue(d.Value); ok {
		if d.Type.Domain != nil && !d.Type.Domain.Contains(v) {
			e.clause()
		}
		return e.constant(check(v)), nil
	}
	dom, err := e.domain(d, bounds[d])
	if err != nil {
		return nil, err
	}
	x := e.newInt(d.Name, dom)
	if id, ok := d.Value.(*fzn.Ident); ok { // x = y
		e.linear([]term{{1, x}, {-1, e.vars[id.Decl]}}, opEQ, 0, e.t, hard)
	}
	return x, nil
}

// domain returns the values an int variable may take: its declared
// domain within the bounds the constraints imply. A variable without
// bounds that nothing refers to (no constraint, output or objective) may
// take any value: it gets 0.
func (e *encoder) domain(d *fzn.Decl, b fzn.Range) (*fzn.Set, error) {
	if isInf(b.Lo) || isInf(b.Hi) {
		switch {
		case !e.used[d]:
			return fzn.SetOfValues(0), nil
		case e.opts.Bound > 0:
		case d.Type.Domain != nil:
			return nil, fmt.Errorf("%s: variable %s: its domain %s reaches beyond ±2^62, which the SAT route cannot encode (%w)", d.Pos, d.Name, d.Type.Domain, ErrUnsupported)
		default:
			return nil, fmt.Errorf("%s: variable %s has no finite bounds, which the SAT route needs (%w): give it a domain", d.Pos, d.Name, ErrUnsupported)
		}
		e.approx = true
		bound := min(e.opts.Bound, limit/4)
		switch {
		case isInf(b.Lo) && isInf(b.Hi):
			b.Lo, b.Hi = -bound, bound
		case isInf(b.Lo):
			b.Lo = max(b.Hi-2*bound, -limit+1)
		default:
			b.Hi = min(b.Lo+2*bound, limit-1)
		}
	}
	dom := fzn.SetOf(b)
	if d.Type.Domain != nil {
		dom = intersect(d.Type.Domain, dom)
	}
	return dom, nil
}

// usedDecls returns the variables that a constraint, an assigned value,
// an output annotation or the objective refers to.
func usedDecls(m *fzn.Model) map[*fzn.Decl]bool {
	used := make(map[*fzn.Decl]bool)
	var mark func(x fzn.Expr)
	mark = func(x fzn.Expr) {
		switch x := x.(type) {
		case *fzn.Ident:
			used[x.Decl] = true
			if x.Decl.Type.Array {
				for _, el := range x.Decl.Elems() {
					mark(el)
				}
			}
		case *fzn.ArrayLit:
			for _, el := range x.Elems {
				mark(el)
			}
		}
	}
	for _, c := range m.Constraints {
		for _, a := range c.Args {
			mark(a)
		}
	}
	for _, d := range m.Decls {
		if id, ok := d.Value.(*fzn.Ident); ok {
			used[d] = true
			mark(id)
		}
	}
	for _, d := range m.Outputs() {
		mark(&fzn.Ident{Decl: d})
	}
	mark(m.Solve.Objective)
	return used
}

// intersect returns the values of s within the range of r.
func intersect(s, r *fzn.Set) *fzn.Set {
	if r.IsEmpty() || s.IsEmpty() {
		return fzn.SetOf()
	}
	lo, hi := r.Min(), r.Max()
	var rs []fzn.Range
	for _, x := range s.Ranges() {
		if x.Hi < lo || x.Lo > hi {
			continue
		}
		rs = append(rs, fzn.Range{Lo: max(x.Lo, lo), Hi: min(x.Hi, hi)})
	}
	return fzn.SetOf(rs...)
}

// objective finds the integer of the objective.
func (e *encoder) objective(m *fzn.Model, en *Encoding) error {
	if m.Solve.Method == fzn.Satisfy {
		return nil
	}
	var x *intVar
	err := recovered(func() (err error) {
		x, err = e.intArg(m.Solve.Objective)
		return err
	})
	if err != nil {
		return fmt.Errorf("%s: the objective: %w", m.Solve.Pos, err)
	}
	en.obj = x
	return nil
}

// recovered runs f and turns a panic of the checked arithmetic into an
// error wrapping ErrUnsupported.
func recovered(f func() error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			if p != errOverflow {
				panic(p)
			}
			err = fmt.Errorf("%w (%w)", errOverflow, ErrUnsupported)
		}
	}()
	return f()
}

// post encodes one constraint.
func (e *encoder) post(c *fzn.Constraint) error {
	if err := recovered(func() error { return e.postArgs(c) }); err != nil {
		if errors.Is(err, errOverflow) {
			return fmt.Errorf("%s: constraint %s: %w", c.Pos, c.Name, err)
		}
		return err
	}
	return nil
}

// postArgs decodes the arguments of a constraint and encodes it.
func (e *encoder) postArgs(c *fzn.Constraint) (err error) {
	h, m, ok := lookup(c.Name, len(c.Args))
	if !ok {
		what := "unknown constraint"
		if strings.HasPrefix(c.Name, "float_") || strings.Contains(c.Name, "float") {
			what = "float constraint"
		} else if strings.HasPrefix(c.Name, "set_") {
			what = "set constraint"
		}
		return fmt.Errorf("%s: %s %s: %w", c.Pos, what, c.Name, ErrUnsupported)
	}
	if m != hard && !h.reif {
		return fmt.Errorf("%s: constraint %s: the reified form of %s: %w", c.Pos, c.Name, strings.TrimSuffix(strings.TrimSuffix(c.Name, "_reif"), "_imp"), ErrUnsupported)
	}
	args, r := c.Args, e.t
	if m != hard {
		args = args[:len(args)-1]
		if r, err = e.boolArg(c.Args[len(c.Args)-1]); err != nil {
			return fmt.Errorf("%s: constraint %s: argument %d: %w", c.Pos, c.Name, len(c.Args), err)
		}
	}
	vals, err := e.decode(h.sig, args)
	if err != nil {
		return fmt.Errorf("%s: constraint %s: %w", c.Pos, c.Name, err)
	}
	if err := h.enc(e, vals, r, m); err != nil {
		return fmt.Errorf("%s: constraint %s: %w", c.Pos, c.Name, err)
	}
	return nil
}

// errWide is the error of a constraint whose domains are too large for
// the encodings the SAT route has for it.
func errWide(what string) error {
	return fmt.Errorf("%s: %w", what, ErrUnsupported)
}

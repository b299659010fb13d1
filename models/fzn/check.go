package fzn

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Solution gives the variables of a model values, by name: an int
// variable its value, a bool variable 0 (false) or 1 (true). Arrays of
// variables need no entries (their elements have them), nor do
// parameters; other names are ignored.
type Solution map[string]int64

// A Violation is the first part of a model that a solution breaks: a
// variable without a value or outside its domain, or a constraint that
// does not hold.
type Violation struct {
	Pos  Pos
	What string // "variable x" or "constraint int_le"
	Why  string // the values that break it
}

// Error returns "line:col: what does not hold: why".
func (v *Violation) Error() string {
	return v.Pos.String() + ": " + v.What + " does not hold: " + v.Why
}

// ErrCannotCheck is wrapped by the errors of Check and Objective that say
// nothing of the solution: an unknown constraint, or arguments that are
// not what the constraint takes.
var ErrCannotCheck = errors.New("cannot check")

// Check reports whether s is a solution of m: every variable has a value,
// in its domain and equal to its assigned value if it has one, and every
// constraint holds. It returns nil when it is, a *Violation naming the
// first thing that breaks when it is not, and an error wrapping
// ErrCannotCheck when it cannot tell (a constraint it does not know is
// never taken to hold).
//
// Check shares no code with any solver: it evaluates each constraint by
// the definition of the FlatZinc builtin or of the MiniZinc global
// (fzn_*) of that name, in exact arithmetic. A name ending in _reif or
// _imp stands for the reification (r <-> C) or half reification (r -> C)
// of the constraint C named by the rest, with r the last argument.
// Arrays are 1-based, as FlatZinc passes them, so fzn_circuit,
// fzn_inverse and the element constraints index from 1.
func Check(m *Model, s Solution) error {
	c := &checker{s: s}
	for _, d := range m.Decls {
		if err := c.checkDecl(d); err != nil {
			return err
		}
	}
	for _, con := range m.Constraints {
		if err := c.checkConstraint(con); err != nil {
			return err
		}
	}
	return nil
}

// Objective returns the value of m's objective in s; m must be an
// optimisation problem.
func Objective(m *Model, s Solution) (int64, error) {
	if m.Solve.Method == Satisfy || m.Solve.Objective == nil {
		return 0, fmt.Errorf("%w the objective: the model has none", ErrCannotCheck)
	}
	c := &checker{s: s}
	v, err := c.int(m.Solve.Objective)
	if err != nil {
		return 0, fmt.Errorf("%w the objective: %w", ErrCannotCheck, err)
	}
	return v, nil
}

type checker struct {
	s Solution
}

// checkDecl checks the value of a scalar variable.
func (c *checker) checkDecl(d *Decl) error {
	if !d.Type.Var || d.Type.Array {
		return nil
	}
	bad := func(format string, args ...any) error {
		return &Violation{Pos: d.Pos, What: "variable " + d.Name, Why: fmt.Sprintf(format, args...)}
	}
	v, ok := c.s[d.Name]
	switch {
	case !ok:
		return bad("it has no value")
	case d.Type.Elem == Bool && v != 0 && v != 1:
		return bad("%s = %d is not a bool (0 or 1)", d.Name, v)
	case d.Type.Elem == Int && d.Type.Domain != nil && !d.Type.Domain.Contains(v):
		return bad("%s = %d is not in its domain %s", d.Name, v, d.Type.Domain)
	case d.Type.Elem != Bool && d.Type.Elem != Int:
		return fmt.Errorf("%s: %w variable %s of type %s", d.Pos, ErrCannotCheck, d.Name, d.Type)
	}
	if d.Value == nil {
		return nil
	}
	want, err := c.scalar(d.Value, d.Type.Elem)
	if err != nil {
		return fmt.Errorf("%s: %w variable %s: %w", d.Pos, ErrCannotCheck, d.Name, err)
	}
	if v != want {
		return bad("%s = %s differs from its assigned value %s = %s",
			d.Name, text(d.Type.Elem, v), Format(d.Value), text(d.Type.Elem, want))
	}
	return nil
}

// text formats v as a value of type el.
func text(el Elem, v int64) string {
	if el == Bool {
		return strconv.FormatBool(v != 0)
	}
	return strconv.FormatInt(v, 10)
}

// checkConstraint evaluates one constraint.
func (c *checker) checkConstraint(con *Constraint) error {
	holds, err := c.eval(con.Name, con.Args)
	if err != nil {
		return fmt.Errorf("%s: %w constraint %s: %w", con.Pos, ErrCannotCheck, con.Name, err)
	}
	if !holds {
		return &Violation{Pos: con.Pos, What: "constraint " + con.Name, Why: c.explain(con)}
	}
	return nil
}

// Knows reports whether Check knows the constraint name with n
// arguments: a FlatZinc builtin or a global it defines, or the _reif or
// _imp form of one. Check says ErrCannotCheck of any other, so a model
// whose constraints it knows can be judged, FlatZinc written for another
// solver's library (gecode_*) not always.
func Knows(name string, n int) bool {
	if b, ok := lookup(name, n); ok && len(b.sig) == n {
		return true
	}
	for _, suffix := range []string{"_reif", "_imp"} {
		if base, cut := strings.CutSuffix(name, suffix); cut && n > 0 {
			if b, ok := lookup(base, n-1); ok && len(b.sig) == n-1 {
				return true
			}
		}
	}
	return false
}

// eval evaluates the constraint name(args...).
func (c *checker) eval(name string, args []Expr) (bool, error) {
	if b, ok := lookup(name, len(args)); ok {
		return c.apply(b, args)
	}
	for _, suffix := range []string{"_reif", "_imp"} {
		base, cut := strings.CutSuffix(name, suffix)
		if !cut || len(args) == 0 {
			continue
		}
		b, ok := lookup(base, len(args)-1)
		if !ok {
			continue
		}
		r, err := c.bool(args[len(args)-1])
		if err != nil {
			return false, fmt.Errorf("argument %d: %w", len(args), err)
		}
		if suffix == "_imp" && !r {
			return true, nil
		}
		holds, err := c.apply(b, args[:len(args)-1])
		return holds == r, err
	}
	return false, errors.New("unknown predicate")
}

// apply decodes args by b's signature and evaluates b.
func (c *checker) apply(b builtin, args []Expr) (bool, error) {
	if len(args) != len(b.sig) {
		return false, fmt.Errorf("want %d arguments, found %d", len(b.sig), len(args))
	}
	vals := make([]arg, len(args))
	for i, e := range args {
		var err error
		switch b.sig[i] {
		case 'i':
			vals[i].i, err = c.int(e)
		case 'b':
			vals[i].i, err = c.scalar(e, Bool)
		case 's':
			vals[i].s, err = c.set(e)
		case 'I':
			vals[i].is, err = c.array(e, Int)
		case 'B':
			vals[i].is, err = c.array(e, Bool)
		}
		if err != nil {
			return false, fmt.Errorf("argument %d: %w", i+1, err)
		}
	}
	return b.check(vals)
}

// maxExplain bounds the length of a Violation's Why.
const maxExplain = 300

// explain writes the constraint with each variable replaced by its value.
func (c *checker) explain(con *Constraint) string {
	b := append([]byte(con.Name), '(')
	for i, a := range con.Args {
		if i > 0 {
			b = append(b, ',')
		}
		b = c.appendValue(b, a)
		if len(b) > maxExplain {
			break
		}
	}
	b = append(b, ')')
	if len(b) > maxExplain {
		b = append(b[:maxExplain], "..."...)
	}
	return string(b)
}

func (c *checker) appendValue(b []byte, e Expr) []byte {
	switch e := e.(type) {
	case *Ident:
		if e.Decl.Type.Var && !e.Decl.Type.Array {
			return append(b, text(e.Decl.Type.Elem, c.s[e.Decl.Name])...)
		}
		if e.Decl.Type.Array {
			return c.appendValue(b, e.Decl.Value)
		}
		return AppendExpr(b, e.Decl.Value)
	case *ArrayLit:
		b = append(b, '[')
		for i, x := range e.Elems {
			if i > 0 {
				b = append(b, ',')
			}
			b = c.appendValue(b, x)
			if len(b) > maxExplain {
				break
			}
		}
		return append(b, ']')
	}
	return AppendExpr(b, e)
}

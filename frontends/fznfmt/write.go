package fznfmt

import (
	"bufio"
	"fmt"
	"io"
	"math"

	"github.com/waterworks-solver/waterworks/models/fzn"
)

// Write prints m as canonical FlatZinc: the predicate declarations, the
// declarations in their order, the constraints and the solve item, one item
// a line, with no comments. It refuses a model that no reader would read
// back the same: a name that is not an identifier, a missing value, a
// float that is infinite or NaN.
func Write(w io.Writer, m *fzn.Model) error {
	pw := &printer{w: bufio.NewWriter(w)}
	for _, pr := range m.Predicates {
		pw.predicate(pr)
	}
	for _, d := range m.Decls {
		pw.decl(d)
	}
	for _, c := range m.Constraints {
		pw.constraint(c)
	}
	pw.solve(&m.Solve)
	if pw.err != nil {
		return pw.err
	}
	return pw.w.Flush()
}

// printer writes items, remembering the first problem.
type printer struct {
	w   *bufio.Writer
	buf []byte
	err error
}

// line writes buf as one line and empties it.
func (pw *printer) line() {
	pw.buf = append(pw.buf, '\n')
	if _, err := pw.w.Write(pw.buf); err != nil && pw.err == nil {
		pw.err = err
	}
	pw.buf = pw.buf[:0]
}

func (pw *printer) fail(format string, args ...any) {
	if pw.err == nil {
		pw.err = fmt.Errorf("fznfmt: cannot write "+format, args...)
	}
}

// name appends an identifier, checking that it is one.
func (pw *printer) name(s string) {
	if !isIdent(s) {
		pw.fail("the name %q: not a FlatZinc identifier", s)
	}
	pw.buf = append(pw.buf, s...)
}

func isIdent(s string) bool {
	if s == "" || reserved[s] {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := int(s[i])
		if !(isLetter(c) || c == '_' || i > 0 && isDigit(c)) {
			return false
		}
	}
	return true
}

func (pw *printer) predicate(pr *fzn.Predicate) {
	pw.buf = append(pw.buf, "predicate "...)
	pw.name(pr.Name)
	pw.buf = append(pw.buf, '(')
	for i, par := range pr.Params {
		if i > 0 {
			pw.buf = append(pw.buf, ',')
		}
		pw.typ(par.Type)
		pw.buf = append(pw.buf, ": "...)
		pw.name(par.Name)
	}
	pw.buf = append(pw.buf, ");"...)
	pw.line()
}

func (pw *printer) typ(t fzn.Type) {
	if d := t.FloatDomain; d != nil && !finite(d.Lo, d.Hi) {
		pw.fail("the float domain %v..%v", d.Lo, d.Hi)
	}
	pw.buf = t.Append(pw.buf)
}

func finite(fs ...float64) bool {
	for _, f := range fs {
		if math.IsInf(f, 0) || math.IsNaN(f) {
			return false
		}
	}
	return true
}

func (pw *printer) decl(d *fzn.Decl) {
	pw.typ(d.Type)
	pw.buf = append(pw.buf, ": "...)
	pw.name(d.Name)
	pw.anns(d.Anns)
	if d.Value != nil {
		pw.buf = append(pw.buf, " = "...)
		pw.expr(d.Value)
	} else if !d.Type.Var || d.Type.Array {
		pw.fail("%s: it has no value", d.Name)
	}
	pw.buf = append(pw.buf, ';')
	pw.line()
}

func (pw *printer) constraint(c *fzn.Constraint) {
	pw.buf = append(pw.buf, "constraint "...)
	pw.name(c.Name)
	pw.buf = append(pw.buf, '(')
	for i, e := range c.Args {
		if i > 0 {
			pw.buf = append(pw.buf, ',')
		}
		pw.expr(e)
	}
	pw.buf = append(pw.buf, ')')
	pw.anns(c.Anns)
	pw.buf = append(pw.buf, ';')
	pw.line()
}

func (pw *printer) solve(s *fzn.Solve) {
	pw.buf = append(pw.buf, "solve"...)
	pw.anns(s.Anns)
	pw.buf = append(pw.buf, ' ')
	pw.buf = append(pw.buf, s.Method.String()...)
	if s.Method != fzn.Satisfy {
		pw.buf = append(pw.buf, ' ')
		pw.expr(s.Objective)
	}
	pw.buf = append(pw.buf, ';')
	pw.line()
}

func (pw *printer) anns(anns []*fzn.Annotation) {
	for _, a := range anns {
		pw.buf = append(pw.buf, " :: "...)
		pw.expr(a)
	}
}

// expr appends e after checking the names and floats in it.
func (pw *printer) expr(e fzn.Expr) {
	pw.check(e)
	pw.buf = fzn.AppendExpr(pw.buf, e)
}

func (pw *printer) check(e fzn.Expr) {
	switch e := e.(type) {
	case nil:
		pw.fail("a missing expression")
	case *fzn.FloatLit:
		if !finite(e.Value) {
			pw.fail("the float %v", e.Value)
		}
	case *fzn.Ident:
		if !isIdent(e.Decl.Name) {
			pw.fail("the name %q: not a FlatZinc identifier", e.Decl.Name)
		}
	case *fzn.ArrayLit:
		for _, x := range e.Elems {
			pw.check(x)
		}
	case *fzn.Annotation:
		if !isIdent(e.Name) {
			pw.fail("the annotation %q: not a FlatZinc identifier", e.Name)
		}
		for _, x := range e.Args {
			pw.check(x)
		}
	}
}

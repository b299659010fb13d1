package fznfmt

import (
	"math"
	"math/bits"

	"github.com/waterworks-solver/waterworks/models/fzn"
)

// checkDecl reports a declaration whose value or output annotation does
// not fit its type.
func (p *parser) checkDecl(d *fzn.Decl) {
	t := &d.Type
	switch {
	case d.Value == nil && (!t.Var || t.Array):
		what := "parameter"
		if t.Var {
			what = "array of variables"
		}
		p.errorf(d.Pos, "the %s %s has no value", what, d.Name)
	case d.Value != nil && t.Array:
		p.checkArrayValue(d)
	case d.Value != nil:
		p.checkElem(d, d.Value, t.Var)
	}
	for _, a := range d.Anns {
		p.checkOutputAnn(d, a)
	}
}

// checkArrayValue checks the array literal of an array declaration.
func (p *parser) checkArrayValue(d *fzn.Decl) {
	a, ok := d.Value.(*fzn.ArrayLit)
	if !ok {
		p.errorf(d.Value.Position(), "%s: want an array literal, found %s", d.Name, fzn.Format(d.Value))
		return
	}
	if len(a.Elems) != d.Type.Len {
		p.errorf(a.Pos, "%s has %d elements, but its type says %d", d.Name, len(a.Elems), d.Type.Len)
		return
	}
	for _, e := range a.Elems {
		if !p.checkElem(d, e, d.Type.Var) {
			return
		}
	}
}

// checkElem reports a value e of declaration d that is not of d's element
// type: a literal, or when names are allowed (for variables), the name of
// a scalar of that type. A nil e has been reported already.
func (p *parser) checkElem(d *fzn.Decl, e fzn.Expr, names bool) bool {
	if e == nil {
		return true
	}
	want := d.Type.Elem
	if x, ok := e.(*fzn.Ident); ok {
		switch {
		case !names:
			p.errorf(e.Position(), "%s: a parameter's value must be a literal, not the name %s", d.Name, x.Name())
		case x.Decl.Type.Array:
			p.errorf(e.Position(), "%s: want a value of type %s, found the array %s", d.Name, want, x.Name())
		case x.Decl.Type.Elem != want:
			p.errorf(e.Position(), "%s: want a value of type %s, found %s of type %s", d.Name, want, x.Name(), x.Decl.Type.Elem)
		default:
			return true
		}
		return false
	}
	if el, ok := fzn.ElemOf(e); !ok || el != want {
		p.errorf(e.Position(), "%s: want a value of type %s, found %s", d.Name, want, fzn.Format(e))
		return false
	}
	return true
}

// checkOutputAnn reports a malformed output_var or output_array.
func (p *parser) checkOutputAnn(d *fzn.Decl, a *fzn.Annotation) {
	t := &d.Type
	switch a.Name {
	case "output_var":
		if !t.Var || t.Array || a.Args != nil {
			p.errorf(a.Pos, "output_var belongs on a scalar variable and takes no arguments (on %s)", d.Name)
		}
	case "output_array":
		dims, ok := fzn.OutputDims(a)
		switch {
		case !t.Var || !t.Array:
			p.errorf(a.Pos, "output_array belongs on an array of variables (on %s)", d.Name)
		case !ok:
			p.errorf(a.Pos, "want output_array([lo..hi, ...]) with one or more ranges, found %s", fzn.Format(a))
		case !sizeIs(dims, t.Len):
			p.errorf(a.Pos, "the index sets of %s do not hold the %d elements of %s", fzn.Format(a), t.Len, d.Name)
		}
	}
}

// sizeIs reports whether the product of the sizes of dims is n.
func sizeIs(dims []fzn.Range, n int) bool {
	prod := uint64(1)
	for _, r := range dims {
		hi, lo := bits.Mul64(prod, r.Len())
		if hi != 0 || lo > math.MaxInt64 {
			return false
		}
		prod = lo
	}
	return prod == uint64(n)
}

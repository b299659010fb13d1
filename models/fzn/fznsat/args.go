package fznsat

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/waterworks-solver/waterworks/models/fzn"
	"github.com/waterworks-solver/waterworks/sat"
)

// handler encodes one kind of constraint.
type handler struct {
	// sig has a letter per argument: i int, b bool, s set of int, c int
	// parameter, I array of int, B array of bool, C array of int
	// parameters.
	sig string
	// enc posts the constraint in mode m with literal r (true when hard).
	enc func(e *encoder, a []arg, r sat.Lit, m mode) error
	// reif tells that enc takes every mode; otherwise only hard.
	reif bool
}

// arg is a decoded argument.
type arg struct {
	x  *intVar
	l  sat.Lit
	s  *fzn.Set
	c  int64
	xs []*intVar
	ls []sat.Lit
	cs []int64
}

// lookup finds the handler of a constraint name with n arguments, and the
// mode its name asks for: name_reif and name_imp are the reified and half
// reified forms of name, with one more argument.
func lookup(name string, n int) (handler, mode, bool) {
	if h, ok := handlerOf(name, n); ok {
		return h, hard, true
	}
	for _, s := range [...]struct {
		suffix string
		m      mode
	}{{"_reif", reif}, {"_imp", imp}} {
		base, cut := strings.CutSuffix(name, s.suffix)
		if !cut || n == 0 {
			continue
		}
		if h, ok := handlerOf(base, n-1); ok {
			return h, s.m, true
		}
	}
	return handler{}, hard, false
}

// handlerOf finds the handler of name with n arguments; a name of
// several arities (bool_xor) has entries "name/n".
func handlerOf(name string, n int) (handler, bool) {
	if h, ok := handlers[name+"/"+strconv.Itoa(n)]; ok {
		return h, true
	}
	h, ok := handlers[name]
	return h, ok && len(h.sig) == n
}

// decode decodes the arguments of a constraint by the signature.
func (e *encoder) decode(sig string, args []fzn.Expr) ([]arg, error) {
	out := make([]arg, len(args))
	for i, x := range args {
		var err error
		a := &out[i]
		switch sig[i] {
		case 'i':
			a.x, err = e.intArg(x)
		case 'b':
			a.l, err = e.boolArg(x)
		case 's':
			var ok bool
			if a.s, ok = fzn.SetValue(x); !ok {
				err = fmt.Errorf("want a set of int, found %s", fzn.Format(x))
			}
		case 'c':
			a.c, err = e.constArg(x)
		case 'I':
			a.xs, err = each(x, e.intArg)
		case 'B':
			a.ls, err = each(x, e.boolArg)
		case 'C':
			a.cs, err = each(x, e.constArg)
		}
		if err != nil {
			return nil, fmt.Errorf("argument %d: %w", i+1, err)
		}
	}
	return out, nil
}

// each decodes the elements of an array argument.
func each[T any](x fzn.Expr, f func(fzn.Expr) (T, error)) ([]T, error) {
	elems, ok := fzn.Array(x)
	if !ok {
		return nil, fmt.Errorf("want an array, found %s", fzn.Format(x))
	}
	out := make([]T, len(elems))
	for i, el := range elems {
		v, err := f(el)
		if err != nil {
			return nil, fmt.Errorf("element %d: %w", i+1, err)
		}
		out[i] = v
	}
	return out, nil
}

// intArg returns the integer of an int expression.
func (e *encoder) intArg(x fzn.Expr) (*intVar, error) {
	if v, ok := fzn.IntValue(x); ok {
		return e.constant(check(v)), nil
	}
	if id, ok := x.(*fzn.Ident); ok && id.Decl.Type.Var && !id.Decl.Type.Array && id.Decl.Type.Elem == fzn.Int {
		return e.vars[id.Decl], nil
	}
	return nil, fmt.Errorf("want an int, found %s", fzn.Format(x))
}

// boolArg returns the literal of a bool expression.
func (e *encoder) boolArg(x fzn.Expr) (sat.Lit, error) {
	if b, ok := fzn.BoolValue(x); ok {
		return e.constLit(b), nil
	}
	if id, ok := x.(*fzn.Ident); ok && id.Decl.Type.Var && !id.Decl.Type.Array && id.Decl.Type.Elem == fzn.Bool {
		return e.litOf(e.vars[id.Decl]), nil
	}
	return 0, fmt.Errorf("want a bool, found %s", fzn.Format(x))
}

// constArg returns the value of an int parameter or of a fixed variable.
func (e *encoder) constArg(x fzn.Expr) (int64, error) {
	xi, err := e.intArg(x)
	if err != nil {
		return 0, err
	}
	if v, ok := xi.fixed(); ok {
		return v, nil
	}
	return 0, fmt.Errorf("want a fixed int, found the variable %s (%w)", fzn.Format(x), ErrUnsupported)
}

// litOf returns the literal of a 0..1 integer: [x >= 1].
func (e *encoder) litOf(x *intVar) sat.Lit { return e.ge(x, 1) }

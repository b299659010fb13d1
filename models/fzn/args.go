package fzn

import (
	"fmt"
	"strconv"
)

// arg is a decoded argument of a constraint.
type arg struct {
	i  int64   // an int, or a bool as 0 or 1
	is []int64 // an array of ints, or of bools as 0 or 1
	s  *Set
}

// builtin is a constraint the checker knows.
type builtin struct {
	// sig has one letter an argument: i int, b bool, s set of int,
	// I array of int, B array of bool.
	sig string
	// check evaluates the constraint; it returns an error when the
	// arguments are malformed (arrays of the wrong lengths, say).
	check func(a []arg) (bool, error)
}

// lookup finds the builtin name; when its arity is not n, an entry
// "name/n" for a name of several arities (bool_xor/2) comes first.
func lookup(name string, n int) (builtin, bool) {
	b, ok := builtins[name]
	if !ok {
		b, ok = globals[name]
	}
	if ok && len(b.sig) != n {
		if alt, found := builtins[name+"/"+strconv.Itoa(n)]; found {
			return alt, true
		}
	}
	return b, ok
}

// scalar returns the value of a scalar expression of type el (Int or
// Bool, as 0 or 1): a literal, a parameter or a variable of s.
func (c *checker) scalar(e Expr, el Elem) (int64, error) {
	switch e := e.(type) {
	case *IntLit:
		if el == Int {
			return e.Value, nil
		}
	case *BoolLit:
		if el == Bool {
			return b2i(e.Value), nil
		}
	case *Ident:
		d := e.Decl
		if d.Type.Array || d.Type.Elem != el {
			break
		}
		if !d.Type.Var {
			return c.scalar(d.Value, el)
		}
		v, ok := c.s[d.Name]
		if !ok {
			return 0, fmt.Errorf("%s has no value", d.Name)
		}
		return v, nil
	}
	if e == nil {
		return 0, fmt.Errorf("want %s, found nothing", el)
	}
	return 0, fmt.Errorf("want %s, found %s", el, Format(e))
}

func (c *checker) int(e Expr) (int64, error) { return c.scalar(e, Int) }

func (c *checker) bool(e Expr) (bool, error) {
	v, err := c.scalar(e, Bool)
	return v != 0, err
}

func (c *checker) set(e Expr) (*Set, error) {
	if s, ok := SetValue(e); ok {
		return s, nil
	}
	return nil, fmt.Errorf("want a set of int, found %s", Format(e))
}

// array returns the values of an array of type el.
func (c *checker) array(e Expr, el Elem) ([]int64, error) {
	elems, ok := Array(e)
	if !ok {
		return nil, fmt.Errorf("want an array of %s, found %s", el, Format(e))
	}
	vs := make([]int64, len(elems))
	for i, x := range elems {
		v, err := c.scalar(x, el)
		if err != nil {
			return nil, fmt.Errorf("element %d: %w", i+1, err)
		}
		vs[i] = v
	}
	return vs, nil
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

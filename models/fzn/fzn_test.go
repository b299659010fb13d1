package fzn

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestTypeString(t *testing.T) {
	dom := SetOf(Range{1, 5})
	tests := []struct {
		t    Type
		want string
	}{
		{Type{Elem: Bool}, "bool"},
		{Type{Elem: Int, Var: true}, "var int"},
		{Type{Elem: Int, Var: true, Domain: dom}, "var 1..5"},
		{Type{Elem: Int, Var: true, Domain: SetOfValues(1, 3)}, "var {1,3}"},
		{Type{Elem: Int, Domain: dom}, "1..5"},
		{Type{Elem: Float}, "float"},
		{Type{Elem: Float, Var: true, FloatDomain: &FloatRange{0, 1.5}}, "var 0.0..1.5"},
		{Type{Elem: IntSet}, "set of int"},
		{Type{Elem: IntSet, Var: true, Domain: dom}, "var set of 1..5"},
		{Type{Elem: Int, Array: true, Len: 3}, "array [1..3] of int"},
		{Type{Elem: Int, Array: true, Len: 0, Var: true}, "array [1..0] of var int"},
		{Type{Elem: Bool, Array: true, Len: AnyLen, Var: true}, "array [int] of var bool"},
		{Type{Elem: Int, Array: true, Len: AnyLen, Dims: 2}, "array [int,int] of int"},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, tc.t.String())
	}
}

func TestFormat(t *testing.T) {
	x := &Decl{Name: "x", Type: Type{Elem: Int, Var: true}}
	tests := []struct {
		e    Expr
		want string
	}{
		{&IntLit{Value: -3}, "-3"},
		{&BoolLit{Value: true}, "true"},
		{&FloatLit{Value: 3}, "3.0"},
		{&FloatLit{Value: -0.25}, "-0.25"},
		{&FloatLit{Value: 1e21}, "1e+21"},
		{&FloatLit{Value: 1e-7}, "1e-07"},
		{&FloatLit{Value: math.Inf(1)}, "+Inf"},
		{&SetLit{Set: SetOf()}, "1..0"},
		{&StringLit{Value: "a\"\\\n\t\r"}, `"a\"\\\n\t\r"`},
		{&Ident{Decl: x}, "x"},
		{&ArrayLit{Elems: []Expr{&Ident{Decl: x}, &IntLit{Value: 1}}}, "[x,1]"},
		{&ArrayLit{}, "[]"},
		{&Annotation{Name: "atom"}, "atom"},
		{&Annotation{Name: "empty", Args: []Expr{}}, "empty"},
		{&Annotation{Name: "f", Args: []Expr{&Annotation{Name: "g"}, &StringLit{Value: "s"}}}, `f(g,"s")`},
		{nil, "<nil>"},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, Format(tc.e))
	}
}

// TestResolve checks the helpers that tell literals from variables.
func TestResolve(t *testing.T) {
	m := &Model{}
	n := &Decl{Name: "n", Type: Type{Elem: Int}, Value: &IntLit{Value: 4}}
	b := &Decl{Name: "b", Type: Type{Elem: Bool}, Value: &BoolLit{Value: true}}
	s := &Decl{Name: "s", Type: Type{Elem: IntSet}, Value: &SetLit{Set: SetOfValues(2)}}
	x := &Decl{Name: "x", Type: Type{Elem: Int, Var: true}}
	xs := &Decl{Name: "xs", Type: Type{Elem: Int, Var: true, Array: true, Len: 2},
		Value: &ArrayLit{Elems: []Expr{&Ident{Decl: x}, &IntLit{Value: 2}}}}
	for _, d := range []*Decl{n, b, s, x, xs} {
		assert.True(t, m.Declare(d))
	}
	assert.False(t, m.Declare(&Decl{Name: "n"}), "a second n")
	assert.Equal(t, 4, xs.Index)
	assert.Same(t, x, m.Lookup("x"))
	assert.Nil(t, m.Lookup("y"))

	use := func(d *Decl) Expr { return &Ident{Decl: d} }
	v, ok := IntValue(use(n))
	assert.True(t, ok)
	assert.Equal(t, int64(4), v)
	_, ok = IntValue(use(x))
	assert.False(t, ok, "a variable has no value")
	bv, ok := BoolValue(use(b))
	assert.True(t, ok && bv)
	sv, ok := SetValue(use(s))
	assert.True(t, ok)
	assert.Equal(t, "2..2", sv.String())
	assert.True(t, IsVar(use(x)))
	assert.True(t, IsVar(use(xs)))
	assert.False(t, IsVar(use(n)))
	assert.False(t, IsVar(&IntLit{}))
	elems, ok := Array(use(xs))
	assert.True(t, ok)
	assert.Len(t, elems, 2)
	_, ok = Array(use(x))
	assert.False(t, ok)
	el, ok := ElemOf(use(b))
	assert.True(t, ok)
	assert.Equal(t, Bool, el)
	_, ok = ElemOf(use(xs))
	assert.False(t, ok, "an array has no element type as a scalar")
	assert.Equal(t, n.Value, Resolve(use(n)))
}

func TestOutput(t *testing.T) {
	d := &Decl{Name: "xs", Type: Type{Elem: Int, Var: true, Array: true, Len: 6}, Anns: []*Annotation{
		{Name: "output_array", Args: []Expr{&ArrayLit{Elems: []Expr{
			&SetLit{Set: SetOf(Range{1, 2})}, &SetLit{Set: SetOf(Range{0, 2})}}}}},
	}}
	dims, ok := d.Output()
	assert.True(t, ok)
	assert.Equal(t, []Range{{1, 2}, {0, 2}}, dims)
	x := &Decl{Name: "x", Type: Type{Elem: Int, Var: true}, Anns: []*Annotation{{Name: "output_var"}}}
	dims, ok = x.Output()
	assert.True(t, ok)
	assert.Nil(t, dims)
	y := &Decl{Name: "y", Type: Type{Elem: Int, Var: true}}
	_, ok = y.Output()
	assert.False(t, ok)
	m := &Model{}
	m.Declare(y)
	m.Declare(d)
	m.Declare(x)
	assert.Equal(t, []*Decl{d, x}, m.Outputs())
	assert.Equal(t, "3:7", Pos{3, 7}.String())
	assert.Equal(t, "-", Pos{}.String())
}

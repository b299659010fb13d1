package fzn

import (
	"math"
	"strconv"
)

// Expr is an expression: a literal, a name, an array literal, or, in
// annotation arguments only, a string or an annotation. The concrete types
// are *BoolLit, *IntLit, *FloatLit, *SetLit, *StringLit, *Ident, *ArrayLit
// and *Annotation.
type Expr interface {
	Position() Pos
	exprNode()
}

// BoolLit is true or false.
type BoolLit struct {
	Pos
	Value bool
}

// IntLit is an integer literal.
type IntLit struct {
	Pos
	Value int64
}

// FloatLit is a float literal; its Value is finite.
type FloatLit struct {
	Pos
	Value float64
}

// SetLit is a set of integers, written lo..hi or {v1, ..., vn}.
type SetLit struct {
	Pos
	Set *Set
}

// StringLit is a string, which only annotation arguments may hold. Value is
// the string with its escapes decoded.
type StringLit struct {
	Pos
	Value string
}

// Ident is a use of a declared name.
type Ident struct {
	Pos
	Decl *Decl
}

// Name returns the name used.
func (x *Ident) Name() string { return x.Decl.Name }

// ArrayLit is an array literal [e1, ..., en].
type ArrayLit struct {
	Pos
	Elems []Expr
}

// Annotation is `name` or `name(args)`, on a declaration, a constraint or
// the solve item, or as the argument of another annotation. Args is nil
// for an atom such as first_fail.
type Annotation struct {
	Pos
	Name string
	Args []Expr
}

func (*BoolLit) exprNode()    {}
func (*IntLit) exprNode()     {}
func (*FloatLit) exprNode()   {}
func (*SetLit) exprNode()     {}
func (*StringLit) exprNode()  {}
func (*Ident) exprNode()      {}
func (*ArrayLit) exprNode()   {}
func (*Annotation) exprNode() {}

// IsVar reports whether e names a variable (or an array of variables).
func IsVar(e Expr) bool {
	x, ok := e.(*Ident)
	return ok && x.Decl.Type.Var
}

// Resolve returns the value of a parameter that e names, and e itself
// otherwise: literals stay literals, variables stay *Idents.
func Resolve(e Expr) Expr {
	if x, ok := e.(*Ident); ok && !x.Decl.Type.Var {
		return x.Decl.Value
	}
	return e
}

// ElemOf returns the element type of a scalar expression: of a literal, or
// of the declaration that an *Ident names. It returns false for arrays,
// strings and annotations.
func ElemOf(e Expr) (Elem, bool) {
	switch e := e.(type) {
	case *BoolLit:
		return Bool, true
	case *IntLit:
		return Int, true
	case *FloatLit:
		return Float, true
	case *SetLit:
		return IntSet, true
	case *Ident:
		if !e.Decl.Type.Array {
			return e.Decl.Type.Elem, true
		}
	}
	return 0, false
}

// Array returns the elements of an array literal or of the array that an
// *Ident names, and false for anything else.
func Array(e Expr) ([]Expr, bool) {
	switch e := e.(type) {
	case *ArrayLit:
		return e.Elems, true
	case *Ident:
		if e.Decl.Type.Array {
			return e.Decl.Elems(), true
		}
	}
	return nil, false
}

// IntValue returns the value of an integer literal or of a scalar int
// parameter, and false for anything else (variables included).
func IntValue(e Expr) (int64, bool) {
	l, ok := Resolve(e).(*IntLit)
	if !ok {
		return 0, false
	}
	return l.Value, true
}

// BoolValue returns the value of a bool literal or of a scalar bool
// parameter, and false for anything else (variables included).
func BoolValue(e Expr) (value, ok bool) {
	l, ok := Resolve(e).(*BoolLit)
	if !ok {
		return false, false
	}
	return l.Value, true
}

// SetValue returns the value of a set literal or of a scalar set
// parameter, and false for anything else.
func SetValue(e Expr) (*Set, bool) {
	l, ok := Resolve(e).(*SetLit)
	if !ok {
		return nil, false
	}
	return l.Set, true
}

// Format returns e in FlatZinc syntax.
func Format(e Expr) string { return string(AppendExpr(nil, e)) }

// AppendExpr appends e in FlatZinc syntax to dst: the canonical form that
// frontends/fznfmt writes, arrays without spaces ([1,2]), sets as lo..hi
// when they are one interval, floats with a '.' or an exponent, strings
// with \\, \", \n, \r and \t escaped.
func AppendExpr(dst []byte, e Expr) []byte {
	switch e := e.(type) {
	case *BoolLit:
		return strconv.AppendBool(dst, e.Value)
	case *IntLit:
		return strconv.AppendInt(dst, e.Value, 10)
	case *FloatLit:
		return AppendFloat(dst, e.Value)
	case *SetLit:
		return e.Set.Append(dst)
	case *StringLit:
		return appendString(dst, e.Value)
	case *Ident:
		return append(dst, e.Decl.Name...)
	case *ArrayLit:
		return appendList(append(dst, '['), e.Elems, ']')
	case *Annotation:
		dst = append(dst, e.Name...)
		if len(e.Args) == 0 {
			return dst
		}
		return appendList(append(dst, '('), e.Args, ')')
	case nil:
		return append(dst, "<nil>"...)
	}
	panic("fzn: unknown expression type")
}

func appendList(dst []byte, es []Expr, end byte) []byte {
	for i, e := range es {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = AppendExpr(dst, e)
	}
	return append(dst, end)
}

// AppendFloat appends f as a FlatZinc float literal: the shortest decimal
// that reads back as f, with ".0" added when it would otherwise look like
// an integer. Infinities and NaN have no FlatZinc literal; they come out as
// Go writes them, which no FlatZinc reader accepts.
func AppendFloat(dst []byte, f float64) []byte {
	start := len(dst)
	dst = strconv.AppendFloat(dst, f, 'g', -1, 64)
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return dst
	}
	for _, c := range dst[start:] {
		if c == '.' || c == 'e' {
			return dst
		}
	}
	return append(dst, ".0"...)
}

func appendString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"', '\\':
			dst = append(dst, '\\', c)
		case '\n':
			dst = append(dst, '\\', 'n')
		case '\r':
			dst = append(dst, '\\', 'r')
		case '\t':
			dst = append(dst, '\\', 't')
		default:
			dst = append(dst, c)
		}
	}
	return append(dst, '"')
}

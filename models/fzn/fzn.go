// Package fzn is the data model of a FlatZinc file: plain Go values for
// its predicate declarations, parameters, variables, constraints and solve
// item, each with the position where it was written, plus an independent
// checker of solutions (Check) and the value of the objective (Objective).
//
// The package neither reads nor writes files; frontends/fznfmt does. A
// Model that the reader returns keeps these promises (the invariants):
//
//   - Decls holds every parameter and variable in file order, and each
//     Decl's Index is its place there. Names are unique, and a name is
//     declared before it is used (annotation arguments aside, see below).
//   - Every *Ident points at a Decl of the same Model.
//   - A parameter always has a Value of its type: a literal, or for an
//     array an *ArrayLit of Len literals. A scalar variable has no Value,
//     or a literal of its type, or an *Ident of a scalar declaration of its
//     element type (an alias). An array of variables always has an
//     *ArrayLit of Len elements, each a literal or an *Ident of a scalar
//     declaration of its element type.
//   - An *ArrayLit in a constraint argument or a declaration holds only
//     literals and *Idents of scalar declarations, all of one element type;
//     arrays do not nest there. Only annotation arguments may hold
//     *StringLit, nested arrays and *Annotation values.
//   - No variable is a float or a set variable: the reader refuses them.
//     Parameters may be floats and sets of integers.
//   - Integer values fit in int64, which is Go's int (cp's value type) on
//     the 64-bit platforms cp runs on; the reader refuses a literal beyond
//     it, with its position. It does not bound the width of a domain, which
//     minizinc -c writes as wide as 0..10^9 or leaves unbounded
//     (Type.Domain nil): cp.NewVar takes at most 2^24 values, so a builder
//     must handle wider domains itself.
//   - A variable domain may be empty (`var {}`, `var 3..1`): the model has
//     no solution.
//   - Output annotations are well formed: output_var only on scalar
//     variables, output_array([r1, ..., rn]) only on arrays of variables,
//     with n >= 1 ranges whose sizes multiply to the array's length.
//   - An identifier in an annotation argument is an *Ident when it names a
//     declaration made before the annotation, and otherwise an atom (an
//     *Annotation without arguments), such as first_fail.
//
// Positions are 1-based lines and byte columns (saturating at 2^31-1, in
// files of more than 2 GB). Two models are the same
// FlatZinc when they have the same declarations, constraints and solve
// item, positions aside.
package fzn

import "strconv"

// Pos is a position in a FlatZinc text: 1-based line and byte column.
// The zero Pos means "no position" (for values made by code).
type Pos struct {
	Line, Col int32
}

// Position returns p; every node of the model embeds a Pos, so every node
// has this method.
func (p Pos) Position() Pos { return p }

// String returns "line:col", or "-" for the zero Pos.
func (p Pos) String() string {
	if p.Line == 0 {
		return "-"
	}
	return strconv.Itoa(int(p.Line)) + ":" + strconv.Itoa(int(p.Col))
}

// Elem is the type of one value: bool, int, float or set of int.
type Elem uint8

// The element types.
const (
	Bool Elem = iota + 1
	Int
	Float
	IntSet // set of int
)

// String returns the FlatZinc spelling of e.
func (e Elem) String() string {
	switch e {
	case Bool:
		return "bool"
	case Int:
		return "int"
	case Float:
		return "float"
	case IntSet:
		return "set of int"
	}
	return "Elem(" + strconv.Itoa(int(e)) + ")"
}

// AnyLen is the Len of `array [int] of ...`, which only predicate
// parameters may have.
const AnyLen = -1

// FloatRange is a float interval Lo..Hi, which only predicate parameter
// types use.
type FloatRange struct{ Lo, Hi float64 }

// Type is the type of a declaration or of a predicate parameter.
type Type struct {
	Elem  Elem
	Var   bool // a variable, decided by the solver, rather than a parameter
	Array bool
	// Len is the length of an array, whose index set is 1..Len; AnyLen for
	// `array [int]` (predicate parameters only).
	Len int
	// Dims is the number of index sets of an array of a predicate
	// parameter that has more than one (`array [int,int] of int`, with Len
	// AnyLen); 0 otherwise. FlatZinc declares one-dimensional arrays only.
	Dims int
	// Domain restricts the values: for an Int, the values it may take
	// (`var 1..5`, `var {1,3}`); for an IntSet, the values its elements
	// may take (`set of 1..3`). Nil means no bound. Declarations of
	// parameters never have one.
	Domain *Set
	// FloatDomain bounds a Float of a predicate parameter (`0.0..1.0`).
	FloatDomain *FloatRange
}

// Decl declares a parameter or a variable, scalar or array.
type Decl struct {
	Pos
	Name string
	Type Type
	// Value is the assigned value (see the package doc for what each kind
	// of declaration holds); nil for a variable without one.
	Value Expr
	Anns  []*Annotation
	// Index is the place of the declaration in Model.Decls.
	Index int
}

// IsVar reports whether d declares a variable (or an array of them).
func (d *Decl) IsVar() bool { return d.Type.Var }

// IsArray reports whether d declares an array.
func (d *Decl) IsArray() bool { return d.Type.Array }

// Elems returns the elements of an array declaration, nil for a scalar.
func (d *Decl) Elems() []Expr {
	if a, ok := d.Value.(*ArrayLit); ok && d.Type.Array {
		return a.Elems
	}
	return nil
}

// Ann returns the first annotation of d named name, or nil.
func (d *Decl) Ann(name string) *Annotation { return findAnn(d.Anns, name) }

// Output tells whether d is to be printed with each solution: ok is true
// for output_var and output_array; dims holds the index sets that
// output_array gives (nil for output_var).
func (d *Decl) Output() (dims []Range, ok bool) {
	if d.Ann("output_var") != nil {
		return nil, true
	}
	a := d.Ann("output_array")
	if a == nil {
		return nil, false
	}
	dims, _ = OutputDims(a)
	return dims, true
}

// OutputDims returns the index sets of an output_array annotation, and
// false when the annotation is not of the form output_array([r1, ..., rn])
// with n >= 1 ranges.
func OutputDims(a *Annotation) ([]Range, bool) {
	if a.Name != "output_array" || len(a.Args) != 1 {
		return nil, false
	}
	arr, ok := a.Args[0].(*ArrayLit)
	if !ok || len(arr.Elems) == 0 {
		return nil, false
	}
	dims := make([]Range, len(arr.Elems))
	for i, e := range arr.Elems {
		s, ok := e.(*SetLit)
		if !ok {
			return nil, false
		}
		switch {
		case s.Set.IsRange():
			dims[i] = s.Set.Ranges()[0]
		case s.Set.IsEmpty():
			dims[i] = Range{1, 0}
		default:
			return nil, false
		}
	}
	return dims, true
}

// Constraint is a constraint item: a predicate name applied to arguments.
type Constraint struct {
	Pos
	Name string
	Args []Expr
	Anns []*Annotation
}

// Ann returns the first annotation of c named name, or nil.
func (c *Constraint) Ann(name string) *Annotation { return findAnn(c.Anns, name) }

// Method is what a solve item asks for.
type Method uint8

// The solve methods.
const (
	Satisfy Method = iota
	Minimize
	Maximize
)

// String returns the FlatZinc keyword of m.
func (m Method) String() string {
	switch m {
	case Satisfy:
		return "satisfy"
	case Minimize:
		return "minimize"
	case Maximize:
		return "maximize"
	}
	return "Method(" + strconv.Itoa(int(m)) + ")"
}

// Solve is the solve item.
type Solve struct {
	Pos
	Method Method
	// Objective is the expression to minimize or maximize: an *IntLit or
	// an *Ident of a scalar int declaration; nil for Satisfy.
	Objective Expr
	Anns      []*Annotation // search annotations and others
}

// Param is a parameter of a predicate declaration.
type Param struct {
	Pos
	Name string
	Type Type
}

// Predicate is a predicate declaration (`predicate name(params);`), kept
// so that a model is written back as it was read.
type Predicate struct {
	Pos
	Name   string
	Params []Param
}

// Model is a FlatZinc model. Build one with Declare and by appending to
// Predicates and Constraints; the zero value is an empty satisfaction
// problem.
type Model struct {
	Predicates  []*Predicate
	Decls       []*Decl // in file order; add them with Declare
	Constraints []*Constraint
	Solve       Solve

	byName map[string]*Decl
}

// Declare adds d at the end of m.Decls and sets d.Index. It returns false,
// and adds nothing, when m already has a declaration of that name.
func (m *Model) Declare(d *Decl) bool {
	if m.byName == nil {
		m.byName = make(map[string]*Decl)
	}
	if _, dup := m.byName[d.Name]; dup {
		return false
	}
	m.byName[d.Name] = d
	d.Index = len(m.Decls)
	m.Decls = append(m.Decls, d)
	return true
}

// Lookup returns the declaration of name, or nil.
func (m *Model) Lookup(name string) *Decl { return m.byName[name] }

// Outputs returns the declarations to print with each solution
// (output_var and output_array), in file order.
func (m *Model) Outputs() []*Decl {
	var out []*Decl
	for _, d := range m.Decls {
		if _, ok := d.Output(); ok {
			out = append(out, d)
		}
	}
	return out
}

func findAnn(anns []*Annotation, name string) *Annotation {
	for _, a := range anns {
		if a.Name == name {
			return a
		}
	}
	return nil
}

// String returns t in FlatZinc syntax, such as "var 1..5",
// "array [1..3] of var bool" or "array [int] of set of int".
func (t Type) String() string { return string(t.Append(nil)) }

// Append appends t in FlatZinc syntax (see String) to dst.
func (t Type) Append(dst []byte) []byte {
	if t.Array {
		dst = append(dst, "array ["...)
		switch {
		case t.Dims > 1:
			for i := range t.Dims {
				if i > 0 {
					dst = append(dst, ',')
				}
				dst = append(dst, "int"...)
			}
		case t.Len == AnyLen:
			dst = append(dst, "int"...)
		default:
			dst = append(dst, "1.."...)
			dst = strconv.AppendInt(dst, int64(t.Len), 10)
		}
		dst = append(dst, "] of "...)
	}
	if t.Var {
		dst = append(dst, "var "...)
	}
	switch {
	case t.Elem == IntSet:
		dst = append(dst, "set of "...)
		if t.Domain == nil {
			return append(dst, "int"...)
		}
		return t.Domain.Append(dst)
	case t.Elem == Int && t.Domain != nil:
		return t.Domain.Append(dst)
	case t.Elem == Float && t.FloatDomain != nil:
		dst = AppendFloat(dst, t.FloatDomain.Lo)
		dst = append(dst, ".."...)
		return AppendFloat(dst, t.FloatDomain.Hi)
	}
	return append(dst, t.Elem.String()...)
}

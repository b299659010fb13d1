package sat

import (
	"context"
	"fmt"
	"iter"
	"maps"
	"slices"
)

// Formula is a conjunction of clauses and linear constraints over
// DIMACS-numbered variables, with optional names for variables. It hands
// out fresh variables and is an [Adder], so encodings can write into it.
//
// The zero Formula is empty and ready to use.
type Formula struct {
	numVars int
	lits    []Lit // the literals of every clause, one after the other
	ends    []int // ends[i] is the end of clause i in lits
	linears []Linear
	names   map[int]string
}

// NewFormula returns an empty formula.
func NewFormula() *Formula { return new(Formula) }

// NumVars returns the number of variables: the highest variable handed out
// by NewVar, named, or used in a clause or constraint.
func (f *Formula) NumVars() int { return f.numVars }

// NewVar returns the positive literal of a fresh variable, numbered one
// above NumVars.
func (f *Formula) NewVar() Lit {
	f.numVars++
	return Pos(f.numVars)
}

// NewVars returns the positive literals of n fresh variables.
func (f *Formula) NewVars(n int) []Lit {
	lits := make([]Lit, n)
	for i := range lits {
		lits[i] = f.NewVar()
	}
	return lits
}

// NewNamedVar returns a fresh variable named name, as [Formula.SetName]
// does.
func (f *Formula) NewNamedVar(name string) Lit {
	l := f.NewVar()
	f.SetName(l.Var(), name)
	return l
}

// SetName names variable v. DIMACS and OPB exports write names as
// comments ("c x17 = cell(r2,c5)"), so a name should be a single line.
// An empty name removes the name.
func (f *Formula) SetName(v int, name string) {
	f.use(Pos(v))
	if name == "" {
		delete(f.names, v)
		return
	}
	if f.names == nil {
		f.names = make(map[int]string)
	}
	f.names[v] = name
}

// Name returns the name of variable v, or "" when it has none.
func (f *Formula) Name(v int) string { return f.names[v] }

// Names returns the named variables and their names, by increasing
// variable.
func (f *Formula) Names() iter.Seq2[int, string] {
	return func(yield func(int, string) bool) {
		for _, v := range slices.Sorted(maps.Keys(f.names)) {
			if !yield(v, f.names[v]) {
				return
			}
		}
	}
}

// use raises NumVars to cover l. It panics on literal 0, which can only
// come from a programming error.
func (f *Formula) use(l Lit) {
	if l == 0 {
		panic("sat: literal 0")
	}
	f.numVars = max(f.numVars, l.Var())
}

// AddClause adds the disjunction of lits. Variables beyond NumVars raise
// it. The empty clause makes the formula unsatisfiable.
func (f *Formula) AddClause(lits ...Lit) {
	for _, l := range lits {
		f.use(l)
	}
	f.lits = append(f.lits, lits...)
	f.ends = append(f.ends, len(f.lits))
}

// NumClauses returns the number of clauses.
func (f *Formula) NumClauses() int { return len(f.ends) }

// Clause returns clause i, 0 <= i < NumClauses. The caller must not modify
// it.
func (f *Formula) Clause(i int) []Lit {
	start := 0
	if i > 0 {
		start = f.ends[i-1]
	}
	return f.lits[start:f.ends[i]:f.ends[i]]
}

// Clauses returns the clauses in the order they were added. The caller
// must not modify them.
func (f *Formula) Clauses() iter.Seq[[]Lit] {
	return func(yield func([]Lit) bool) {
		for i := range f.ends {
			if !yield(f.Clause(i)) {
				return
			}
		}
	}
}

// AddLinear adds the linear constraint c, kept as it is until
// [Formula.Lower] or a backend that takes it natively. It panics when c is
// malformed (see [Linear.Validate]). AddLinear copies c's terms.
func (f *Formula) AddLinear(c Linear) {
	if err := c.Validate(); err != nil {
		panic(err)
	}
	for _, t := range c.Terms {
		f.use(t.Lit)
	}
	f.linears = append(f.linears, c.clone())
}

// AtMost adds the constraint that at most k of lits are true; a literal
// listed twice counts twice.
func (f *Formula) AtMost(k int, lits ...Lit) { f.AddLinear(Card(AtMost, k, lits...)) }

// AtLeast adds the constraint that at least k of lits are true.
func (f *Formula) AtLeast(k int, lits ...Lit) { f.AddLinear(Card(AtLeast, k, lits...)) }

// Exactly adds the constraint that exactly k of lits are true.
func (f *Formula) Exactly(k int, lits ...Lit) { f.AddLinear(Card(Exactly, k, lits...)) }

// NumLinears returns the number of linear constraints not yet lowered.
func (f *Formula) NumLinears() int { return len(f.linears) }

// Linear returns linear constraint i, 0 <= i < NumLinears. The caller must
// not modify it.
func (f *Formula) Linear(i int) Linear { return f.linears[i] }

// Clone returns a deep copy of f.
func (f *Formula) Clone() *Formula {
	g := &Formula{
		numVars: f.numVars,
		lits:    slices.Clone(f.lits),
		ends:    slices.Clone(f.ends),
		linears: make([]Linear, len(f.linears)),
		names:   maps.Clone(f.names),
	}
	for i, c := range f.linears {
		g.linears[i] = c.clone()
	}
	return g
}

// Lower returns a copy of f in which every linear constraint is replaced by
// clauses of encoding enc, over fresh auxiliary variables numbered above
// f.NumVars(). The clauses of f come first, unchanged, and the variables of
// f keep their numbers and names; auxiliary variables have no name. With
// [Native], Lower returns a plain copy. It fails on an encoding that is not
// one of [Encodings].
func (f *Formula) Lower(enc Encoding) (*Formula, error) {
	return f.LowerContext(context.Background(), enc)
}

// LowerContext is Lower for big formulas under a deadline: it stops
// between linear constraints when ctx ends and returns ctx's error.
func (f *Formula) LowerContext(ctx context.Context, enc Encoding) (*Formula, error) {
	if !slices.Contains(Encodings(), enc) {
		return nil, fmt.Errorf("sat: unknown encoding %v", enc)
	}
	g := f.Clone()
	if enc == Native {
		return g, nil
	}
	linears := g.linears
	g.linears = nil
	for _, c := range linears {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if err := enc.Encode(g, c); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// Mark is a position in a formula's clauses and linear constraints, for
// giving a solver what was added since (see [LoadFrom]).
type Mark struct {
	Clauses, Linears int
}

// Mark returns the current end of f.
func (f *Formula) Mark() Mark { return Mark{Clauses: len(f.ends), Linears: len(f.linears)} }

// Satisfied reports whether a satisfies every clause and linear
// constraint of f.
func (f *Formula) Satisfied(a Assignment) bool { return f.Check(a) == nil }

// Check returns an error naming the first clause or linear constraint of f
// that a violates, or nil when a satisfies them all.
func (f *Formula) Check(a Assignment) error {
	for i := range f.ends {
		if !clauseHolds(f.Clause(i), a) {
			return fmt.Errorf("sat: clause %d %v is false", i+1, f.Clause(i))
		}
	}
	for i, c := range f.linears {
		if !c.Holds(a) {
			return fmt.Errorf("sat: linear constraint %d (%v) is false: sum is %d", i+1, c, c.Sum(a))
		}
	}
	return nil
}

func clauseHolds(clause []Lit, a Assignment) bool {
	for _, l := range clause {
		if a.Value(l) {
			return true
		}
	}
	return false
}

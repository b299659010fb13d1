// Package sat builds propositional formulas and hands them to SAT solvers.
//
// Variables are numbered 1, 2, 3, ... as in DIMACS, and a literal is a
// signed variable number ([Lit]): 3 is variable 3, -3 its negation. A
// [Formula] hands out fresh variables, collects clauses, remembers names
// for variables (written as DIMACS comments) and keeps linear constraints
// over literals ([Linear]: at most, at least or exactly k, with positive
// integer weights) in structured form, so that each can later be lowered
// to clauses by a chosen [Encoding] or given natively to a backend that
// supports it.
//
// A backend meets the small [Solver] interface: add clauses, solve under a
// context with assumptions, read the model. Optional abilities are found by
// type assertion, in the style of io.WriterTo: [LinearAdder] for native
// linear constraints, [Explainer] for failed-assumption cores,
// [StatsReporter] for search statistics. The backends live in
// sat/gini, sat/gophersat and sat/external; sat/backends opens one by name.
//
// The usual flow is:
//
//	f := sat.NewFormula()
//	x := f.NewNamedVar("cell(r1,c1)") // primary variables
//	...
//	f.AddClause(x, y)
//	f.AtMost(2, x, y, z)              // kept structured
//	s := gini.New()
//	cnf, err := f.Lower(sat.Totalizer)
//	err = sat.Load(s, cnf)
//	st, err := s.Solve(ctx)
//	if st == sat.Sat { ... s.Value(x) ... }
//
// (backends.Prepare(name, f, enc) opens a backend by name and does the
// lowering and loading in one call.)
//
// [Count] and [Enumerate] list the models that differ on a given set of
// primary variables only, never on the auxiliary variables that encodings
// introduce. [WriteDIMACS] and [WriteOPB] export a formula from its own
// clause list; [ReadDIMACS] and [ReadOPB] read one back; [ReadResult] and
// [WriteResult] read and write SAT-competition solver output.
//
// Package sat/sattest has test helpers: a slow reference [Solver], brute
// force model counting, random formulas and the property checks every
// backend passes.
package sat

import (
	"context"
	"fmt"
	"strconv"
)

// Lit is a literal in DIMACS form: v stands for variable v, -v for its
// negation. Variables are numbered from 1; 0 is not a literal.
type Lit int32

// Var returns the variable of l, the absolute value of l.
func (l Lit) Var() int {
	if l < 0 {
		return int(-l)
	}
	return int(l)
}

// Not returns the negation of l.
func (l Lit) Not() Lit { return -l }

// IsPos reports whether l is the positive literal of its variable.
func (l Lit) IsPos() bool { return l > 0 }

// String returns l in DIMACS form, such as "-3".
func (l Lit) String() string { return strconv.Itoa(int(l)) }

// Pos returns the positive literal of variable v.
func Pos(v int) Lit { return Lit(v) }

// Neg returns the negative literal of variable v.
func Neg(v int) Lit { return Lit(-v) }

// Status is the answer of a solve.
type Status int8

// The answers of a solve.
const (
	Unknown Status = iota // stopped before an answer: cancelled, timed out or given up
	Sat                   // satisfiable: a model is available through Value
	Unsat                 // unsatisfiable under the given assumptions
)

var statusNames = [...]string{Unknown: "UNKNOWN", Sat: "SATISFIABLE", Unsat: "UNSATISFIABLE"}

// String returns the SAT-competition word for s: SATISFIABLE,
// UNSATISFIABLE or UNKNOWN.
func (s Status) String() string { return enumName(statusNames[:], "Status", s) }

// enumName returns names[v], or typ(v), such as "Status(7)", for a value
// without a name: the String method of the package's enumerations.
func enumName[T ~int8](names []string, typ string, v T) string {
	if v >= 0 && int(v) < len(names) && names[v] != "" {
		return names[v]
	}
	return fmt.Sprintf("%s(%d)", typ, v)
}

// Assignment gives truth values to literals. Every [Solver] is one after a
// Sat answer, and so is a [Model].
type Assignment interface {
	// Value reports whether l is true. Value(l.Not()) == !Value(l).
	Value(l Lit) bool
}

// Model is a complete assignment held as a slice indexed by variable:
// m[v] is the value of variable v, m[0] is unused. Variables beyond the
// end of the slice are false.
type Model []bool

// Value reports whether l is true in m.
func (m Model) Value(l Lit) bool {
	v := l.Var()
	val := v < len(m) && m[v]
	return val == (l > 0)
}

// ModelOf copies the values of variables 1..n from a into a Model.
func ModelOf(a Assignment, n int) Model {
	m := make(Model, n+1)
	for v := 1; v <= n; v++ {
		m[v] = a.Value(Pos(v))
	}
	return m
}

// Solver is what every backend offers: clauses in, an answer under
// assumptions, a model out. Variables need no declaring: a clause may use
// any positive variable number.
//
// A Solver is used by one goroutine at a time.
type Solver interface {
	// AddClause adds the disjunction of lits. The empty clause makes the
	// problem unsatisfiable. AddClause does not keep lits.
	AddClause(lits ...Lit)

	// Solve decides the clauses added so far with the assumptions held
	// true for this call only. It returns Sat or Unsat with a nil error,
	// Unknown with ctx's error when ctx ends first (a backend may still
	// answer Sat or Unsat if it finished at that moment), or Unknown with
	// another error when the backend fails. Clauses may be added after
	// Solve and Solve called again.
	Solve(ctx context.Context, assumptions ...Lit) (Status, error)

	// Value reports whether l is true in the model of the last Solve that
	// answered Sat. Its result is unspecified otherwise.
	Value(l Lit) bool
}

// LinearAdder is implemented by backends that take linear constraints
// natively, such as gophersat. [Load] uses it for the constraints that a
// formula lowered with [Native] still holds.
type LinearAdder interface {
	// AddLinear adds c, which must be valid (see [Linear.Validate]).
	// AddLinear does not keep c's slices.
	AddLinear(c Linear)
}

// Explainer is implemented by backends that explain an Unsat answer under
// assumptions, such as gini.
type Explainer interface {
	// Why returns assumptions of the last Solve that are enough, with the
	// clauses, for it to be unsatisfiable (a failed-assumption core). It is
	// empty when the clauses alone are unsatisfiable, and unspecified when
	// the last answer was not Unsat.
	Why() []Lit
}

// StatsReporter is implemented by backends that report search statistics.
type StatsReporter interface {
	// Stats returns the statistics summed over every Solve so far.
	Stats() Stats
}

// Stats are search statistics. A count the backend does not report is 0.
type Stats struct {
	Solves       int64 `json:"solves"`       // calls to Solve that ran a search
	Conflicts    int64 `json:"conflicts"`    // conflicts met
	Decisions    int64 `json:"decisions"`    // branching decisions
	Propagations int64 `json:"propagations"` // literals propagated
	Restarts     int64 `json:"restarts"`     // search restarts
}

// Add returns the field-wise sum of s and t.
func (s Stats) Add(t Stats) Stats {
	return Stats{
		Solves:       s.Solves + t.Solves,
		Conflicts:    s.Conflicts + t.Conflicts,
		Decisions:    s.Decisions + t.Decisions,
		Propagations: s.Propagations + t.Propagations,
		Restarts:     s.Restarts + t.Restarts,
	}
}

// Adder receives clauses over variables it hands out. It is the narrow
// interface encodings write to; a [Formula] is one.
type Adder interface {
	// NewVar returns the positive literal of a fresh variable.
	NewVar() Lit
	// AddClause adds the disjunction of lits, without keeping lits.
	AddClause(lits ...Lit)
}

package sat

import (
	"context"
	"fmt"
)

// Load gives s every clause and linear constraint of f. Linear
// constraints go to s natively, so s must implement [LinearAdder] when f
// holds any; lower f with a CNF [Encoding] first for other backends.
func Load(s Solver, f *Formula) error {
	_, err := LoadFrom(s, f, Mark{})
	return err
}

// LoadFrom gives s what f gained since mark m, as Load does, and returns
// the mark to pass next time. Incremental users add to f, call LoadFrom
// and solve again:
//
//	m, err = sat.LoadFrom(s, f, m)
//
// For a backend without native linear constraints, an incremental user
// writes each constraint into f as clauses when adding it, with
// enc.Encode(f, c) instead of f.AddLinear(c).
func LoadFrom(s Solver, f *Formula, m Mark) (Mark, error) {
	return loadFrom(context.Background(), s, f, m)
}

// LoadContext is Load for big formulas under a deadline: it stops adding
// clauses when ctx ends and returns ctx's error, leaving s with part of f.
func LoadContext(ctx context.Context, s Solver, f *Formula) error {
	_, err := loadFrom(ctx, s, f, Mark{})
	return err
}

func loadFrom(ctx context.Context, s Solver, f *Formula, m Mark) (Mark, error) {
	end := f.Mark()
	if m.Clauses > end.Clauses || m.Linears > end.Linears {
		return m, fmt.Errorf("sat: mark %+v beyond the end %+v of the formula", m, end)
	}
	var native LinearAdder
	if m.Linears < end.Linears {
		var ok bool
		if native, ok = s.(LinearAdder); !ok {
			return m, fmt.Errorf("sat: backend %T takes no linear constraints natively; lower the formula with a CNF encoding", s)
		}
	}
	for i := m.Clauses; i < end.Clauses; i++ {
		if i%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return m, err
			}
		}
		s.AddClause(f.Clause(i)...)
	}
	for _, c := range f.linears[m.Linears:end.Linears] {
		native.AddLinear(c)
	}
	return end, nil
}

// Enumerate finds models of the clauses in s that differ on the variables
// of primary, calling visit with each; visit reads the model through its
// argument (which is s) and returns false to stop. After each model,
// Enumerate adds to s the clause that blocks that model's values of the
// primary variables, and only those: two models that differ only on other
// variables, such as the auxiliary variables of an encoding, count once.
// So s is left with the blocking clauses; use a solver made for the count.
//
// Enumerate stops after limit models (limit <= 0 means no limit), when
// visit returns false, when s answers Unsat, or on an error. It returns the
// number of models visited and whether they are all the models (s answered
// Unsat after the last one). An error from s, including ctx's when it ends,
// is returned with the count so far.
func Enumerate(ctx context.Context, s Solver, primary []Lit, limit int, visit func(Assignment) bool) (n int, all bool, err error) {
	block := make([]Lit, len(primary))
	for limit <= 0 || n < limit {
		st, err := s.Solve(ctx)
		if err != nil {
			return n, false, err
		}
		switch st {
		case Unsat:
			return n, true, nil
		case Unknown:
			return n, false, fmt.Errorf("sat: backend %T gave up after %d models", s, n)
		}
		n++
		if visit != nil && !visit(s) {
			return n, false, nil
		}
		for i, l := range primary {
			block[i] = l
			if s.Value(l) {
				block[i] = l.Not()
			}
		}
		s.AddClause(block...)
	}
	return n, false, nil
}

// Count counts the models of the clauses in s that differ on the
// variables of primary, up to limit (limit <= 0: no limit), as Enumerate
// does. all reports that the count is exact; when it is false and err is
// nil, there are at least limit models. For a uniqueness check, count up
// to 2.
func Count(ctx context.Context, s Solver, primary []Lit, limit int) (n int, all bool, err error) {
	return Enumerate(ctx, s, primary, limit, nil)
}

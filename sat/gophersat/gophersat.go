// Package gophersat is the [sat.Solver] backend on
// github.com/crillab/gophersat, a CDCL solver in pure Go that takes
// cardinality and pseudo-Boolean constraints natively ([sat.LinearAdder]).
//
// Gophersat's own incremental interface is not sound (its Assume forgets
// the problem's unit clauses and accepts contradictory assumptions), so the
// Solver keeps the clauses and constraints itself and builds a fresh
// problem for every Solve, with the assumptions as unit clauses.
//
// Gophersat cannot be interrupted: it never reads its stop channel. So a
// Solve under a context that can end (ctx.Done() != nil) runs in a child
// process, which is killed when the context ends: the program re-executes
// itself as a worker that reads the problem on standard input and prints
// the answer. That requires the program to call [ServeIfWorker] first
// thing in main, and test binaries to call it in TestMain:
//
//	func TestMain(m *testing.M) {
//		gophersat.ServeIfWorker()
//		os.Exit(m.Run())
//	}
//
// Without it, such a Solve fails with [ErrNoWorker] rather than leave a
// search running after its deadline. A Solve under a context that cannot
// end (context.Background()) runs in this process, and so does every
// Solve of a Solver with InProcess set.
package gophersat

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/crillab/gophersat/solver"

	"github.com/waterworks-solver/waterworks/sat"
	"github.com/waterworks-solver/waterworks/sat/proc"
)

// Solver solves with gophersat. The zero value is an empty solver ready to
// use.
type Solver struct {
	// InProcess makes every Solve run in this process, even under a
	// context that can end. When the context ends first, Solve returns at
	// once, but the search goes on in a goroutine until it finishes on its
	// own. Set it only in a program that exits when its context ends, such
	// as a command-line run without a time limit that Ctrl-C interrupts;
	// it saves starting a worker process for every Solve.
	InProcess bool

	f     sat.Formula
	model sat.Model
	stats sat.Stats
}

// The optional interfaces of package sat that Solver meets, which their
// users find by type assertion: a method whose signature drifts fails to
// compile rather than being passed over.
var (
	_ sat.Solver        = (*Solver)(nil)
	_ sat.LinearAdder   = (*Solver)(nil)
	_ sat.StatsReporter = (*Solver)(nil)
)

// New returns an empty solver.
func New() *Solver { return new(Solver) }

// AddClause implements [sat.Solver].
func (s *Solver) AddClause(lits ...sat.Lit) { s.f.AddClause(lits...) }

// AddLinear implements [sat.LinearAdder]: gophersat takes the constraint
// as a pseudo-Boolean one.
func (s *Solver) AddLinear(c sat.Linear) { s.f.AddLinear(c) }

// Value implements [sat.Solver].
func (s *Solver) Value(l sat.Lit) bool { return s.model.Value(l) }

// Stats implements [sat.StatsReporter] with gophersat's counts of
// conflicts, decisions and restarts.
func (s *Solver) Stats() sat.Stats { return s.stats }

// ErrNoWorker is returned by a Solve that could not be stopped in time:
// the context can end, and the program cannot run gophersat in a child
// process because it did not call [ServeIfWorker].
var ErrNoWorker = errors.New("gophersat: a solve under a context that can end runs in a child process; call gophersat.ServeIfWorker first in main (or TestMain)")

// Solve implements [sat.Solver].
func (s *Solver) Solve(ctx context.Context, assumptions ...sat.Lit) (sat.Status, error) {
	s.model = nil
	if err := ctx.Err(); err != nil {
		return sat.Unknown, err
	}
	var (
		st    sat.Status
		model sat.Model
		err   error
	)
	switch {
	case ctx.Done() == nil:
		var stats sat.Stats
		st, model, stats = solveInProcess(&s.f, assumptions)
		s.stats = s.stats.Add(stats)
	case s.InProcess:
		if st, model, err = s.solveAbandoning(ctx, assumptions); err != nil {
			return sat.Unknown, err
		}
	case !workerReady.Load():
		return sat.Unknown, ErrNoWorker
	default:
		st, model, err = s.solveInWorker(ctx, assumptions)
		if err != nil {
			return sat.Unknown, err
		}
	}
	if st == sat.Sat {
		// Gophersat has had soundness bugs; never pass on a wrong model.
		if err := s.f.Check(model); err != nil {
			return sat.Unknown, fmt.Errorf("gophersat: wrong model: %w", err)
		}
		for _, a := range assumptions {
			if !model.Value(a) {
				return sat.Unknown, fmt.Errorf("gophersat: wrong model: assumption %d is false", a)
			}
		}
		s.model = model
	}
	return st, nil
}

// solveAbandoning solves in a goroutine of this process and returns when
// ctx ends, leaving the goroutine to finish on its own.
func (s *Solver) solveAbandoning(ctx context.Context, assumptions []sat.Lit) (sat.Status, sat.Model, error) {
	type answer struct {
		st    sat.Status
		model sat.Model
		stats sat.Stats
		err   error
	}
	// The problem is built here, so the goroutine shares nothing with s.
	pb, trivial := problem(&s.f, assumptions)
	if trivial != sat.Unknown {
		s.stats.Solves++
		return trivial, nil, nil
	}
	done := make(chan answer, 1)
	go func() {
		// A panic here would end the process, out of reach of the
		// caller's recover: turn it into an error instead.
		defer func() {
			if v := recover(); v != nil {
				done <- answer{st: sat.Unknown, err: fmt.Errorf("gophersat: panic: %v", v)}
			}
		}()
		st, model, stats := solve(pb)
		done <- answer{st, model, stats, nil}
	}()
	select {
	case a := <-done:
		s.stats = s.stats.Add(a.stats)
		return a.st, a.model, a.err
	case <-ctx.Done():
		return sat.Unknown, nil, ctx.Err()
	}
}

// solveInProcess builds a gophersat problem from f and the assumptions and
// solves it.
func solveInProcess(f *sat.Formula, assumptions []sat.Lit) (sat.Status, sat.Model, sat.Stats) {
	pb, trivial := problem(f, assumptions)
	if trivial != sat.Unknown {
		return trivial, nil, sat.Stats{Solves: 1}
	}
	return solve(pb)
}

// solving serialises the searches of this process: gophersat v1.4.0
// learns clauses through a package-level buffer (bufLits in
// solver/learn.go), so two searches at once corrupt each other's learned
// clauses ("index out of range" panics, or worse, wrong clauses).
var solving sync.Mutex

// solve solves a gophersat problem, one at a time in this process.
func solve(pb *solver.Problem) (sat.Status, sat.Model, sat.Stats) {
	solving.Lock()
	defer solving.Unlock()
	g := solver.New(pb)
	st := g.Solve()
	stats := sat.Stats{
		Solves:    1,
		Conflicts: int64(g.Stats.NbConflicts),
		Decisions: int64(g.Stats.NbDecisions),
		Restarts:  int64(g.Stats.NbRestarts),
	}
	if st != solver.Sat {
		return sat.Unsat, nil, stats
	}
	values := g.Model() // values[v-1] is the value of variable v
	model := make(sat.Model, len(values)+1)
	copy(model[1:], values)
	return sat.Sat, model, stats
}

// problem translates f and the assumptions, or returns the answer when it
// is already known (an unsatisfiable linear constraint).
func problem(f *sat.Formula, assumptions []sat.Lit) (*solver.Problem, sat.Status) {
	numVars := f.NumVars()
	for _, a := range assumptions {
		numVars = max(numVars, a.Var())
	}
	var clauses [][]int
	for c := range f.Clauses() {
		if ints, ok := clauseInts(c); ok {
			clauses = append(clauses, ints)
		}
	}
	for _, a := range assumptions {
		clauses = append(clauses, []int{int(a)})
	}
	if f.NumLinears() == 0 {
		return solver.ParseSliceNb(clauses, numVars), sat.Unknown
	}
	// Every constraint goes through the pseudo-Boolean parser, even when
	// all weights are 1: ParseCardConstrs is unsound when a unit clause
	// makes a literal of a cardinality constraint true (simplifyCard counts
	// that literal again and again until the constraint looks satisfied,
	// then drops it); TestCardinalityAfterUnit checks this.
	pbs := make([]solver.PBConstr, 0, len(clauses)+f.NumLinears())
	for _, c := range clauses {
		pbs = append(pbs, solver.PropClause(c...))
	}
	for i := range f.NumLinears() {
		parts, ok := f.Linear(i).Normalize()
		if !ok {
			return nil, sat.Unsat
		}
		for _, p := range parts {
			lits, weights := termInts(p)
			pbs = append(pbs, solver.PBConstr{Lits: lits, Weights: weights, AtLeast: p.K})
		}
	}
	pb := solver.ParsePBConstrs(pbs)
	return pb, sat.Unknown
}

// clauseInts returns c as gophersat wants it: no repeated literal, and
// ok false for a tautology, which is dropped.
func clauseInts(c []sat.Lit) (ints []int, ok bool) {
	ints = make([]int, 0, len(c))
	for _, l := range c {
		if slices.Contains(ints, -int(l)) {
			return nil, false
		}
		if !slices.Contains(ints, int(l)) {
			ints = append(ints, int(l))
		}
	}
	return ints, true
}

func termInts(c sat.Linear) (lits, weights []int) {
	lits = make([]int, len(c.Terms))
	weights = make([]int, len(c.Terms))
	for i, t := range c.Terms {
		lits[i], weights[i] = int(t.Lit), t.Weight
	}
	return lits, weights
}

// workerEnv names the environment variable that makes a process started
// by solveInWorker serve one problem.
const workerEnv = "WATERWORKS_GOPHERSAT_WORKER"

// workerReady records that ServeIfWorker ran, so this program can serve
// as its own worker.
var workerReady atomic.Bool

// ServeIfWorker makes the program able to run gophersat in a child
// process. In a process started as a worker it reads one problem (DIMACS
// or OPB) from standard input, solves it, prints the answer in the
// SAT-competition format on standard output and exits; otherwise it
// returns at once. Call it first in main, before anything reads standard
// input or prints, and in TestMain of test binaries that solve with
// gophersat under a context that can end.
func ServeIfWorker() {
	if os.Getenv(workerEnv) == "" {
		workerReady.Store(true)
		return
	}
	if err := serve(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "gophersat worker:", err)
		os.Exit(2)
	}
	os.Exit(0)
}

// serve answers one problem read from r on w.
func serve(r io.Reader, w io.Writer) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	var f *sat.Formula
	if bytes.HasPrefix(data, []byte("*")) {
		f, err = sat.ReadOPB(bytes.NewReader(data), sat.ReadOptions{Strict: true})
	} else {
		f, err = sat.ReadDIMACS(bytes.NewReader(data), sat.ReadOptions{Strict: true})
	}
	if err != nil {
		return err
	}
	st, model, stats := solveInProcess(f, nil)
	return sat.WriteResult(w, st, model, f.NumVars(), stats)
}

// solveInWorker runs the solve in a child process killed when ctx ends.
func (s *Solver) solveInWorker(ctx context.Context, assumptions []sat.Lit) (sat.Status, sat.Model, error) {
	exe, err := os.Executable()
	if err != nil {
		return sat.Unknown, nil, fmt.Errorf("gophersat: finding this program to run a worker: %w", err)
	}
	var in bytes.Buffer
	if s.f.NumLinears() == 0 {
		err = sat.WriteDIMACS(&in, &s.f, assumptions...)
	} else {
		err = sat.WriteOPB(&in, &s.f, assumptions...)
	}
	if err != nil {
		return sat.Unknown, nil, fmt.Errorf("gophersat: writing the problem for the worker: %w", err)
	}
	dir, err := os.MkdirTemp("", "waterworks-gophersat-")
	if err != nil {
		return sat.Unknown, nil, fmt.Errorf("gophersat: %w", err)
	}
	defer os.RemoveAll(dir)
	cmd := proc.Command(ctx, exe)
	cmd.Env = append(os.Environ(), workerEnv+"=1")
	out, stderr, runErr := proc.Run(cmd, in.Bytes(), dir)
	if ctx.Err() != nil {
		return sat.Unknown, nil, ctx.Err()
	}
	if runErr != nil {
		return sat.Unknown, nil, fmt.Errorf("gophersat: worker failed: %w: %s", runErr, stderr)
	}
	res, err := sat.ReadResult(bytes.NewReader(out))
	if err != nil {
		return sat.Unknown, nil, fmt.Errorf("gophersat: reading the worker's answer: %w", err)
	}
	if !res.HasStatus {
		return sat.Unknown, nil, fmt.Errorf("gophersat: the worker gave no answer: %s", stderr)
	}
	s.stats = s.stats.Add(res.Stats)
	s.stats.Solves++
	return res.Status, res.Model, nil
}

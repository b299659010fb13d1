package jugs_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/waterworks-solver/waterworks/frontends/jugsfmt"
	"github.com/waterworks-solver/waterworks/models/jugs"
	"github.com/waterworks-solver/waterworks/models/statespace"
	"github.com/waterworks-solver/waterworks/sat"
	"github.com/waterworks-solver/waterworks/sat/backends"
	"github.com/waterworks-solver/waterworks/sat/gini"
	"github.com/waterworks-solver/waterworks/sat/gophersat"
)

var long = flag.Bool("long", false, "run the slow cases too (SAT on the four-jug corpus puzzles)")

// TestMain lets the test binary serve as gophersat's worker process.
func TestMain(m *testing.M) {
	gophersat.ServeIfWorker()
	os.Exit(m.Run())
}

// corpusEntry is a corpus puzzle with its file's name.
type corpusEntry struct {
	jugsfmt.Entry
	file string
}

// readCorpus returns the corpus puzzles, or skips the test without them.
func readCorpus(tb testing.TB) []corpusEntry {
	tb.Helper()
	files, _ := filepath.Glob(filepath.Join(corpusDir, "*.jsonl"))
	if len(files) == 0 {
		tb.Skipf("no jug corpus at %s (the shared corpus sits beside the repository)", corpusDir)
	}
	var out []corpusEntry
	for _, file := range files {
		data, err := os.ReadFile(file)
		require.NoError(tb, err)
		entries, err := jugsfmt.Parse(file, data)
		require.NoError(tb, err)
		for _, e := range entries {
			out = append(out, corpusEntry{e, filepath.Base(file)})
		}
	}
	return out
}

// horizonSized reports whether a corpus puzzle is one the bounded-horizon
// engines must solve (issue 4): solvable, an optimum of at most 20 actions
// and capacities of at most 100.
func horizonSized(e corpusEntry) bool {
	return e.OptimalSteps != nil && *e.OptimalSteps <= 20 && slices.Max(e.Puzzle.Capacities) <= 100
}

// slowForSAT reports whether SAT takes seconds on a corpus puzzle: four
// jugs of more than 20 units with an optimum of 8 actions or more take
// seconds to a minute (gen-jug4-10: 40 to 66 s of CPU on gini).
func slowForSAT(e corpusEntry) bool {
	p := e.Puzzle
	return p.NumJugs() >= 4 && slices.Max(p.Capacities) > 20 && *e.OptimalSteps >= 8
}

// TestCorpusHorizon solves the corpus puzzles within reach of the
// bounded-horizon engines: SAT on gini and CP must both find plans of
// exactly optimal_steps that the checker accepts. SAT skips its slow
// four-jug puzzles unless -long is given.
func TestCorpusHorizon(t *testing.T) {
	count := 0
	for _, e := range readCorpus(t) {
		if !horizonSized(e) {
			continue
		}
		count++
		t.Run(e.ID, func(t *testing.T) {
			want := *e.OptimalSteps
			c, err := jugs.SolveCP(t.Context(), e.Puzzle, jugs.CPOptions{})
			require.NoError(t, err)
			require.True(t, c.Solvable())
			assert.Len(t, c.Plan, want, "cp")
			assert.NoError(t, jugs.Check(e.Puzzle, c.Plan), "cp")
			if slowForSAT(e) && !*long {
				t.Skip("SAT takes seconds here; run with -long")
			}
			s, err := jugs.SolveSAT(t.Context(), e.Puzzle, gini.New(), jugs.HorizonOptions{})
			require.NoError(t, err)
			require.True(t, s.Solvable())
			assert.Len(t, s.Plan, want, "sat")
			assert.NoError(t, jugs.Check(e.Puzzle, s.Plan), "sat")
			assert.Equal(t, want+1, len(s.Rounds), "one round per k up to the optimum")
		})
	}
	t.Logf("%d corpus puzzles within the horizon engines' reach", count)
}

// TestCorpusHorizonUnsolvable runs the engines with the completeness test
// and a horizon of 20 on the unsolvable corpus puzzles: each is proven
// unsolvable, by number theory or by the longest loop-free path, or the
// horizon is reached; no engine ever returns a plan, and an engine that
// stops at the horizon must have had more than 21 states to tell apart.
// SAT needs seconds past 16 reachable states, so those wait for -long,
// and minutes past 100, so those are left to CP.
func TestCorpusHorizonUnsolvable(t *testing.T) {
	const horizon = 20
	for _, e := range readCorpus(t) {
		if *e.Solvable || slices.Max(e.Puzzle.Capacities) > 100 {
			continue
		}
		t.Run(e.ID, func(t *testing.T) {
			bfs, err := jugs.BFS(t.Context(), e.Puzzle, jugs.Options{NoFastPath: true})
			require.NoError(t, err)
			opts := horizonOpts(horizon, true)
			check := func(name string, solvable bool, st jugs.HorizonResult, err error) {
				assert.False(t, solvable, name)
				switch {
				case err != nil:
					assert.ErrorIs(t, err, statespace.ErrHorizon, name)
					assert.Greater(t, bfs.Stats.Stored, int64(horizon+1), "%s: %d reachable states, yet not proven unsolvable", name, bfs.Stats.Stored)
				case !st.FastPath:
					assert.Less(t, int64(st.LongestPath), bfs.Stats.Stored, "%s: a loop-free path visits distinct states", name)
				}
			}
			c, err := jugs.SolveCP(t.Context(), e.Puzzle, jugs.CPOptions{HorizonOptions: opts})
			check("cp", c.Solvable(), c, err)
			if _, decided := jugs.Decide(e.Puzzle); !decided {
				switch {
				case bfs.Stats.Stored > 100:
					t.Skipf("SAT needs minutes for 20 rounds on %d reachable states", bfs.Stats.Stored)
				case bfs.Stats.Stored > 16 && !*long:
					t.Skipf("SAT takes seconds on %d reachable states; run with -long", bfs.Stats.Stored)
				}
			}
			s, err := jugs.SolveSAT(t.Context(), e.Puzzle, gini.New(), opts)
			check("sat", s.Solvable(), s, err)
		})
	}
}

// TestHorizonAgreesWithBFS draws small puzzles (two or three jugs of
// capacity up to 9, every goal, with and without a tap): SAT in every
// encoding and CP must agree with BFS. Within the horizon they find plans of BFS's optimal
// length that the checker accepts; past it, they find none and end with
// ErrHorizon unless they prove the puzzle unsolvable, which BFS must
// confirm.
func TestHorizonAgreesWithBFS(t *testing.T) {
	const horizon = 10
	seen := map[string]int{}
	rapid.Check(t, func(t *rapid.T) {
		p := drawPuzzle(t)
		complete := rapid.Bool().Draw(t, "complete")
		bfs, err := jugs.BFS(context.Background(), p, jugs.Options{})
		require.NoError(t, err)
		opts := horizonOpts(horizon, complete)
		type outcome struct {
			name     string
			solvable bool
			plan     jugs.Plan
			st       jugs.HorizonResult
			err      error
		}
		var outcomes []outcome
		for _, name := range jugs.EncodingNames() {
			enc, err := jugs.ParseEncoding(name)
			require.NoError(t, err)
			o := opts
			o.Encoding = enc
			s, serr := jugs.SolveSAT(context.Background(), p, gini.New(), o)
			outcomes = append(outcomes, outcome{"sat/" + name, s.Solvable(), s.Plan, s, serr})
		}
		c, cerr := jugs.SolveCP(context.Background(), p, jugs.CPOptions{HorizonOptions: opts})
		for _, r := range append(outcomes, outcome{"cp", c.Solvable(), c.Plan, c, cerr}) {
			switch {
			case bfs.Solvable() && len(bfs.Plan) <= horizon:
				require.NoError(t, r.err, r.name)
				require.True(t, r.solvable, r.name)
				require.Len(t, r.plan, len(bfs.Plan), r.name)
				require.NoError(t, jugs.Check(p, r.plan), r.name)
				seen["solved"]++
			case r.err != nil:
				require.ErrorIs(t, r.err, statespace.ErrHorizon, r.name)
				require.False(t, r.solvable, r.name)
				seen["beyond the horizon"]++
			default:
				require.False(t, r.solvable, r.name)
				require.False(t, bfs.Solvable(), "%s proved unsolvable a puzzle BFS solves in %d", r.name, len(bfs.Plan))
				if r.st.FastPath {
					seen["unsolvable by number theory"]++
				} else {
					require.True(t, complete, "%s proved unsolvability without the completeness test", r.name)
					seen["unsolvable by the longest path"]++
				}
			}
		}
	})
	t.Logf("outcomes: %v", seen)
	// About 70% of the draws are solved; TestCorpusHorizonUnsolvable
	// covers the proofs by the longest path, which few draws need.
	assert.Positive(t, seen["solved"], "no draw was solved")
}

// drawPuzzle draws a valid puzzle of two or three jugs of capacity up to
// 9, with any start, goal and tap.
func drawPuzzle(t *rapid.T) *jugs.Puzzle {
	n := rapid.IntRange(2, 3).Draw(t, "jugs")
	p := &jugs.Puzzle{Tap: rapid.Bool().Draw(t, "tap"), Goal: jugs.Goal(rapid.IntRange(0, 2).Draw(t, "goal"))}
	total := 0
	for range n {
		c := rapid.IntRange(1, 9).Draw(t, "capacity")
		p.Capacities = append(p.Capacities, c)
		p.Initial = append(p.Initial, rapid.IntRange(0, c).Draw(t, "initial"))
		total += c
	}
	switch p.Goal {
	case jugs.GoalAny:
		p.Target = rapid.IntRange(0, slices.Max(p.Capacities)).Draw(t, "target")
	case jugs.GoalTotal:
		p.Target = rapid.IntRange(0, total).Draw(t, "target")
	case jugs.GoalState:
		for _, c := range p.Capacities {
			p.GoalState = append(p.GoalState, rapid.IntRange(jugs.DontCare, c).Draw(t, "want"))
		}
	}
	return p
}

// horizonOpts returns the options of a horizon of max actions, with or
// without the completeness test.
func horizonOpts(max int, complete bool) jugs.HorizonOptions {
	return jugs.HorizonOptions{HorizonOptions: statespace.HorizonOptions{MaxHorizon: max, Complete: complete}}
}

// TestHorizonErrors covers the ways the engines stop without an answer.
func TestHorizonErrors(t *testing.T) {
	diehard := &jugs.Puzzle{Capacities: []int{3, 5}, Initial: []int{0, 0}, Tap: true, Target: 4}
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tt := range []struct {
		name string
		ctx  context.Context
		p    *jugs.Puzzle
		opts jugs.HorizonOptions
		want error
	}{
		{"invalid", context.Background(), &jugs.Puzzle{Capacities: []int{0}}, jugs.HorizonOptions{}, jugs.ErrInvalidPuzzle},
		{"horizon", context.Background(), diehard, horizonOpts(5, false), statespace.ErrHorizon},
		{"formula limit", context.Background(), diehard, jugs.HorizonOptions{HorizonOptions: statespace.HorizonOptions{MaxClauses: 500}}, statespace.ErrFormulaLimit},
		{"canceled", canceled, diehard, jugs.HorizonOptions{}, context.Canceled},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s, err := jugs.SolveSAT(tt.ctx, tt.p, gini.New(), tt.opts)
			assert.ErrorIs(t, err, tt.want, "sat")
			assert.False(t, s.Solvable())
			if tt.opts.MaxClauses > 0 {
				assert.LessOrEqual(t, s.Totals().Clauses, tt.opts.MaxClauses)
				return // the cp core has no such limit
			}
			c, err := jugs.SolveCP(tt.ctx, tt.p, jugs.CPOptions{HorizonOptions: tt.opts})
			assert.ErrorIs(t, err, tt.want, "cp")
			assert.False(t, c.Solvable())
		})
	}
	_, err := jugs.SolveSAT(context.Background(), diehard, gini.New(), horizonOpts(-1, false))
	assert.Error(t, err)
	s, err := jugs.SolveSAT(context.Background(), diehard, gini.New(), horizonOpts(5, false))
	assert.EqualError(t, err, "no plan within the horizon: no plan of horizon at most 5")
	assert.Len(t, s.Rounds, 6, "rounds 0 to 5 ran")
}

// TestSATBackends solves a few puzzles with every SAT backend available:
// gophersat and the external DIMACS solvers in the PATH must find the
// optimum that gini finds.
func TestSATBackends(t *testing.T) {
	puzzles := []*jugs.Puzzle{
		{Capacities: []int{3, 5}, Initial: []int{0, 0}, Tap: true, Target: 4},
		{Capacities: []int{8, 5, 3}, Initial: []int{8, 0, 0}, Goal: jugs.GoalState, GoalState: []int{4, 4, 0}},
		{Capacities: []int{5, 3}, Initial: []int{0, 0}, Tap: true, Goal: jugs.GoalTotal, Target: 7},
	}
	for _, name := range backends.Available() {
		t.Run(name, func(t *testing.T) {
			for _, p := range puzzles {
				want, err := jugs.BFS(context.Background(), p, jugs.Options{})
				require.NoError(t, err)
				s, err := backends.Open(name)
				require.NoError(t, err)
				r, err := jugs.SolveSAT(t.Context(), p, s, jugs.HorizonOptions{})
				require.NoError(t, err)
				require.True(t, r.Solvable())
				assert.Len(t, r.Plan, len(want.Plan))
				assert.NoError(t, jugs.Check(p, r.Plan))
				if _, reports := s.(sat.StatsReporter); reports {
					assert.Equal(t, int64(len(r.Rounds)), r.Totals().SAT.Solves, "one solve per round")
				}
			}
		})
	}
	if _, err := exec.LookPath("cadical"); err != nil {
		t.Log("cadical is not in the PATH: only the built-in backends ran")
	}
}

// TestCPVariants checks that the table model, and search without the
// nogood store, find the same optima as the default model.
func TestCPVariants(t *testing.T) {
	for _, p := range []*jugs.Puzzle{
		{Capacities: []int{3, 5}, Initial: []int{0, 0}, Tap: true, Target: 4},
		{Capacities: []int{12, 8, 5}, Initial: []int{12, 0, 0}, Goal: jugs.GoalState, GoalState: []int{6, 6, 0}},
		{Capacities: []int{5, 3}, Initial: []int{0, 0}, Tap: true, Goal: jugs.GoalTotal, Target: 7},
	} {
		want, err := jugs.BFS(context.Background(), p, jugs.Options{})
		require.NoError(t, err)
		for _, opts := range []jugs.CPOptions{{Tables: true}, {NoMemo: true}, {Tables: true, NoMemo: true}} {
			name := fmt.Sprintf("%v %+v", p.Capacities, opts)
			r, err := jugs.SolveCP(context.Background(), p, opts)
			require.NoError(t, err, name)
			assert.Len(t, r.Plan, len(want.Plan), name)
			assert.NoError(t, jugs.Check(p, r.Plan), name)
			if opts.NoMemo {
				assert.Zero(t, r.DeadEnds, name)
			}
		}
	}
}

// TestHorizonStats checks what the engines report about their work.
func TestHorizonStats(t *testing.T) {
	p := &jugs.Puzzle{Capacities: []int{6, 10}, Initial: []int{0, 0}, Tap: true, Target: 8}
	s, err := jugs.SolveSAT(context.Background(), p, gini.New(), jugs.HorizonOptions{})
	require.NoError(t, err)
	assert.Equal(t, 2, s.Unit, "6 and 10 count in units of 2")
	assert.Equal(t, len(s.Plan), s.Horizon)
	assert.Positive(t, s.Totals().Vars)
	assert.Positive(t, s.Totals().Clauses)
	require.NotEmpty(t, s.Rounds)
	for i, r := range s.Rounds {
		assert.Equal(t, i, r.K)
		assert.Equal(t, i == len(s.Rounds)-1, r.Answer == statespace.AnswerPlan)
		if i > 0 {
			assert.Greater(t, r.Clauses, s.Rounds[i-1].Clauses, "each round adds a step")
		}
	}
	c, err := jugs.SolveCP(context.Background(), p, jugs.CPOptions{})
	require.NoError(t, err)
	assert.Equal(t, len(c.Plan), c.Horizon)
	assert.Positive(t, c.Totals().CP.Nodes)
	assert.Len(t, c.Rounds, len(c.Plan)+1)

	unsolvable := &jugs.Puzzle{Capacities: []int{6, 4}, Initial: []int{0, 0}, Tap: true, Target: 1}
	s, err = jugs.SolveSAT(context.Background(), unsolvable, gini.New(), jugs.HorizonOptions{})
	require.NoError(t, err)
	assert.True(t, s.FastPath)
	assert.False(t, s.Solvable())
	assert.Empty(t, s.Rounds, "nothing was encoded")
}

// TestHorizonBoundProof checks the proof by the reachable states: on
// small unsolvable puzzles that number theory leaves open, both engines
// with ExploreStates refute every horizon up to the breadth-first depth
// and report the puzzle unsolvable at once, as BFS does; with too small a
// budget of states they go without the bound and stop at the horizon.
func TestHorizonBoundProof(t *testing.T) {
	for _, p := range []*jugs.Puzzle{
		{Capacities: []int{8, 5, 3}, Initial: []int{8, 0, 0}, Goal: jugs.GoalState, GoalState: []int{4, 2, 2}},
		{Capacities: []int{30, 27, 26}, Initial: []int{30, 0, 0}, Target: 19}, // corpus gen-jug3-07
	} {
		_, decided := jugs.Decide(p)
		require.False(t, decided, "%v: number theory must leave the puzzle open", p.Capacities)
		bfs, err := jugs.BFS(t.Context(), p, jugs.Options{NoFastPath: true})
		require.NoError(t, err)
		require.False(t, bfs.Solvable())
		opts := jugs.HorizonOptions{HorizonOptions: statespace.HorizonOptions{MaxHorizon: 30}, ExploreStates: 1000}
		began := time.Now()
		s, serr := jugs.SolveSAT(t.Context(), p, gini.New(), opts)
		c, cerr := jugs.SolveCP(t.Context(), p, jugs.CPOptions{HorizonOptions: opts})
		type outcome struct {
			name string
			r    jugs.HorizonResult
			err  error
		}
		outcomes := []outcome{{"sat/gini", s, serr}, {"cp", c, cerr}}
		if bfs.Stats.Stored <= 16 { // gophersat solves each horizon afresh: seconds on larger ones
			g, gerr := jugs.SolveSAT(t.Context(), p, gophersat.New(), opts)
			outcomes = append(outcomes, outcome{"sat/gophersat", g, gerr})
		}
		t.Logf("%v: %d engines in %v", p.Capacities, len(outcomes), time.Since(began))
		for _, r := range outcomes {
			require.NoError(t, r.err, r.name)
			assert.Equal(t, statespace.Unsolvable, r.r.Status, r.name)
			assert.Equal(t, statespace.ProofBound, r.r.Proof, r.name)
			assert.Equal(t, bfs.Stats.Stored, r.r.Reachable, r.name)
			assert.Less(t, int64(r.r.LongestPath), r.r.Reachable, "%s: a shortest path visits distinct states", r.name)
			assert.Len(t, r.r.Rounds, r.r.LongestPath+1, "%s: horizons 0 to the bound", r.name)
		}
		opts.ExploreStates, opts.MaxHorizon = 3, 4
		_, err = jugs.SolveSAT(t.Context(), p, gini.New(), opts)
		assert.ErrorIs(t, err, statespace.ErrHorizon, "too few states to explore: no bound")
	}
}

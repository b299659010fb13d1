package watersort

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/waterworks-solver/waterworks/models/statespace"
	"github.com/waterworks-solver/waterworks/sat"
	"github.com/waterworks-solver/waterworks/sat/gini"
	"github.com/waterworks-solver/waterworks/sat/gophersat"
)

// tinyLevel draws a level of 3 to 5 bottles: 2 or 3 colours of capacity 2
// to 4 and one or two empty bottles, small enough to enumerate plans.
func tinyLevel(t *rapid.T) *Puzzle {
	colours := rapid.IntRange(2, 3).Draw(t, "colours")
	capacity := rapid.IntRange(2, 4).Draw(t, "capacity")
	empty := rapid.IntRange(1, 2).Draw(t, "empty")
	p, err := Generate(colours+empty, capacity, empty, rapid.Uint64().Draw(t, "seed"))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// drawSATOptions draws a rule and the parts of the encoding to use.
func drawSATOptions(t *rapid.T) SATOptions {
	return SATOptions{
		Rule:     rapid.SampledFrom([]Rule{Whole, Fits}).Draw(t, "rule"),
		Encoding: rapid.SampledFrom([]sat.Encoding{sat.Totalizer, sat.Sequential, sat.SortingNetwork}).Draw(t, "encoding"),
		FromZero: rapid.Bool().Draw(t, "from zero"),
		Variant:  rapid.SampledFrom(SATEncodings()).Draw(t, "variant"),
		knobs: satKnobs{
			noSymmetry: rapid.Bool().Draw(t, "no symmetry"),
			noBound:    rapid.Bool().Draw(t, "no bound"),
			monoPairs:  rapid.Bool().Draw(t, "mono pairs"),
			window:     rapid.IntRange(0, 3).Draw(t, "window"),
		},
	}
}

// checkRounds checks that every horizon before the last was refuted and
// that they follow each other from the start given by the options.
func checkRounds(t require.TestingT, res SATResult, opt SATOptions) {
	first := res.LowerBound
	if opt.FromZero {
		first = 0
	}
	for i, r := range res.Rounds {
		require.Equal(t, first+i, r.K)
		require.Positive(t, r.Vars)
		require.Positive(t, r.Clauses)
		if i < len(res.Rounds)-1 || res.Status != Solved {
			require.Equal(t, statespace.AnswerNone, r.Answer, "horizon %d", r.K)
		} else {
			require.Equal(t, statespace.AnswerPlan, r.Answer)
		}
	}
}

// TestSATAgreesWithSearch compares the optimum of the SAT method with
// those of BFS, A* and the naive reference on random tiny levels, under
// every rule, encoding and combination of symmetry breaking and lower
// bounds. On unsolvable levels the SAT method must refute every horizon
// it is given and say it does not know.
func TestSATAgreesWithSearch(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := tinyLevel(t)
		opt := drawSATOptions(t)
		_, distance := naive(p, opt.Rule)
		for _, m := range []Method{BFS, AStar} {
			res, err := Solve(context.Background(), p, Options{Rule: opt.Rule, Method: m})
			require.NoError(t, err)
			if distance < 0 {
				require.Equal(t, Unsolvable, res.Status)
			} else {
				require.Len(t, res.Plan, distance, "%v", m)
			}
		}
		opt.MaxMoves = distance // a wrong encoding fails rather than runs on
		if distance < 0 {
			opt.MaxMoves = 8
		}
		res, err := SolveSAT(context.Background(), p, gini.New(), opt)
		checkRounds(t, res, opt)
		if distance < 0 {
			require.ErrorIs(t, err, ErrHorizon)
			require.Equal(t, Unknown, res.Status)
			require.Nil(t, res.Plan)
			return
		}
		require.NoError(t, err)
		require.Equal(t, Solved, res.Status)
		require.NoError(t, Check(p, opt.Rule, res.Plan))
		require.Len(t, res.Plan, distance, "the SAT optimum")
		require.LessOrEqual(t, res.LowerBound, distance)
	})
}

// countPlans counts the sequences of exactly k legal moves from s that end
// in a solved state, by brute force over the transition system.
func countPlans(s State, rule Rule, k int) int {
	if k == 0 {
		if s.Solved() {
			return 1
		}
		return 0
	}
	n := 0
	for _, m := range s.Moves(rule) {
		next, err := s.Apply(rule, m)
		if err != nil {
			panic(err)
		}
		n += countPlans(next, rule, k-1)
	}
	return n
}

// unroll builds the formula of k moves as statespace.SolveSAT does, from
// the solved state back, with the start asserted on state k, and returns
// the model, the formula and the moves in the order they are played.
func unroll(p *Puzzle, rule Rule, knobs satKnobs, k int) (*satModel, *sat.Formula, []*satMove) {
	m, f := newSATModel(p, rule, sat.Totalizer, knobs), sat.NewFormula()
	states := []*satState{m.State(f)}
	m.Goal(f, states[0])
	var moves []*satMove // moves[d] leads from states[d+1] to states[d]
	for d := range k {
		s := m.State(f)
		moves = append(moves, m.Step(f, s, states[d]))
		states = append(states, s)
		if d > 0 {
			m.Consecutive(f, moves[d], moves[d-1])
		}
		m.DistanceBound(f, s, d+1)
	}
	m.Start(f, states[k])
	slices.Reverse(moves)
	return m, f, moves
}

// TestUnrollingIsExact counts the models of the unrolling, projected on
// the move variables, without symmetry breaking: they must be exactly the
// plans of k moves, so the encoding neither misses a legal plan nor admits
// an illegal one (the lower bounds, being admissible, remove none). With
// symmetry breaking at the optimal horizon at least one plan remains, and
// every plan it keeps is legal.
func TestUnrollingIsExact(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := tinyLevel(t)
		rule := rapid.SampledFrom([]Rule{Whole, Fits}).Draw(t, "rule")
		_, distance := naive(p, rule)
		if distance < 0 {
			distance = 0
		}
		k := rapid.IntRange(max(distance-1, 0), distance+1).Draw(t, "horizon")
		start, err := p.Start()
		require.NoError(t, err)
		want := countPlans(start, rule, k)
		if want > 2000 {
			t.Skip("too many plans to count")
		}
		for _, noSymmetry := range []bool{true, false} {
			knobs := satKnobs{noSymmetry: noSymmetry, noBound: rapid.Bool().Draw(t, "no bound"),
				window:    rapid.IntRange(0, 5).Draw(t, "window"),
				monoPairs: rapid.Bool().Draw(t, "mono pairs")}
			m, f, moves := unroll(p, rule, knobs, k)
			s := gini.New()
			require.NoError(t, sat.Load(s, f))
			var primary []sat.Lit
			for _, mv := range moves {
				primary = append(primary, mv.from...)
				primary = append(primary, mv.to...)
			}
			got, all, err := sat.Enumerate(context.Background(), s, primary, 0, func(a sat.Assignment) bool {
				var plan Plan
				for _, mv := range moves {
					move, _ := m.Action(a, mv)
					plan = append(plan, move)
				}
				require.NoError(t, Check(p, rule, plan))
				return true
			})
			require.NoError(t, err)
			require.True(t, all)
			if noSymmetry {
				require.Equal(t, want, got, "plans of %d moves", k)
			} else {
				require.LessOrEqual(t, got, want)
				if k == distance && want > 0 {
					require.Positive(t, got, "symmetry breaking keeps an optimal plan")
				}
			}
		}
	})
}

// TestSATCorpus solves the small corpus levels (up to 7 bottles; up to 9
// bottles with -long) under both rules: the SAT optimum is the best known
// count; unsolvable levels end in an unknown at a short horizon.
func TestSATCorpus(t *testing.T) {
	maxBottles := 7
	if *long {
		maxBottles = 9
	}
	for _, lv := range loadCorpus(t) {
		if len(lv.puzzle.Bottles) > maxBottles || lv.Capacity > 4 {
			continue
		}
		for _, rule := range []Rule{Whole, Fits} {
			t.Run(fmt.Sprintf("%s/%v", lv.ID, rule), func(t *testing.T) {
				opt := SATOptions{Rule: rule}
				if !lv.Solvable {
					opt.MaxMoves = 10
				}
				res, err := SolveSAT(t.Context(), lv.puzzle, gini.New(), opt)
				checkRounds(t, res, opt)
				if !lv.Solvable {
					assert.ErrorIs(t, err, ErrHorizon)
					assert.Equal(t, Unknown, res.Status)
					return
				}
				require.NoError(t, err)
				require.Equal(t, Solved, res.Status)
				require.NoError(t, Check(lv.puzzle, rule, res.Plan))
				want := lv.BestWhole
				if rule == Fits {
					want = lv.BestFits
				}
				assert.Len(t, res.Plan, *want)
			})
		}
	}
}

// TestSATGenerated compares the SAT method with BFS on generated levels of
// the usual shape (capacity 4, two empty bottles), from 5 to 7 bottles (8
// and 9 with -long).
func TestSATGenerated(t *testing.T) {
	most := 7
	if *long {
		most = 9
	}
	for n := 5; n <= most; n++ {
		for seed := uint64(1); seed <= 3; seed++ {
			p, err := Generate(n, 4, 2, seed)
			require.NoError(t, err)
			for _, rule := range []Rule{Whole, Fits} {
				t.Run(fmt.Sprintf("n=%d/seed=%d/%v", n, seed, rule), func(t *testing.T) {
					bfs, err := Solve(t.Context(), p, Options{Rule: rule})
					require.NoError(t, err)
					solveSATLike(t, p, SATOptions{Rule: rule}, bfs, 12)
				})
			}
		}
	}
}

// solveSATLike solves p with the SAT method on gini and checks its answer
// against want, a search's: the same number of moves, a plan the checker
// accepts and every horizon before it refuted; for an unsolvable level,
// every horizon up to unsolvable refuted and no answer.
func solveSATLike(t *testing.T, p *Puzzle, opt SATOptions, want Result, unsolvable int) SATResult {
	if want.Status == Unsolvable {
		opt.MaxMoves = unsolvable
	}
	res, err := SolveSAT(t.Context(), p, gini.New(), opt)
	checkRounds(t, res, opt)
	if want.Status == Unsolvable {
		assert.ErrorIs(t, err, ErrHorizon)
		return res
	}
	require.NoError(t, err)
	require.NoError(t, Check(p, opt.Rule, res.Plan))
	require.Len(t, res.Plan, len(want.Plan))
	return res
}

// TestSATBackends solves one level with gophersat (constraints given
// natively and as clauses) and with gini under each encoding: the same
// optimum every time.
func TestSATBackends(t *testing.T) {
	p, err := Generate(6, 4, 2, 2)
	require.NoError(t, err)
	bfs, err := Solve(context.Background(), p, Options{Rule: Fits})
	require.NoError(t, err)
	require.Equal(t, Solved, bfs.Status)
	type backend struct {
		name string
		s    sat.Solver
		enc  sat.Encoding
	}
	backends := []backend{
		{"gophersat/native", gophersat.New(), sat.Native},
		{"gophersat/totalizer", gophersat.New(), sat.Totalizer},
	}
	for _, enc := range []sat.Encoding{sat.Totalizer, sat.Sequential, sat.SortingNetwork} {
		backends = append(backends, backend{"gini/" + enc.String(), gini.New(), enc})
	}
	for _, b := range backends {
		// gophersat runs in this process under a context that cannot end.
		res, err := SolveSAT(context.Background(), p, b.s, SATOptions{Rule: Fits, Encoding: b.enc})
		require.NoError(t, err, b.name)
		require.NoError(t, Check(p, Fits, res.Plan), b.name)
		assert.Len(t, res.Plan, len(bfs.Plan), b.name)
	}
}

func TestSATStops(t *testing.T) {
	p, err := Generate(8, 4, 2, 2)
	require.NoError(t, err)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := SolveSAT(ctx, p, gini.New(), SATOptions{})
	assert.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, Unknown, res.Status)

	ctx, cancel = context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	big, err := Generate(14, 4, 2, 1)
	require.NoError(t, err)
	res, err = SolveSAT(ctx, big, gini.New(), SATOptions{})
	assert.ErrorIs(t, err, context.DeadlineExceeded)
	assert.Equal(t, Unknown, res.Status)

	res, err = SolveSAT(context.Background(), p, gini.New(), SATOptions{MaxMoves: 17, FromZero: true})
	assert.ErrorIs(t, err, ErrHorizon)
	assert.Equal(t, Unknown, res.Status)
	assert.Len(t, res.Rounds, 18, "horizons 0 to 17 refuted")
	checkRounds(t, res, SATOptions{FromZero: true})

	var seen []int
	res, err = SolveSAT(context.Background(), p, gini.New(), SATOptions{Progress: func(r statespace.Round) { seen = append(seen, r.K) }})
	require.NoError(t, err)
	assert.Len(t, seen, len(res.Rounds))

	_, err = SolveSAT(context.Background(), &Puzzle{Capacity: 2, Bottles: [][]int{{0}}}, gini.New(), SATOptions{})
	assert.ErrorIs(t, err, ErrInvalidPuzzle)
	_, err = SolveSAT(context.Background(), p, gini.New(), SATOptions{Rule: Rule(7)})
	assert.ErrorContains(t, err, "unknown rule")
}

func TestSATTrivial(t *testing.T) {
	solved := &Puzzle{Capacity: 2, Bottles: [][]int{{0, 0}, {}, {1, 1}}}
	res, err := SolveSAT(context.Background(), solved, gini.New(), SATOptions{})
	require.NoError(t, err)
	assert.Equal(t, Solved, res.Status)
	assert.Empty(t, res.Plan)
	require.Len(t, res.Rounds, 1)
	assert.Equal(t, 0, res.Rounds[0].K)

	_, f, moves := unroll(solved, Fits, satKnobs{}, 1)
	assert.Len(t, moves, 1)
	s := gini.New()
	require.NoError(t, sat.Load(s, f))
	st, err := s.Solve(context.Background())
	require.NoError(t, err)
	assert.Equal(t, sat.Unsat, st, "its one-move plans pour a bottle of one colour into an empty one, which symmetry breaking forbids")
}

// parallelCases are small generated levels (bottles, capacity, empty
// bottles, seed) on which EncodingParallel is checked against A*.
var parallelCases = []struct {
	n, capacity, empty int
	seed               uint64
}{
	{4, 2, 1, 1}, {4, 3, 1, 2}, {5, 3, 2, 1}, {5, 4, 2, 3}, {6, 3, 2, 4},
	{6, 4, 2, 1}, {6, 4, 2, 2}, {7, 3, 2, 5},
}

// TestSATParallel solves parallelCases with EncodingParallel under both
// rules, with and without symmetry breaking and lower bounds: the optimum
// is A*'s, the plan passes the checker, and every horizon before it was
// refuted. The steps the solver returns are checked by satParallel.Check
// (disjoint bottles, at most the horizon's moves); at least one level must
// play two moves in one step, or the encoding would be sequential in
// disguise.
func TestSATParallel(t *testing.T) {
	parallel := 0
	for _, c := range parallelCases {
		p, err := Generate(c.n, c.capacity, c.empty, c.seed)
		require.NoError(t, err)
		for _, rule := range []Rule{Whole, Fits} {
			parts := []satKnobs{{}}
			if c.n <= 5 {
				// Without symmetry breaking or bounds the larger ones take seconds.
				parts = append(parts, satKnobs{noSymmetry: true}, satKnobs{noBound: true})
			}
			for _, knobs := range parts {
				name := fmt.Sprintf("n=%d/cap=%d/seed=%d/%v/nosym=%t/nobound=%t", c.n, c.capacity, c.seed, rule, knobs.noSymmetry, knobs.noBound)
				t.Run(name, func(t *testing.T) {
					astar, err := Solve(t.Context(), p, Options{Rule: rule, Method: AStar})
					require.NoError(t, err)
					// A wrong encoding fails rather than runs on.
					opt := SATOptions{Rule: rule, Variant: EncodingParallel, knobs: knobs, MaxMoves: len(astar.Plan)}
					res := solveSATLike(t, p, opt, astar, 8)
					if astar.Status == Unsolvable {
						return
					}

					// The same search, keeping the steps.
					u := newSATModel(p, rule, sat.Totalizer, EncodingParallel.knobs(knobs))
					steps, err := statespace.SolveSAT(t.Context(), &satParallel{u}, gini.New(),
						statespace.SATOptions{HorizonOptions: statespace.HorizonOptions{From: res.LowerBound, MaxHorizon: opt.MaxMoves}})
					require.NoError(t, err)
					require.Len(t, flatten(steps.Plan), len(astar.Plan))
					if len(steps.Plan) < len(astar.Plan) {
						parallel++
					}
				})
			}
		}
	}
	assert.Positive(t, parallel, "no plan played two moves in one step")
}

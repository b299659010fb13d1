package jugs

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/cp"
	"github.com/waterworks-solver/waterworks/sat"
	"github.com/waterworks-solver/waterworks/sat/gini"
)

// smallPuzzles returns puzzles with every combination of start amounts,
// for capacities caps, with and without a tap.
func smallPuzzles(caps ...int) []*Puzzle {
	var out []*Puzzle
	var states [][]int
	var rec func(prefix []int)
	rec = func(prefix []int) {
		if len(prefix) == len(caps) {
			states = append(states, append([]int(nil), prefix...))
			return
		}
		for v := 0; v <= caps[len(prefix)]; v++ {
			rec(append(prefix, v))
		}
	}
	rec(nil)
	for _, tap := range []bool{true, false} {
		for _, s := range states {
			// A target no jug holds leaves the goal out of the way.
			out = append(out, &Puzzle{Capacities: caps, Initial: s, Tap: tap, Goal: GoalAny, Target: 1000})
		}
	}
	return out
}

// amountOf reads an amount of encoding enc from a model.
func amountOf(a sat.Assignment, enc Encoding, x []sat.Lit) int {
	v := 0
	if enc == EncodingBinary {
		for b := len(x) - 1; b >= 0; b-- {
			v = 2 * v
			if a.Value(x[b]) {
				v++
			}
		}
		return v
	}
	for v < len(x) && a.Value(x[v]) {
		v++
	}
	return v
}

// encodings lists every Encoding.
func encodings(t *testing.T) []Encoding {
	var out []Encoding
	for _, name := range EncodingNames() {
		enc, err := ParseEncoding(name)
		require.NoError(t, err)
		require.Equal(t, name, enc.String())
		out = append(out, enc)
	}
	return out
}

// TestSATStep checks the CNF of one step against Apply: from every state
// of small puzzles, every legal action leads to exactly Apply's state, and
// an illegal one is unsatisfiable.
func TestSATStep(t *testing.T) {
	ctx := context.Background()
	for _, caps := range [][]int{{3, 2}, {2, 3, 1}, {5, 6}} {
		for _, p := range smallPuzzles(caps...) {
			for _, enc := range encodings(t) {
				testSATStep(t, ctx, p, enc)
			}
		}
	}
}

// testSATStep checks every action from the start of p in encoding enc,
// with the start as constants (StartState) and as variables that Start
// fixes, so that the gates of the encoding are built and not folded.
func testSATStep(t *testing.T, ctx context.Context, p *Puzzle, enc Encoding) {
	enc = enc.For(p)
	for _, constant := range []bool{true, false} {
		s := gini.New()
		e, f := newSATModel(p, p, false), sat.NewFormula()
		e.enc = enc
		var s0 *satState
		if constant {
			s0 = e.StartState(f)
		} else {
			e.use(f)
			s0 = e.State(f)
			e.Start(f, s0)
		}
		s1 := e.State(f)
		step := e.Step(f, s0, s1)
		require.NoError(t, sat.Load(s, f))
		for i, a := range e.actions {
			name := fmt.Sprintf("%v (constant start %v): caps %v tap %v from %v by %v", enc, constant, p.Capacities, p.Tap, p.Initial, a)
			st, err := s.Solve(ctx, step.act[i])
			require.NoError(t, err)
			want := p.Start()
			if !p.Apply(want, a) {
				assert.Equal(t, sat.Unsat, st, "%s: illegal, yet satisfiable", name)
				continue
			}
			require.Equal(t, sat.Sat, st, "%s: legal, yet unsatisfiable", name)
			for j, x := range s1.level {
				assert.Equal(t, want[j], amountOf(s, enc, x), "%s: jug %d", name, j+1)
				// No other amount is possible.
				for _, other := range e.is(x, want[j]) {
					if other.Var() == e.top.Var() {
						continue
					}
					st, err := s.Solve(ctx, step.act[i], other.Not())
					require.NoError(t, err)
					assert.Equal(t, sat.Unsat, st, "%s: jug %d may differ", name, j+1)
				}
			}
		}
	}
}

// cpUnrolled is a cp model of k steps from the start, with distinct
// states (the completeness test's question), built as statespace.SolveCP
// builds it.
type cpUnrolled struct {
	s      *cp.Solver
	amount [][]cp.Var // amount[t][j]
	act    []cp.Var   // act[t], t >= 1
}

func buildCP(t *testing.T, e *cpModel, k int) cpUnrolled {
	t.Helper()
	s := cp.New()
	md := cpUnrolled{s: s, amount: [][]cp.Var{e.State(s)}, act: make([]cp.Var, k+1)}
	require.NoError(t, e.Start(s, md.amount[0]))
	var last cpStep
	for u := 1; u <= k; u++ {
		md.amount = append(md.amount, e.State(s))
		step := e.Step(s, md.amount[u-1], md.amount[u])
		if u >= 2 {
			e.Consecutive(s, last, step)
		}
		md.act[u], last = step.act, step
	}
	require.NoError(t, e.Distinct(s, md.amount))
	return md
}

// TestCPStep checks both transition models of the cp core against Apply:
// fixing the action of the first step must fix the amounts after it to
// Apply's by propagation alone, or fail for an illegal action.
func TestCPStep(t *testing.T) {
	for _, tables := range []bool{false, true} {
		for _, caps := range [][]int{{3, 2}, {2, 3, 1}} {
			for _, p := range smallPuzzles(caps...) {
				e := newCPModel(p, p, CPOptions{Tables: tables})
				for i, a := range e.actions {
					name := fmt.Sprintf("tables %v caps %v tap %v from %v by %v", tables, caps, p.Tap, p.Initial, a)
					md := buildCP(t, e, 1)
					err := md.s.Assign(md.act[1], i)
					if err == nil {
						err = md.s.Propagate()
					}
					want := p.Start()
					if !p.Apply(want, a) {
						assert.ErrorIs(t, err, cp.ErrInconsistent, name)
						continue
					}
					require.NoError(t, err, name)
					for j, v := range md.amount[1] {
						if assert.True(t, md.s.Fixed(v), "%s: jug %d not fixed: %s", name, j+1, md.s.Describe(v)) {
							assert.Equal(t, want[j], md.s.Value(v), "%s: jug %d", name, j+1)
						}
					}
				}
			}
		}
	}
}

// TestCPTwoSteps fixes the second action of two before the first, so
// that the step propagator also narrows a step whose amounts before are
// not known yet; the end state must still be Apply's, and a pair that is
// illegal or pruned must fail.
func TestCPTwoSteps(t *testing.T) {
	for _, caps := range [][]int{{3, 2}, {2, 1, 2}} {
		for _, p := range smallPuzzles(caps...) {
			e := newCPModel(p, p, CPOptions{})
			pruned := map[[2]int]bool{}
			for _, pr := range prunedPairs(e.actions) {
				pruned[pr] = true
			}
			for i, a := range e.actions {
				for j, b := range e.actions {
					name := fmt.Sprintf("caps %v tap %v from %v by %v then %v", caps, p.Tap, p.Initial, a, b)
					md := buildCP(t, e, 2)
					err := md.s.Assign(md.act[2], j)
					if err == nil {
						err = md.s.Propagate()
					}
					if err == nil {
						err = md.s.Assign(md.act[1], i)
					}
					if err == nil {
						err = md.s.Propagate()
					}
					want := p.Start()
					if !p.Apply(want, a) || !p.Apply(want, b) || pruned[[2]int{i, j}] || slices.Equal(want, p.Initial) {
						assert.Error(t, err, name)
						continue
					}
					require.NoError(t, err, name)
					for q, v := range md.amount[2] {
						if assert.True(t, md.s.Fixed(v), "%s: jug %d not fixed", name, q+1) {
							assert.Equal(t, want[q], md.s.Value(v), "%s: jug %d", name, q+1)
						}
					}
				}
			}
		}
	}
}

// TestPrunedPairs checks the claims behind prunedPairs on every state of
// small puzzles: a commuting pair ends in the same state in either order,
// and a wasted pair ends where doing nothing, one action, or a pair that
// comes earlier in ActionIndex order also ends, and that pair is legal.
func TestPrunedPairs(t *testing.T) {
	for _, caps := range [][]int{{3, 5}, {4, 2, 3}, {2, 2, 1}} {
		for _, p := range smallPuzzles(caps...) {
			actions := p.Actions()
			do := func(s State, as ...Action) (State, bool) {
				s = append(State(nil), s...)
				for _, a := range as {
					if !p.Apply(s, a) {
						return nil, false
					}
				}
				return s, true
			}
			s := p.Start()
			for _, pr := range prunedPairs(actions) {
				a, b := actions[pr[0]], actions[pr[1]]
				got, ok := do(s, a, b)
				if !ok {
					continue
				}
				name := fmt.Sprintf("caps %v from %v: %v then %v", caps, s, a, b)
				if independent(a, b) && !wasted(a, b) {
					other, ok := do(s, b, a)
					assert.True(t, ok, "%s: the other order is illegal", name)
					assert.Equal(t, got, other, name)
					continue
				}
				same := slices.Equal(got, s)
				for i, c := range actions {
					if r, ok := do(s, c); ok && slices.Equal(r, got) {
						same = true
					}
					for _, d := range actions {
						if i < pr[0] || i == pr[0] && p.ActionIndex(d) < pr[1] {
							if r, ok := do(s, c, d); ok && slices.Equal(r, got) {
								same = true
							}
						}
					}
				}
				assert.True(t, same, "%s: no shorter or earlier equivalent", name)
			}
		}
	}
}

// TestScaleDown checks that scaling by the unit keeps plans valid.
func TestScaleDown(t *testing.T) {
	p := &Puzzle{Capacities: []int{6, 10}, Initial: []int{0, 0}, Tap: true, Goal: GoalState, GoalState: []int{DontCare, 8}}
	q, unit := scaleDown(p)
	assert.Equal(t, 2, unit)
	assert.Equal(t, []int{3, 5}, q.Capacities)
	assert.Equal(t, []int{DontCare, 4}, q.GoalState)
	r, err := BFS(context.Background(), q, Options{})
	require.NoError(t, err)
	require.True(t, r.Solvable())
	assert.NoError(t, Check(p, r.Plan), "a plan of the scaled puzzle solves the puzzle")
	same, unit := scaleDown(&Puzzle{Capacities: []int{3, 5}, Initial: []int{0, 0}})
	assert.Equal(t, 1, unit)
	assert.Equal(t, []int{3, 5}, same.Capacities)
}

// TestRoundClauses checks that roundClauses bounds what a round adds, so
// that MaxClauses stops SolveSAT before the formula outgrows it.
func TestRoundClauses(t *testing.T) {
	for _, p := range []*Puzzle{
		{Capacities: []int{3, 5}, Initial: []int{0, 0}, Tap: true, Target: 4},
		{Capacities: []int{8, 5, 3}, Initial: []int{8, 0, 0}, Goal: GoalState, GoalState: []int{4, 4, 0}},
		{Capacities: []int{9, 4, 7, 2}, Initial: []int{0, 0, 0, 0}, Tap: true, Goal: GoalTotal, Target: 13},
	} {
		for _, c := range []struct {
			complete bool
			enc      Encoding
		}{{false, EncodingOrder}, {true, EncodingOrder}, {false, EncodingBinary}, {true, EncodingBinary}} {
			complete := c.complete
			e, f := newSATModel(p, p, complete), sat.NewFormula()
			e.enc = c.enc
			states := []*satState{e.StartState(f)}
			var last satStep
			for k := 1; k <= 6; k++ {
				bound, before := e.StepClauses(), f.NumClauses()
				st := e.State(f)
				step := e.Step(f, states[k-1], st)
				if k >= 2 {
					e.Consecutive(f, last, step)
				}
				if complete {
					for _, earlier := range states {
						e.Distinct(f, earlier, st)
					}
				}
				states, last = append(states, st), step
				e.GoalLit(f, st)
				added := f.NumClauses() - before
				assert.LessOrEqual(t, added, bound, "%v %v complete %v k %d", p.Capacities, c.enc, complete, k)
				if k >= 2 { // the sums after step 0 are constants, without clauses
					assert.Greater(t, 4*added, bound, "%v %v complete %v k %d: the bound is within 4 times", p.Capacities, c.enc, complete, k)
				}
			}
		}
	}
}

// TestPruningCounts pins the effect of prunedPairs that horizon.go
// quotes: on four jugs of 57, 24, 22 and 9 with a tap (corpus puzzle
// gen-jug4-10), the sequences of 8 legal actions from the start, and those
// the pruning allows.
func TestPruningCounts(t *testing.T) {
	p := &Puzzle{Capacities: []int{57, 24, 22, 9}, Initial: []int{0, 0, 0, 0}, Tap: true, Target: 12}
	actions := p.Actions()
	pruned := map[[2]int]bool{}
	for _, pr := range prunedPairs(actions) {
		pruned[pr] = true
	}
	count := func(prune bool) int {
		type node struct {
			state string
			last  int
		}
		layer := map[node]int{{fmt.Sprint(p.Initial), -1}: 1}
		states := map[string]State{fmt.Sprint(p.Initial): p.Start()}
		for range 8 {
			next := map[node]int{}
			for n, c := range layer {
				for i, a := range actions {
					if prune && n.last >= 0 && pruned[[2]int{n.last, i}] {
						continue
					}
					s := slices.Clone(states[n.state])
					if !p.Apply(s, a) {
						continue
					}
					key := fmt.Sprint(s)
					states[key] = s
					next[node{key, i}] += c
				}
			}
			layer = next
		}
		total := 0
		for _, c := range layer {
			total += c
		}
		return total
	}
	assert.Equal(t, 13_968_352, count(false))
	assert.Equal(t, 523_117, count(true))
}

package jugs

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestValidate(t *testing.T) {
	good := func() Puzzle {
		return Puzzle{Capacities: []int{3, 5}, Initial: []int{0, 0}, Tap: true, Target: 4}
	}
	tests := []struct {
		name   string
		change func(p *Puzzle)
		want   string // substring of the error, "" for a valid puzzle
	}{
		{"valid", func(p *Puzzle) {}, ""},
		{"valid state goal with don't care", func(p *Puzzle) {
			p.Goal, p.GoalState = GoalState, []int{DontCare, 4}
		}, ""},
		{"valid target above every capacity", func(p *Puzzle) { p.Target = 99 }, ""},
		{"no jugs", func(p *Puzzle) { p.Capacities, p.Initial = nil, nil }, "no jugs"},
		{"too many jugs", func(p *Puzzle) {
			p.Capacities, p.Initial = make([]int, MaxJugs+1), make([]int, MaxJugs+1)
		}, "at most 64"},
		{"negative capacity", func(p *Puzzle) { p.Capacities[1] = -5 }, "jug 2 has capacity -5"},
		{"zero capacity", func(p *Puzzle) { p.Capacities[0] = 0 }, "jug 1 has capacity 0"},
		{"huge capacity", func(p *Puzzle) { p.Capacities[0] = MaxCapacity + 1 }, "at most"},
		{"initial length", func(p *Puzzle) { p.Initial = []int{0} }, "1 initial amounts for 2 jugs"},
		{"initial above capacity", func(p *Puzzle) { p.Initial[0] = 4 }, "jug 1 starts with 4, outside 0..3"},
		{"negative initial", func(p *Puzzle) { p.Initial[1] = -1 }, "jug 2 starts with -1"},
		{"negative target", func(p *Puzzle) { p.Target = -1 }, "negative target"},
		{"goal state length", func(p *Puzzle) {
			p.Goal, p.GoalState = GoalState, []int{1}
		}, "goal state has 1 entries for 2 jugs"},
		{"goal state above capacity", func(p *Puzzle) {
			p.Goal, p.GoalState = GoalState, []int{1, 6}
		}, "wants 6 in jug 2, outside 0..5"},
		{"goal state negative", func(p *Puzzle) {
			p.Goal, p.GoalState = GoalState, []int{-2, 0}
		}, "wants -2 in jug 1"},
		{"unknown goal", func(p *Puzzle) { p.Goal = 7 }, "unknown goal Goal(7)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := good()
			tt.change(&p)
			err := p.Validate()
			if tt.want == "" {
				assert.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.ErrorIs(t, err, ErrInvalidPuzzle)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

func TestParseGoal(t *testing.T) {
	for _, g := range []Goal{GoalAny, GoalTotal, GoalState} {
		got, err := ParseGoal(g.String())
		require.NoError(t, err)
		assert.Equal(t, g, got)
	}
	_, err := ParseGoal("some")
	assert.ErrorContains(t, err, `unknown goal "some"`)
}

func TestJugName(t *testing.T) {
	distinct := &Puzzle{Capacities: []int{8, 5, 3}}
	assert.Equal(t, []string{"J8", "J5", "J3"}, names(distinct))
	repeated := &Puzzle{Capacities: []int{6, 6, 1}}
	assert.Equal(t, []string{"J1", "J2", "J3"}, names(repeated), "when two jugs share a capacity, all are named by position")
}

func names(p *Puzzle) []string {
	var out []string
	for i := range p.Capacities {
		out = append(out, p.JugName(i))
	}
	return out
}

func TestActionIndexInvertsActions(t *testing.T) {
	for _, p := range []*Puzzle{
		{Capacities: []int{3}, Tap: true},
		{Capacities: []int{3, 5}, Tap: true},
		{Capacities: []int{8, 5, 3}},
		{Capacities: []int{4, 4, 4, 4}, Tap: true},
	} {
		as := p.Actions()
		require.Len(t, as, p.NumActions())
		for i, a := range as {
			assert.Equal(t, i, p.ActionIndex(a), "%v of %v", a, p.Capacities)
		}
	}
}

func TestActionIndexRejects(t *testing.T) {
	tap := &Puzzle{Capacities: []int{3, 5}, Tap: true}
	noTap := &Puzzle{Capacities: []int{3, 5}}
	for _, tt := range []struct {
		p *Puzzle
		a Action
	}{
		{noTap, Fill(0)},
		{noTap, Empty(1)},
		{tap, Fill(2)},
		{tap, Empty(-1)},
		{tap, Pour(0, 0)},
		{tap, Pour(0, 2)},
		{tap, Action{Op: OpFill, Jug: 0, To: 1}},
		{tap, Action{}},
	} {
		assert.Equal(t, -1, tt.p.ActionIndex(tt.a), "%v with tap=%v", tt.a, tt.p.Tap)
		assert.False(t, tt.p.Legal(State{1, 1}, tt.a))
	}
}

func TestApply(t *testing.T) {
	p := &Puzzle{Capacities: []int{3, 5}, Initial: []int{0, 0}, Tap: true}
	s := p.Start()
	steps := []struct {
		a    Action
		ok   bool
		want State
	}{
		{Fill(1), true, State{0, 5}},
		{Fill(1), false, State{0, 5}}, // already full: changes nothing
		{Pour(1, 0), true, State{3, 2}},
		{Pour(1, 0), false, State{3, 2}}, // destination full
		{Empty(0), true, State{0, 2}},
		{Empty(0), false, State{0, 2}},
		{Pour(1, 0), true, State{2, 0}}, // source runs dry
		{Pour(1, 0), false, State{2, 0}},
	}
	for i, st := range steps {
		assert.Equal(t, st.ok, p.Apply(s, st.a), "step %d %v", i+1, st.a)
		assert.Equal(t, st.want, s, "step %d %v", i+1, st.a)
	}
	assert.Equal(t, State{0, 0}, p.Start(), "Start returns a fresh copy")
}

func TestAtGoal(t *testing.T) {
	p := &Puzzle{Capacities: []int{3, 5}, Initial: []int{0, 0}, Target: 4}
	assert.True(t, p.AtGoal(State{0, 4}))
	assert.False(t, p.AtGoal(State{3, 1}))
	p.Goal = GoalTotal
	assert.True(t, p.AtGoal(State{3, 1}))
	assert.False(t, p.AtGoal(State{0, 5}))
	p.Goal, p.GoalState = GoalState, []int{DontCare, 4}
	assert.True(t, p.AtGoal(State{2, 4}))
	assert.False(t, p.AtGoal(State{4, 2}))
}

func TestStringers(t *testing.T) {
	assert.Equal(t, "pour(1,0)", Pour(1, 0).String())
	assert.Equal(t, "fill(2)", Fill(2).String())
	assert.Equal(t, "empty(0)", Empty(0).String())
	assert.True(t, strings.HasPrefix(Op(9).String(), "Op("))
	assert.False(t, errors.Is(ErrWrongPlan, ErrInvalidPuzzle))
}

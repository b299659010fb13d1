package aquariumkind

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqasp"
)

// raceGrid has two Solutions: the left column full, or the right one.
var raceGrid = &aquarium.Puzzle{Width: 2, Height: 2, Regions: []int{0, 1, 0, 1}, Rows: []int{1, 1}, Cols: []int{aquarium.NoClue, aquarium.NoClue}}

func raceSolution(rows ...string) aquarium.Solution {
	s := aquarium.NewSolution(2, 2)
	for r, row := range rows {
		for c, ch := range row {
			s.Cells[r*2+c] = aquarium.Empty
			if ch == '#' {
				s.Cells[r*2+c] = aquarium.Water
			}
		}
	}
	return s
}

// fakeEngine answers after delay, or gives up with ctx's error as soon as
// ctx ends; returned counts the engines that have returned.
func fakeEngine(name string, delay time.Duration, got Outcome, err error, returned *atomic.Int32) Engine {
	return Engine{Name: name, Solve: func(ctx context.Context, p *aquarium.Puzzle, rule aquarium.Rule, limit int) (Outcome, error) {
		defer returned.Add(1)
		select {
		case <-time.After(delay):
			return got, err
		case <-ctx.Done():
			return Outcome{}, ctx.Err()
		}
	}}
}

func winner(got Outcome) any {
	for _, s := range got.Stats {
		if s.Name == "winner" {
			return s.Value
		}
	}
	return nil
}

func TestRaceFastestWins(t *testing.T) {
	left, right := raceSolution("#.", "#."), raceSolution(".#", ".#")
	both := Outcome{Solutions: []aquarium.Solution{left, right}, Stats: kind.StatList{{Name: "nodes", Value: 3}}}
	var returned atomic.Int32
	engines := []Engine{
		fakeEngine("slow", 10*time.Second, both, nil, &returned),
		fakeEngine("fast", 10*time.Millisecond, both, nil, &returned),
		fakeEngine("slower", 20*time.Second, both, nil, &returned),
	}
	start := time.Now()
	got, err := race(engines)(context.Background(), raceGrid, aquarium.RegionRule, 2)
	require.NoError(t, err)
	assert.Less(t, time.Since(start), 2*time.Second, "the others are stopped, not waited for")
	assert.Equal(t, int32(3), returned.Load(), "every engine has returned when the race does")
	assert.Equal(t, "fast", winner(got))
	assert.Equal(t, kind.StatList{{Name: "winner", Value: "fast"}, {Name: "nodes", Value: 3}}, got.Stats)
	assert.Len(t, got.Solutions, 2)
}

// TestRaceFailuresDoNotWin gives the race engines that fail, crash, answer
// wrongly, answer more than asked or stop short, all before the one right
// engine: none of them wins, and the race does not hang.
func TestRaceFailuresDoNotWin(t *testing.T) {
	left, right := raceSolution("#.", "#."), raceSolution(".#", ".#")
	wrong := raceSolution("##", "##")
	var returned atomic.Int32
	crash := Engine{Name: "crash", Solve: func(context.Context, *aquarium.Puzzle, aquarium.Rule, int) (Outcome, error) {
		defer returned.Add(1)
		var m map[string]int
		m["boom"]++ // a nil map write panics
		return Outcome{}, nil
	}}
	engines := []Engine{
		fakeEngine("fails", 0, Outcome{}, errors.New("exit status 1"), &returned),
		crash,
		fakeEngine("wrong", 0, Outcome{Solutions: []aquarium.Solution{wrong}, Exhausted: true}, nil, &returned),
		fakeEngine("short", 0, Outcome{Solutions: []aquarium.Solution{left}}, nil, &returned),
		fakeEngine("too many", 0, Outcome{Solutions: []aquarium.Solution{left, right, left}}, nil, &returned),
		fakeEngine("right", 100*time.Millisecond, Outcome{Solutions: []aquarium.Solution{left, right}}, nil, &returned),
	}
	got, err := race(engines)(context.Background(), raceGrid, aquarium.RegionRule, 2)
	require.NoError(t, err)
	assert.Equal(t, "right", winner(got))
	assert.Equal(t, int32(6), returned.Load())
	failed := got.Stats[1]
	require.Equal(t, "failed", failed.Name)
	for _, want := range []string{"fails: exit status 1", "crash: crashed", "wrong: solution 1 fails the check",
		"short: stopped without a complete answer", "too many: 3 solutions"} {
		assert.Contains(t, failed.Value, want)
	}

	// With no right engine, the race reports every failure.
	_, err = race(engines[:5])(context.Background(), raceGrid, aquarium.RegionRule, 2)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "race: no engine answered")
	assert.Contains(t, err.Error(), "crash: crashed")
}

// TestRaceStopsAtTheDeadline checks that the end of ctx ends the race at
// once, with ctx's error and what was found.
func TestRaceStopsAtTheDeadline(t *testing.T) {
	var returned atomic.Int32
	left := raceSolution("#.", "#.")
	engines := []Engine{
		fakeEngine("a", time.Hour, Outcome{}, nil, &returned),
		fakeEngine("b", time.Hour, Outcome{}, nil, &returned),
		{Name: "partial", Solve: func(ctx context.Context, p *aquarium.Puzzle, rule aquarium.Rule, limit int) (Outcome, error) {
			defer returned.Add(1)
			<-ctx.Done()
			return Outcome{Solutions: []aquarium.Solution{left}}, ctx.Err()
		}},
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	got, err := race(engines)(ctx, raceGrid, aquarium.RegionRule, 2)
	assert.ErrorIs(t, err, context.DeadlineExceeded)
	assert.Less(t, time.Since(start), time.Second)
	assert.Equal(t, int32(3), returned.Load())
	assert.Len(t, got.Solutions, 1, "the solution found before the deadline")
}

// TestRaceRules checks that engines of the region rule alone sit out a
// pool-rule puzzle.
func TestRaceRules(t *testing.T) {
	var returned atomic.Int32
	left, right := raceSolution("#.", "#."), raceSolution(".#", ".#")
	both := Outcome{Solutions: []aquarium.Solution{left, right}}
	regionOnly := fakeEngine("region", 0, both, nil, &returned)
	regionOnly.RegionOnly = true
	engines := []Engine{regionOnly, fakeEngine("any", 50*time.Millisecond, both, nil, &returned)}
	got, err := race(engines)(context.Background(), raceGrid, aquarium.PoolRule, 2)
	require.NoError(t, err)
	assert.Equal(t, "any", winner(got))
	got, err = race(engines)(context.Background(), raceGrid, aquarium.RegionRule, 2)
	require.NoError(t, err)
	assert.Equal(t, "region", winner(got))
}

// TestRaceRealEngines races the real engines on small puzzles: the
// answer is right whoever wins.
func TestRaceRealEngines(t *testing.T) {
	for _, cores := range []int{1, 2, 3, 8} {
		engines, err := raceEngines(cores)
		require.NoError(t, err)
		var names []string
		for _, e := range engines {
			names = append(names, e.Name)
		}
		require.Equal(t, "cp", names[0])
		require.LessOrEqual(t, len(names), max(cores, 2))
		if aqasp.Available() {
			require.Equal(t, "clingo", names[1], "clingo runs on two cores and more")
		}
		if cores >= 3 {
			require.Contains(t, names, raceSAT, "the SAT backend runs from three cores on")
		}
		got, err := race(engines)(context.Background(), raceGrid, aquarium.RegionRule, 0)
		require.NoError(t, err)
		assert.True(t, got.Exhausted)
		assert.Len(t, got.Solutions, 2)
		assert.Contains(t, names, winner(got))
	}
}

package aquariumkind

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/aquariumfmt"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/minizinc"
	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/generate"
)

// needMiniZinc skips the test, saying why, when minizinc or its solver is
// not installed.
func needMiniZinc(t *testing.T, solver string) {
	t.Helper()
	if err := MiniZincAvailable(context.Background(), solver); err != nil {
		t.Skipf("skipping: %v", err)
	}
}

var longMiniZinc = flag.Bool("long", false, "TestMiniZincRandom: many more random puzzles")

// countLimit is how many solutions the MiniZinc tests count up to.
const countLimit = 20

// agreesWithCP runs minizinc:solver and the CP core on p under rule,
// counting up to countLimit: Run checks every solution with aquarium.Check,
// and the two must give the same answer. It returns that answer.
func agreesWithCP(t *testing.T, solver, id string, p *aquarium.Puzzle, rule aquarium.Rule) string {
	t.Helper()
	task := Task{ID: id, Puzzle: p, Rule: rule, Limit: countLimit}
	ctx := context.Background()
	want := Run(ctx, CP(), task)
	require.True(t, want.Status.Settled(), "cp on %s (%v): %s %v", id, rule, want.Status, want.Err)
	got := Run(ctx, MiniZinc(solver), task)
	require.True(t, got.Status.Settled(), "%s on %s (%v): %s %v", solver, id, rule, got.Status, got.Err)
	assert.Equal(t, want.Answer(countLimit).Key, got.Answer(countLimit).Key, "%s (%v)", id, rule)
	assert.Len(t, got.Solutions, len(want.Solutions), "%s (%v)", id, rule)
	return got.Answer(countLimit).Key
}

// testdataPuzzles reads the small puzzles of testdata: those of
// testdata/aquarium and the examples.
func testdataPuzzles(t *testing.T) []aquariumfmt.Document {
	t.Helper()
	root := filepath.Join("..", "..", "..", "testdata")
	var files []string
	for _, pattern := range []string{"aquarium/*.txt", "aquarium/*.jsonl", "examples/ambiguous/*.txt", "examples/puzzles/*"} {
		m, err := filepath.Glob(filepath.Join(root, pattern))
		require.NoError(t, err)
		files = append(files, m...)
	}
	var docs []aquariumfmt.Document
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		d, err := aquariumfmt.Read(f, data)
		require.NoError(t, err, f)
		docs = append(docs, d...)
	}
	require.NotEmpty(t, docs)
	return docs
}

// TestMiniZincTestdata solves every small testdata puzzle under both rules
// with aquarium.mzn on Gecode, and on waterworks' own FlatZinc solver when
// minizinc knows it ("waterworks minizinc install"): each solution passes
// the checker and the count (up to countLimit, with -a) is the CP core's.
// The puzzles must include one without a solution and one with several,
// under each rule.
func TestMiniZincTestdata(t *testing.T) {
	for _, solver := range []string{"gecode", "waterworks"} {
		t.Run(solver, func(t *testing.T) {
			needMiniZinc(t, solver)
			testdataAgree(t, solver)
		})
	}
}

// testdataAgree is TestMiniZincTestdata on one solver.
func testdataAgree(t *testing.T, solver string) {
	var mu sync.Mutex
	seen := map[string]bool{}
	t.Run("puzzles", func(t *testing.T) {
		done := map[string]bool{} // puzzles that come in several files run once
		for _, d := range testdataPuzzles(t) {
			var text strings.Builder
			require.NoError(t, aquariumfmt.WriteText(&text, aquariumfmt.Document{Puzzle: d.Puzzle}))
			if done[text.String()] {
				continue
			}
			done[text.String()] = true
			t.Run(filepath.Base(d.ID), func(t *testing.T) {
				t.Parallel() // minizinc spends much of its time starting
				for _, rule := range []aquarium.Rule{aquarium.RegionRule, aquarium.PoolRule} {
					key := agreesWithCP(t, solver, d.ID, d.Puzzle, rule)
					mu.Lock()
					seen[fmt.Sprintf("%v %s", rule, shape(key))] = true
					mu.Unlock()
				}
			})
		}
	})
	for _, rule := range []aquarium.Rule{aquarium.RegionRule, aquarium.PoolRule} {
		for _, s := range []string{"none", "one", "several"} {
			assert.True(t, seen[fmt.Sprintf("%v %s", rule, s)], "no testdata puzzle has %s solution under the %v rule", s, rule)
		}
	}
}

// shape says how many solutions an answer key counts: none, one or
// several.
func shape(key string) string {
	switch key {
	case "unsolvable":
		return "none"
	case "unique":
		return "one"
	}
	return "several"
}

// TestMiniZincRandom solves random small puzzles of both rules, with
// clues hidden so that many have several solutions, and pool-rule
// puzzles on region-rule layouts, on Gecode and the CP core: the answers
// agree and every solution passes the checker.
func TestMiniZincRandom(t *testing.T) {
	needMiniZinc(t, "gecode")
	rng := rand.New(rand.NewPCG(25, 5))
	n := 8
	if *longMiniZinc {
		n = 60
	}
	for i := range n {
		rule := []aquarium.Rule{aquarium.RegionRule, aquarium.PoolRule}[i%2]
		p, _ := generate.RandomPuzzle(rng, 2+rng.IntN(4), 2+rng.IntN(4), 2+rng.IntN(6), rule, rng.Float64()*0.7)
		agreesWithCP(t, "gecode", fmt.Sprintf("random %d", i), p, rule)
		if rule == aquarium.RegionRule { // the same clues, the other rule: often no solution
			agreesWithCP(t, "gecode", fmt.Sprintf("random %d", i), p, aquarium.PoolRule)
		}
	}
}

// TestMiniZincEngine checks what the engine reports beside its solutions.
func TestMiniZincEngine(t *testing.T) {
	needMiniZinc(t, "gecode")
	e := MiniZinc("gecode")
	assert.Equal(t, "minizinc:gecode", e.Name)
	r := Run(context.Background(), e, Task{ID: "grid", Puzzle: raceGrid, Rule: aquarium.RegionRule, Limit: 1})
	require.Equal(t, kind.StatusSolved, r.Status, "%v", r.Err)
	assert.Len(t, r.Solutions, 1)
	assert.False(t, r.Exhausted, "one solution asked for proves nothing about others")
	names := make([]string, len(r.Stats))
	for i, s := range r.Stats {
		names[i] = s.Name
	}
	assert.Contains(t, names, "nodes")
	assert.Contains(t, names, "flatTime")

	r = Run(context.Background(), MiniZinc("no-such-solver"), Task{ID: "grid", Puzzle: raceGrid, Rule: aquarium.RegionRule, Limit: 1})
	assert.Equal(t, kind.StatusError, r.Status)
	assert.ErrorContains(t, r.Err, "no-such-solver")

	err := MiniZincAvailable(context.Background(), "no-such-solver")
	assert.ErrorIs(t, err, ErrUnavailable)
	assert.ErrorIs(t, MiniZincAvailable(context.Background(), "-a"), ErrUnavailable, "a flag is no solver")
}

// TestMiniZincAbsent checks that without minizinc on PATH the engine is
// unavailable, and says so, rather than failing some other way.
func TestMiniZincAbsent(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	availability.Delete("gecode")
	defer availability.Delete("gecode")
	err := MiniZincAvailable(context.Background(), "gecode")
	assert.ErrorIs(t, err, ErrUnavailable)
	assert.ErrorIs(t, err, minizinc.ErrNotFound)
	r := Run(context.Background(), MiniZinc("gecode"), Task{ID: "grid", Puzzle: raceGrid, Rule: aquarium.RegionRule, Limit: 1})
	assert.Equal(t, kind.StatusError, r.Status)
	assert.ErrorIs(t, r.Err, minizinc.ErrNotFound)
}

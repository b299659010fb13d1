package logic_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqcorpus"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqcp"
	"github.com/waterworks-solver/waterworks/models/aquarium/internal/aqtest"
	"github.com/waterworks-solver/waterworks/models/aquarium/logic"
)

// corpusSolution reads a corpus solution's rows.
func corpusSolution(t *testing.T, c aqcorpus.Record) aquarium.Solution {
	t.Helper()
	s, err := aqtest.SolutionFromString(strings.Join(c.Solution, "\n"))
	require.NoError(t, err)
	return s
}

// requireFollowable checks that a deduction's words name what it is
// about: its line, its aquarium, and end as a sentence.
func requireFollowable(t *testing.T, p *aquarium.Puzzle, d logic.Deduction) {
	t.Helper()
	require.NotEmpty(t, d.Text)
	require.True(t, strings.HasSuffix(d.Text, "."), d.Text)
	if d.HasLine {
		require.Contains(t, strings.ToLower(d.Text), d.Line.String(), d.Text)
	}
	if d.Region >= 0 {
		require.Contains(t, strings.ToLower(d.Text), "aquarium", d.Text)
		require.Contains(t, d.Text, p.Name(d.Region), d.Text)
	}
	for _, b := range d.Branches {
		require.NotEmpty(t, b, "a supposition tells its steps: %s", d.Text)
		for _, s := range b {
			requireFollowable(t, p, s)
		}
	}
}

// TestCorpusHintsSound runs the whole chain of hints on every corpus
// puzzle from an empty grid and checks every deduction against every
// solution: no hint is unsound. Unique puzzles must be solved by it.
func TestCorpusHintsSound(t *testing.T) {
	for _, c := range aqcorpus.Load(t) {
		t.Run(c.ID, func(t *testing.T) {
			p := c.Puzzle()
			sols := aqtest.AllSolutions(t, p, aquarium.RegionRule, aquarium.Solution{})
			if c.IsUnique() {
				require.Len(t, sols, 1)
				require.Equal(t, corpusSolution(t, c), sols[0])
			}
			r, err := logic.NewReasoner(p, aquarium.RegionRule, aquarium.Solution{})
			require.NoError(t, err)
			chain, err := r.Explain(context.Background(), aqcp.DefaultLogicDepth)
			require.NoError(t, err)
			for _, d := range chain {
				aqtest.RequireSound(t, d, sols)
				requireFollowable(t, p, d)
			}
			require.Equal(t, c.IsUnique(), r.Solved())
		})
	}
}

// TestCorpusHintHalfFilled fills in half the cells of every corpus
// solution, as a person midway would have them, and asks for the next
// hint: it must be sound and told in words about its line and aquarium.
func TestCorpusHintHalfFilled(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 0))
	for _, c := range aqcorpus.Load(t) {
		if c.Solution == nil {
			continue
		}
		t.Run(c.ID, func(t *testing.T) {
			p := c.Puzzle()
			sol := corpusSolution(t, c)
			start := aquarium.NewSolution(p.Width, p.Height)
			for _, i := range rng.Perm(len(sol.Cells))[:len(sol.Cells)/2] {
				start.Cells[i] = sol.Cells[i]
			}
			r, err := logic.NewReasoner(p, aquarium.RegionRule, start)
			require.NoError(t, err)
			if r.Solved() {
				return // half the cells decided every block
			}
			d, ok, err := r.Next(context.Background(), aqcp.DefaultLogicDepth)
			require.NoError(t, err)
			require.True(t, ok, "a unique puzzle has a next step")
			aqtest.RequireSound(t, d, aqtest.AllSolutions(t, p, aquarium.RegionRule, start))
			requireFollowable(t, p, d)
		})
	}
}

// TestCorpusGrades grades every unique corpus puzzle and reports the
// logic-only solve rate and the grades per source difficulty label (run
// with -v to see the table). It checks that logic-only solving and the
// step-by-step hints agree on what logic solves, and that the sources'
// "hard" puzzles grade no easier on average than their "easy" ones.
func TestCorpusGrades(t *testing.T) {
	type tally struct {
		puzzles, logic int
		grades         [4]int
		rankSum        int
	}
	byLabel := map[string]*tally{}
	for _, c := range aqcorpus.Load(t) {
		if !c.IsUnique() {
			continue
		}
		p := c.Puzzle()
		g, err := logic.GradePuzzle(context.Background(), p, aquarium.RegionRule, aqcp.DefaultLogicDepth)
		require.NoError(t, err)
		require.True(t, g.Unique, c.ID)
		res, err := aqcp.SolveLogic(context.Background(), p, aquarium.RegionRule, aqcp.DefaultLogicDepth)
		require.NoError(t, err)
		require.Equal(t, g.Logic, res.Solved, c.ID)
		label := c.Difficulty
		if label == "" {
			label = "(no label)"
		}
		if byLabel[label] == nil {
			byLabel[label] = &tally{}
		}
		tl := byLabel[label]
		tl.puzzles++
		if g.Logic {
			tl.logic++
		}
		tl.grades[g.Difficulty]++
		tl.rankSum += int(g.Difficulty)
	}
	labels := make([]string, 0, len(byLabel))
	for l := range byLabel {
		labels = append(labels, l)
	}
	sort.Strings(labels)
	var report strings.Builder
	fmt.Fprintf(&report, "%-34s %7s %6s %5s %6s %5s %7s\n", "source label", "puzzles", "logic", "easy", "medium", "hard", "extreme")
	for _, l := range labels {
		tl := byLabel[l]
		fmt.Fprintf(&report, "%-34s %7d %6d %5d %6d %5d %7d\n", l, tl.puzzles, tl.logic, tl.grades[0], tl.grades[1], tl.grades[2], tl.grades[3])
	}
	t.Log("\n" + report.String())
	for _, size := range []string{"6x6", "10x10", "15x15"} {
		easy, hard := byLabel["puzzle-aquarium.com "+size+" easy"], byLabel["puzzle-aquarium.com "+size+" hard"]
		if easy == nil || hard == nil {
			continue
		}
		require.GreaterOrEqual(t, hard.rankSum*easy.puzzles, easy.rankSum*hard.puzzles, size)
	}
	require.True(t, slices.ContainsFunc(labels, func(l string) bool { return byLabel[l].grades[logic.Hard] > 0 }))
}

// BenchmarkCorpusReasoning measures, on the corpus's 15×15 "hard" puzzles,
// logic-only solving on the CP model (as solve --logic-only and grading
// do), and the whole chain of deductions in words (as solve --explain and
// hint --steps 0 do).
func BenchmarkCorpusReasoning(b *testing.B) {
	var hard []aqcorpus.Record
	for _, c := range aqcorpus.Load(b) {
		if c.IsUnique() && c.Difficulty == "puzzle-aquarium.com 15x15 hard" {
			hard = append(hard, c)
		}
	}
	if len(hard) == 0 {
		b.Skip("no 15x15 hard puzzles in the corpus")
	}
	b.Run("logic", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, c := range hard {
				res, err := aqcp.SolveLogic(context.Background(), c.Puzzle(), aquarium.RegionRule, aqcp.DefaultLogicDepth)
				if err != nil || !res.Solved {
					b.Fatalf("%s: not solved by logic (%v)", c.ID, err)
				}
			}
		}
		b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*len(hard)), "µs/puzzle")
	})
	b.Run("explain", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, c := range hard {
				r, err := logic.NewReasoner(c.Puzzle(), aquarium.RegionRule, aquarium.Solution{})
				if err != nil {
					b.Fatal(err)
				}
				if _, err := r.Explain(context.Background(), aqcp.DefaultLogicDepth); err != nil || !r.Solved() {
					b.Fatalf("%s: not solved by hints (%v)", c.ID, err)
				}
			}
		}
		b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N*len(hard)), "ms/puzzle")
	})
}

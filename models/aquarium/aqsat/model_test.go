package aqsat_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/cp"
	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqcorpus"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqcp"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqsat"
	"github.com/waterworks-solver/waterworks/models/aquarium/generate"
	"github.com/waterworks-solver/waterworks/models/aquarium/internal/aqtest"
	"github.com/waterworks-solver/waterworks/sat"
	"github.com/waterworks-solver/waterworks/sat/backends"
)

// TestBackendsAgree checks, on random small puzzles of both rules (some
// unsolvable, some with several solutions, some with separate pieces and
// U-shapes), that every built-in SAT backend with every encoding finds
// exactly the solutions the CP model finds.
func TestBackendsAgree(t *testing.T) {
	type engine struct {
		backend string
		enc     sat.Encoding
	}
	var engines []engine
	for _, b := range backends.Builtin() {
		for _, enc := range sat.Encodings() {
			if backends.Supports(b, enc) {
				engines = append(engines, engine{b, enc})
			}
		}
	}
	require.GreaterOrEqual(t, len(engines), 7, "gini with three encodings, gophersat with four")
	for _, rule := range []aquarium.Rule{aquarium.RegionRule, aquarium.PoolRule} {
		t.Run(rule.String(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(11, uint64(rule)))
			for i := range 120 {
				p := aqtest.RandomSmallPuzzle(rng, rule)
				res, err := aqcp.SolveCP(context.Background(), p, rule, 0, cp.Limits{})
				require.NoError(t, err)
				var want []string
				for _, s := range res.Solutions {
					want = append(want, s.String())
				}
				slices.Sort(want)
				for _, e := range engines {
					got, exhausted := aqtest.SATCount(t, p, rule, e.backend, e.enc, 0)
					require.True(t, exhausted)
					require.Equal(t, want, got, "case %d, %s/%v: %+v", i, e.backend, e.enc, p)
				}
			}
		})
	}
}

// TestCorpusSAT solves every corpus puzzle with gini and counts to two
// under both rules, like TestCorpusCP.
func TestCorpusSAT(t *testing.T) {
	for _, c := range aqcorpus.Load(t) {
		p := c.Puzzle()
		for _, rule := range []aquarium.Rule{aquarium.RegionRule, aquarium.PoolRule} {
			got, exhausted := aqtest.SATCount(t, p, rule, backends.Gini, sat.Totalizer, 2)
			require.NotEmpty(t, got, "%s %v", c.ID, rule)
			want := c.IsUnique()
			if rule == aquarium.PoolRule {
				want = c.IsUniquePoolRule()
			}
			require.Equal(t, want, len(got) == 1 && exhausted, "%s under the %v rule", c.ID, rule)
		}
	}
}

func TestSATNames(t *testing.T) {
	p := &aquarium.Puzzle{Width: 3, Height: 2, Regions: []int{0, 1, 0, 0, 0, 0},
		Cols: []int{aquarium.NoClue, aquarium.NoClue, aquarium.NoClue}, Rows: []int{aquarium.NoClue, 2}, Names: []string{"u", "v"}}
	m, err := aqsat.EncodeSAT(p, aquarium.RegionRule)
	require.NoError(t, err)
	var names []string
	for _, name := range m.Formula.Names() {
		names = append(names, name)
	}
	require.Equal(t, []string{
		"water(row=1;cols=1,3;aquarium=u)",
		"water(row=1;cols=2;aquarium=v)",
		"water(row=2;cols=1,2,3;aquarium=u)",
	}, names)
}

// Two aquariums, one per column: the left holds one cell of water, the
// right two. The encoding has one variable per block, gravity clauses
// between a block and the one beneath it, one constraint per clue, and one
// on the difference of the two columns.
func ExampleEncodeSAT() {
	p := &aquarium.Puzzle{Width: 2, Height: 2, Regions: []int{0, 1, 0, 1}, Cols: []int{1, 2}, Rows: []int{1, 2}}
	m, _ := aqsat.EncodeSAT(p, aquarium.RegionRule)
	fmt.Println(m.Formula.NumVars(), "block variables,", m.Formula.NumClauses(), "gravity clauses,", m.Formula.NumLinears(), "linear constraints")

	s, _ := backends.Prepare(backends.Gini, m.Formula, sat.Totalizer)
	sols, exhausted, _ := m.Solutions(context.Background(), s, 2)
	fmt.Println(len(sols), "solution, all found:", exhausted)
	fmt.Println(sols[0])
	// Output:
	// 4 block variables, 2 gravity clauses, 5 linear constraints
	// 1 solution, all found: true
	// .#
	// ##
}

// TestBruteForce checks every encoding of the model, column differences
// included, against brute force: on random puzzles of up to 16 blocks
// under each rule, with every column clued (so that each pair of
// neighbouring columns has its difference constraint), some clues changed
// so that a puzzle may have no solution or several, the solutions gini
// finds are exactly the fillings of the blocks that the independent
// checker accepts.
func TestBruteForce(t *testing.T) {
	for _, rule := range []aquarium.Rule{aquarium.RegionRule, aquarium.PoolRule} {
		t.Run(rule.String(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(15, 2+uint64(rule)))
			for i := 0; i < 150; {
				w, h := 2+rng.IntN(4), 2+rng.IntN(4)
				p, _ := generate.RandomPuzzle(rng, w, h, 1+rng.IntN(7), rule, 0)
				if rng.IntN(2) == 0 {
					p.Cols[rng.IntN(w)] += rng.IntN(3) - 1
				}
				if rng.IntN(3) == 0 {
					p.Rows[rng.IntN(h)] = aquarium.NoClue
				}
				if p.Validate() != nil {
					continue
				}
				l := aquarium.NewLayout(p, rule)
				if len(l.Blocks) > 16 {
					continue
				}
				i++
				var want []string
				for set := range 1 << len(l.Blocks) {
					s := l.Solution(p, func(b int) bool { return set&(1<<b) != 0 })
					if aquarium.Check(p, s, rule) == nil {
						want = append(want, s.String())
					}
				}
				slices.Sort(want)
				for _, enc := range []sat.Encoding{sat.Totalizer, sat.Sequential, sat.SortingNetwork, sat.BDD, sat.MDD, sat.Auto} {
					got, exhausted := aqtest.SATCount(t, p, rule, backends.Gini, enc, 0)
					require.True(t, exhausted)
					require.Equal(t, want, got, "case %d, %v: %+v", i, enc, p)
				}
			}
		})
	}
}

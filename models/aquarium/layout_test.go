package aquarium_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/models/aquarium"
)

func TestLayoutBlocks(t *testing.T) {
	// A U-shaped aquarium A around B:
	//   A B A
	//   A A A
	p := &aquarium.Puzzle{Width: 3, Height: 2, Regions: []int{0, 1, 0, 0, 0, 0},
		Cols: []int{aquarium.NoClue, aquarium.NoClue, aquarium.NoClue}, Rows: []int{aquarium.NoClue, aquarium.NoClue}}
	region := aquarium.NewLayout(p, aquarium.RegionRule)
	require.Len(t, region.Blocks, 3, "A's two arms share a block under the region rule")
	require.Equal(t, []int{0, 2}, region.Blocks[0].Cols)
	pool := aquarium.NewLayout(p, aquarium.PoolRule)
	require.Len(t, pool.Blocks, 4, "each arm is its own block under the pool rule")
	require.Equal(t, []int{3}, pool.Below[0])
	require.Equal(t, []int{3}, pool.Below[2])
	require.Equal(t, []int{0, 2}, pool.Above[3])
}

// referenceLayout is the first NewLayout, quadratic in the worst case but
// plain: it clears a per-aquarium array for every column and searches the
// links for duplicates. It is the oracle for the linear one.
func referenceLayout(p *aquarium.Puzzle, rule aquarium.Rule) *aquarium.Layout {
	w, h := p.Width, p.Height
	l := &aquarium.Layout{Rule: rule, CellBlock: make([]int, w*h), RowBlocks: make([][]int, h), ColChains: make([][][]int, w)}
	n := p.NumRegions()
	seen, stamp := make([]int, n), make([]int, n)
	for i := range stamp {
		stamp[i] = -1
	}
	for r := range h {
		for c := range w {
			id := p.Region(r, c)
			if rule == aquarium.RegionRule && stamp[id] != r || rule == aquarium.PoolRule && (c == 0 || p.Region(r, c-1) != id) {
				stamp[id], seen[id] = r, len(l.Blocks)
				l.Blocks = append(l.Blocks, aquarium.Block{Region: id, Row: r})
				l.RowBlocks[r] = append(l.RowBlocks[r], len(l.Blocks)-1)
			}
			b := len(l.Blocks) - 1
			if rule == aquarium.RegionRule {
				b = seen[id]
			}
			l.CellBlock[r*w+c] = b
		}
	}
	for i, b := range l.CellBlock {
		l.Blocks[b].Cols = append(l.Blocks[b].Cols, i%w)
	}
	l.Below, l.Above = make([][]int, len(l.Blocks)), make([][]int, len(l.Blocks))
	if rule == aquarium.RegionRule {
		for i := range stamp {
			stamp[i] = -1
		}
		for r := range h {
			for _, b := range l.RowBlocks[r] {
				id := l.Blocks[b].Region
				if stamp[id] >= 0 {
					l.Below[seen[id]] = append(l.Below[seen[id]], b)
				}
				stamp[id], seen[id] = r, b
			}
		}
	} else {
		for r := 0; r+1 < h; r++ {
			for c := range w {
				if p.Region(r, c) != p.Region(r+1, c) {
					continue
				}
				up, down := l.CellBlock[r*w+c], l.CellBlock[(r+1)*w+c]
				if !slices.Contains(l.Below[up], down) {
					l.Below[up] = append(l.Below[up], down)
					l.Above[down] = append(l.Above[down], up)
				}
			}
		}
	}
	for c := range w {
		for i := range stamp {
			stamp[i] = -1
		}
		for r := range h {
			id, b := p.Region(r, c), l.CellBlock[r*w+c]
			if rule == aquarium.RegionRule {
				if stamp[id] < 0 {
					stamp[id] = len(l.ColChains[c])
					l.ColChains[c] = append(l.ColChains[c], nil)
				}
				l.ColChains[c][stamp[id]] = append(l.ColChains[c][stamp[id]], b)
				continue
			}
			if r == 0 || p.Region(r-1, c) != id {
				l.ColChains[c] = append(l.ColChains[c], nil)
			}
			i := len(l.ColChains[c]) - 1
			l.ColChains[c][i] = append(l.ColChains[c][i], b)
		}
	}
	return l
}

// randomGrid returns a w x h grid of a random number of aquariums, each
// cell in one drawn at random (so many U-shapes, overhangs and separate
// pieces when there are few), without clues.
func randomGrid(rng *rand.Rand, w, h int) *aquarium.Puzzle {
	p := &aquarium.Puzzle{Width: w, Height: h, Regions: make([]int, w*h), Cols: make([]int, w), Rows: make([]int, h)}
	k := 1 + rng.IntN(w*h)
	for i := range p.Regions {
		p.Regions[i] = rng.IntN(k)
	}
	return p
}

// TestLayoutAgainstReference compares NewLayout with the plain reference on
// random grids with few aquariums (so many U-shapes, overhangs and separate
// pieces) and with many.
func TestLayoutAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 500 {
		w, h := 1+rng.IntN(9), 1+rng.IntN(9)
		p := randomGrid(rng, w, h)
		for _, rule := range []aquarium.Rule{aquarium.RegionRule, aquarium.PoolRule} {
			got, want := aquarium.NewLayout(p, rule), referenceLayout(p, rule)
			for b := range want.Blocks { // nil and empty lists are the same links
				for _, list := range []*[]int{&want.Below[b], &want.Above[b], &got.Below[b], &got.Above[b]} {
					if len(*list) == 0 {
						*list = nil
					}
				}
			}
			require.Equal(t, want, got, "%v rule, regions %v (%dx%d)", rule, p.Regions, w, h)
		}
	}
}

// TestLayoutStops checks that building the layout of the largest grid ends
// with the context's error when the context is done.
func TestLayoutStops(t *testing.T) {
	n := aquarium.MaxSide
	p := &aquarium.Puzzle{Width: n, Height: n, Regions: make([]int, n*n), Cols: make([]int, n), Rows: make([]int, n)}
	for i := range p.Regions {
		p.Regions[i] = i
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, rule := range []aquarium.Rule{aquarium.RegionRule, aquarium.PoolRule} {
		l, err := aquarium.NewLayoutContext(ctx, p, rule)
		require.ErrorIs(t, err, context.Canceled)
		require.Nil(t, l)
	}
}

// TestLayoutWithin checks that fits sees the layout LayoutFor computes and
// that its refusal comes back instead of the layout, and that an invalid
// puzzle fails before fits is asked.
func TestLayoutWithin(t *testing.T) {
	p := &aquarium.Puzzle{Width: 3, Height: 2, Regions: []int{0, 1, 0, 0, 0, 0},
		Cols: []int{aquarium.NoClue, aquarium.NoClue, aquarium.NoClue}, Rows: []int{aquarium.NoClue, aquarium.NoClue}}
	tooBig := errors.New("too big")
	for _, tc := range []struct {
		name   string
		p      *aquarium.Puzzle
		refuse bool
		asked  bool
	}{
		{"fits", p, false, true},
		{"refused", p, true, true},
		{"invalid", &aquarium.Puzzle{Width: 3, Height: 2}, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			asked := false
			l, err := aquarium.LayoutWithin(context.Background(), tc.p, aquarium.PoolRule, func(_ context.Context, q *aquarium.Puzzle, l *aquarium.Layout) error {
				asked = true
				require.Same(t, tc.p, q)
				require.Len(t, l.Blocks, 4, "fits sees the pool rule's layout")
				if tc.refuse {
					return tooBig
				}
				return nil
			})
			require.Equal(t, tc.asked, asked, "fits asked")
			switch {
			case !tc.asked:
				require.Error(t, err)
				require.Nil(t, l)
			case tc.refuse:
				require.ErrorIs(t, err, tooBig)
				require.Nil(t, l)
			default:
				require.NoError(t, err)
				require.Len(t, l.Blocks, 4)
			}
		})
	}
}

// BenchmarkLayoutLargest builds the layout of a 1000x1000 grid of a
// million one-cell aquariums, the worst case of the first NewLayout, which
// cleared an array of a million aquariums for each of the 1000 columns.
func BenchmarkLayoutLargest(b *testing.B) {
	n := aquarium.MaxSide
	p := &aquarium.Puzzle{Width: n, Height: n, Regions: make([]int, n*n), Cols: make([]int, n), Rows: make([]int, n)}
	for i := range p.Regions {
		p.Regions[i] = i
	}
	for _, rule := range []aquarium.Rule{aquarium.RegionRule, aquarium.PoolRule} {
		b.Run(rule.String(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				aquarium.NewLayout(p, rule)
			}
		})
	}
}

// TestPairChains checks PairChains on random grids under the pool rule:
// every block crossing column c or c+1 is in exactly one chain, each
// column chain lies whole in one, each chain is one block a row with each
// block directly above the next, and no chain splits into column chains
// of which none shares a block with the others.
func TestPairChains(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	for range 500 {
		w, h := 2+rng.IntN(8), 1+rng.IntN(9)
		p := randomGrid(rng, w, h)
		l := aquarium.NewLayout(p, aquarium.PoolRule)
		for c := 0; c+1 < w; c++ {
			chains, ok := l.PairChains(c)
			require.True(t, ok, "regions %v (%dx%d), column %d", p.Regions, w, h, c)
			in := make(map[int]int) // block -> its chain
			for i, ch := range chains {
				for x, b := range ch {
					_, dup := in[b]
					require.False(t, dup, "block %d twice", b)
					in[b] = i
					if x > 0 {
						require.Equal(t, l.Blocks[ch[x-1]].Row+1, l.Blocks[b].Row)
						require.Contains(t, l.Below[ch[x-1]], b)
					}
				}
			}
			crossing := 0
			for b, blk := range l.Blocks {
				if slices.Contains(blk.Cols, c) || slices.Contains(blk.Cols, c+1) {
					crossing++
					require.Contains(t, in, b, "block %d crosses column %d or %d", b, c, c+1)
				}
			}
			require.Len(t, in, crossing)
			// Each column chain lies in one joined chain; within each
			// joined chain, the column chains are connected by shared
			// blocks.
			var cols [][]int
			for _, col := range [2][][]int{l.ColChains[c], l.ColChains[c+1]} {
				for _, ch := range col {
					for _, b := range ch {
						require.Equal(t, in[ch[0]], in[b])
					}
					cols = append(cols, ch)
				}
			}
			for i := range chains {
				var members []int // column chains in chain i
				for j, ch := range cols {
					if in[ch[0]] == i {
						members = append(members, j)
					}
				}
				reached := map[int]bool{members[0]: true}
				for grew := true; grew; {
					grew = false
					for _, j := range members {
						if reached[j] {
							continue
						}
						for r := range reached {
							if slices.ContainsFunc(cols[j], func(b int) bool { return slices.Contains(cols[r], b) }) {
								reached[j], grew = true, true
								break
							}
						}
					}
				}
				require.Len(t, reached, len(members), "chain %d joins column chains that share no block", i)
			}
		}
	}
}

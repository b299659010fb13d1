package generate

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/waterworks-solver/waterworks/cp"
	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqcp"
	"github.com/waterworks-solver/waterworks/models/aquarium/logic"
)

// GenerateOptions say what puzzles Generate makes.
type GenerateOptions struct {
	Width, Height int
	Rule          aquarium.Rule
	// Graded asks for puzzles of exactly the grade Difficulty that logic
	// alone solves (Extreme ones may also need guessing); without it every
	// unique puzzle is kept, whatever its grade.
	Graded     bool
	Difficulty logic.Difficulty
	// Singles allows aquariums of a single cell.
	Singles bool
	// RandomShapes makes the puzzle as RandomPuzzle does: aquariums grown
	// from random cells up to 2·Width cells, filled from the bottom with a
	// chance drawn per aquarium, instead of the compact, mostly small
	// aquariums and uniform levels of designed puzzles. Large grids of
	// designed shapes are hard even for SAT solvers (a 30×30 with every
	// clue takes cadical seconds); random shapes give the large benchmark
	// grids, the family of BenchmarkRandom.
	RandomShapes bool
	// AllClues keeps every clue: none is taken away, and unless Graded the
	// puzzle is not graded. Layouts are still tried until one is unique.
	AllClues bool
	// Grown makes the puzzle as GrownPuzzle does: Aquariums aquariums (0:
	// GrownAquariums) grown all at once from random seed cells, a random
	// level in each, 35 to 65 % of the cells full, every clue given (it
	// implies AllClues). These are the large grids that are hard for every
	// engine, the family of BenchmarkGrown.
	Grown     bool
	Aquariums int
	// Budget bounds the conflicts the CP core may spend on one question
	// of uniqueness (0: 20,000): a layout whose uniqueness it does not
	// decide within the budget is passed over for the next, and a clue
	// whose removal it does not decide is kept. The search's time grows
	// steeply with the grid, so without a bound one layout or one clue
	// of a large grid could take minutes.
	Budget int64
	// MaxAttempts bounds the layouts tried for one puzzle (0: 500; with
	// Grown, 20).
	MaxAttempts int
}

// Generated is a puzzle made by Generate.
type Generated struct {
	Puzzle *aquarium.Puzzle
	// Solution is the puzzle's one solution.
	Solution aquarium.Solution
	// Grade is how hard the puzzle is, when Graded.
	Grade  logic.Grade
	Graded bool
	// Attempts counts the layouts tried, this one included; of those
	// passed over, NotUnique had several solutions (or none) and Undecided
	// were not decided within the Budget.
	Attempts, NotUnique, Undecided int
}

// ErrNoPuzzle is returned by Generate when no attempt gave a unique puzzle of
// the asked grade. When some layout went undecided because its proof ran out
// of budget, the error also matches cp.ErrLimit.
var ErrNoPuzzle = errors.New("aquarium: no puzzle found")

// Generate makes a puzzle with exactly one solution under opt.Rule: a
// layout of compact aquariums sized as in designed puzzles (DesignedLayout),
// a random water level in each aquarium, and every clue; then clues are
// taken away in random order as long as the solution stays unique (proved
// by the CP model within opt.Budget; a clue whose removal it does not
// decide is kept) and, when opt.Graded, logic of the asked grade still
// solves it. An attempt that ends at another grade is thrown away and a new
// layout tried. The same rng state gives the same puzzle. Extreme puzzles
// are rare on grids smaller than about 10×10.
func Generate(ctx context.Context, rng *rand.Rand, opt GenerateOptions) (Generated, error) {
	if opt.Width < 2 || opt.Height < 2 {
		return Generated{}, fmt.Errorf("aquarium: cannot generate a %dx%d puzzle (both sides must be at least 2)", opt.Width, opt.Height)
	}
	attempts := opt.MaxAttempts
	switch {
	case attempts > 0:
	case opt.Grown:
		attempts = 20
	default:
		attempts = 500
	}
	opt.AllClues = opt.AllClues || opt.Grown
	var passed Generated // counts the layouts passed over
	for attempt := 1; attempt <= attempts; attempt++ {
		if err := ctx.Err(); err != nil {
			return Generated{}, err
		}
		p, sol := candidate(rng, opt)
		v, err := acceptable(ctx, p, opt, sol, nil)
		switch {
		case err != nil:
			return Generated{}, err
		case v == undecided:
			passed.Undecided++
			continue
		case v == rejected:
			passed.NotUnique++
			continue
		}
		if opt.AllClues {
			g := passed
			g.Puzzle, g.Solution, g.Attempts, g.Grade = p, sol, attempt, logic.Grade{Unique: true, Solutions: 1}
			if opt.Graded {
				grade, err := logic.GradePuzzle(ctx, p, opt.Rule, aqcp.DefaultLogicDepth)
				if err != nil {
					return Generated{}, err
				}
				if grade.Difficulty != opt.Difficulty {
					passed.NotUnique++ // not of the grade asked for
					continue
				}
				g.Grade, g.Graded = grade, true
			}
			return g, nil
		}
		rows, cols := p.Rows, p.Cols
		for range ordersPerLayout {
			p.Rows, p.Cols = slices.Clone(rows), slices.Clone(cols)
			g, ok, err := removeClues(ctx, rng, p, sol, opt)
			if err != nil {
				return Generated{}, err
			}
			if ok {
				found := passed
				found.Puzzle, found.Solution, found.Grade, found.Graded, found.Attempts = p, sol, g, true, attempt
				return found, nil
			}
		}
	}
	if !opt.Graded {
		err := fmt.Errorf("%w: %d layouts tried, %d with several solutions, %d not decided within %d conflicts each",
			ErrNoPuzzle, attempts, passed.NotUnique, passed.Undecided, opt.budget())
		if passed.Undecided > 0 {
			// A larger budget may yet find one.
			err = fmt.Errorf("%w (%w)", err, cp.ErrLimit)
		}
		return Generated{}, err
	}
	return Generated{}, fmt.Errorf("%w of the asked grade after %d layouts", ErrNoPuzzle, attempts)
}

// budget returns the conflicts one question of uniqueness may take.
func (opt GenerateOptions) budget() int64 {
	if opt.Budget > 0 {
		return opt.Budget
	}
	return defaultBudget
}

// candidate draws a puzzle of the family opt asks for, with every clue, and
// the filling its clues come from; its aquariums are named by letters when
// there are few enough.
func candidate(rng *rand.Rand, opt GenerateOptions) (*aquarium.Puzzle, aquarium.Solution) {
	var p *aquarium.Puzzle
	var sol aquarium.Solution
	switch {
	case opt.Grown:
		k := opt.Aquariums
		if k <= 0 {
			k = GrownAquariums(opt.Width, opt.Height)
		}
		p, sol = GrownPuzzle(rng, opt.Width, opt.Height, k, opt.Rule)
	case opt.RandomShapes:
		p, sol = RandomPuzzle(rng, opt.Width, opt.Height, 2*opt.Width, opt.Rule, 0)
	default:
		p = &aquarium.Puzzle{Width: opt.Width, Height: opt.Height, Regions: DesignedLayout(rng, opt.Width, opt.Height, opt.Singles)}
		sol = randomLevels(rng, p, opt.Rule)
		SetClues(p, sol)
	}
	if n := p.NumRegions(); n <= len(labelAlphabet) {
		p.Names = make([]string, n)
		for id := range p.Names {
			p.Names[id] = string(labelAlphabet[id])
		}
	}
	return p, sol
}

// ordersPerLayout is how many random orders of taking clues away Generate
// tries on one layout before it tries another.
const ordersPerLayout = 3

// removeClues takes p's clues away in a random order, each as long as p
// stays acceptable, then grades p and reports whether it is what opt asks;
// sol is p's one solution.
func removeClues(ctx context.Context, rng *rand.Rand, p *aquarium.Puzzle, sol aquarium.Solution, opt GenerateOptions) (logic.Grade, bool, error) {
	for _, k := range rng.Perm(p.Width + p.Height) {
		var line aquarium.Line
		var clue *int
		if k < p.Height {
			line, clue = aquarium.Line{Index: k}, &p.Rows[k]
		} else {
			line = aquarium.Line{Column: true, Index: k - p.Height}
			clue = &p.Cols[line.Index]
		}
		kept := *clue
		*clue = aquarium.NoClue
		v, err := acceptable(ctx, p, opt, sol, &takenAway{line, kept})
		if err != nil {
			return logic.Grade{}, false, err
		}
		if v != accepted {
			*clue = kept
		}
	}
	g, err := logic.GradePuzzle(ctx, p, opt.Rule, aqcp.DefaultLogicDepth)
	if err != nil {
		return logic.Grade{}, false, err
	}
	return g, g.Unique && (!opt.Graded || g.Difficulty == opt.Difficulty), nil
}

// labelAlphabet names the aquariums of a generated puzzle, one letter each,
// when there are few enough.
const labelAlphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"

// verdict is what acceptable says of a puzzle.
type verdict uint8

const (
	accepted  verdict = iota
	rejected          // several solutions, or not of the grade asked for
	undecided         // the uniqueness proof ran out of budget
)

// takenAway is a clue just taken away from a puzzle with one solution.
type takenAway struct {
	line  aquarium.Line
	count int
}

// acceptable says whether p, with its current clues, is a puzzle Generate
// may keep: unique, and within the asked grade when graded; sol is a
// solution of p. When p is a puzzle with one solution less the clue
// removed, a second solution must break that clue, so the search asks
// only whether one does.
func acceptable(ctx context.Context, p *aquarium.Puzzle, opt GenerateOptions, sol aquarium.Solution, removed *takenAway) (verdict, error) {
	if opt.Graded && opt.Difficulty == logic.Easy {
		ok, err := logic.SimpleRulesSolve(p, opt.Rule)
		if !ok {
			return rejected, err
		}
		return accepted, err
	}
	m, err := aqcp.NewModel(p, opt.Rule)
	if err != nil {
		return rejected, err
	}
	if opt.Grown {
		// Logic alone settles none of these; search at once.
		return exactly(ctx, m, 1, opt.budget())
	}
	depth := 1
	if opt.Graded && opt.Difficulty < logic.Extreme {
		depth = int(opt.Difficulty) - 1 // medium: propagation, hard: probing
	}
	res, err := m.Logic(ctx, depth)
	switch {
	case err != nil:
		return rejected, err
	case res.Solved:
		return accepted, nil
	case res.Contradiction || opt.Graded && opt.Difficulty < logic.Extreme:
		return rejected, nil
	}
	if removed != nil {
		m.ExcludeCount(removed.line, removed.count)
		return exactly(ctx, m, 0, opt.budget())
	}
	// Starting beside the known solution finds it at once, and a second
	// one sooner (a 35x35, seed 1: 73 to 75 s with 10 layouts undecided
	// instead of 91 s with 14); near it, the search for a solution that
	// breaks a clue taken away was slower, so that search starts from
	// scratch.
	m.Prefer(sol)
	return exactly(ctx, m, 1, opt.budget())
}

// exactly searches m for want+1 solutions within budget conflicts and
// accepts it when it has exactly want: one for a puzzle that must be
// unique, none once ExcludeCount has excluded the one it has.
func exactly(ctx context.Context, m *aqcp.Model, want int, budget int64) (verdict, error) {
	found, err := m.Search(ctx, want+1, cp.Limits{Failures: budget})
	switch {
	case errors.Is(err, cp.ErrLimit):
		return undecided, nil
	case err != nil:
		return rejected, err
	case len(found.Solutions) == want && found.Exhausted:
		return accepted, nil
	}
	return rejected, nil
}

// defaultBudget is the default Budget: the conflicts one question of
// uniqueness may take before the layout is passed over or the clue kept.
const defaultBudget = 20000

// randomLevels gives every aquarium of p a random water level (each level
// from empty to full equally likely) and returns the filling, which obeys
// rule: under the pool rule, water that would stand at two levels in one
// body settles to the lowest.
func randomLevels(rng *rand.Rand, p *aquarium.Puzzle, rule aquarium.Rule) aquarium.Solution {
	n := p.NumRegions()
	top, bottom := make([]int, n), make([]int, n)
	for id := range n {
		top[id], bottom[id] = p.Height, -1
	}
	for i, id := range p.Regions {
		top[id] = min(top[id], i/p.Width)
		bottom[id] = max(bottom[id], i/p.Width)
	}
	level := make([]int, n) // the highest row with water, bottom+1 for none
	for id := range n {
		level[id] = top[id] + rng.IntN(bottom[id]-top[id]+2)
	}
	l := aquarium.NewLayout(p, rule)
	full := make([]bool, len(l.Blocks))
	for i := len(l.Blocks) - 1; i >= 0; i-- {
		b := l.Blocks[i]
		ok := b.Row >= level[b.Region]
		for _, j := range l.Below[i] {
			ok = ok && full[j]
		}
		full[i] = ok
	}
	if rule == aquarium.PoolRule {
		settlePools(l, full)
	}
	return l.Solution(p, func(b int) bool { return full[b] })
}

// DesignedLayout cuts a width×height grid into aquariums that look like
// those of published puzzles: mostly small (two cells most often, the mean
// growing with the grid, from about 3.5 cells on 6×6 to 5.5 on 15×15, and
// hardly any above 2·width), compact (grown cell by cell, preferring cells that
// touch the aquarium on several sides) and connected. Without singles, a
// cell left alone joins its smallest neighbouring aquarium; with singles,
// one-cell aquariums occur now and then. It returns the aquarium ids,
// row-major, numbered from 0 in order of first appearance.
func DesignedLayout(rng *rand.Rand, width, height int, singles bool) []int {
	n := width * height
	d := &designer{width: width, height: height, regions: make([]int, n), stamp: make([]int, n)}
	for i := range d.regions {
		d.regions[i] = -1
	}
	maxSize := max(2, 2*width)
	// Sizes: two cells often (less so on larger grids), else three plus a
	// geometric tail whose mean grows with the grid, fitted to published
	// puzzles of 6×6, 10×10 and 15×15.
	side := float64(width+height) / 2
	pairs := max(0.6-side/40, 0.15)
	stop := 1 / (1 + 1 + side/4)
	for _, start := range rng.Perm(n) {
		if d.regions[start] >= 0 {
			continue
		}
		target := 2
		switch {
		case singles && rng.IntN(12) == 0:
			target = 1
		case rng.Float64() >= pairs:
			target = 3
			for target < maxSize && rng.Float64() > stop {
				target++
			}
		}
		d.grow(rng, start, target)
	}
	if !singles && n != 1 {
		d.joinSingles()
	}
	return renumber(d.regions)
}

// designer is the state of DesignedLayout.
type designer struct {
	width, height int
	regions       []int // the aquarium of each cell, -1 for none yet
	sizes         []int // the size of each aquarium
	// Scratch: the cells of the growing aquarium, its free neighbours and
	// their weights, neighbour lists.
	cells, frontier, weights, ns, ms []int
	stamp                            []int // stamp[i] == step: cell i is in this step's frontier
	step                             int
}

func (d *designer) neighbours(i int, dst []int) []int {
	return gridNeighbours(d.width, d.height, i, dst)
}

// grow starts a new aquarium at cell start and grows it to target cells,
// or as far as free cells allow.
func (d *designer) grow(rng *rand.Rand, start, target int) {
	regions := d.regions
	id := len(d.sizes)
	d.sizes = append(d.sizes, 1)
	regions[start] = id
	d.cells = append(d.cells[:0], start)
	for d.sizes[id] < target {
		// The free cells next to the aquarium, weighted by how many of
		// their sides it already touches, squared: compact shapes.
		d.step++
		d.frontier, d.weights = d.frontier[:0], d.weights[:0]
		total := 0
		for _, c := range d.cells {
			d.ns = d.neighbours(c, d.ns)
			for _, i := range d.ns {
				if regions[i] >= 0 || d.stamp[i] == d.step {
					continue
				}
				d.stamp[i] = d.step
				touch := 0
				d.ms = d.neighbours(i, d.ms)
				for _, j := range d.ms {
					if regions[j] == id {
						touch++
					}
				}
				d.frontier = append(d.frontier, i)
				d.weights = append(d.weights, touch*touch)
				total += touch * touch
			}
		}
		if total == 0 {
			break
		}
		x := rng.IntN(total)
		k := 0
		for x >= d.weights[k] {
			x -= d.weights[k]
			k++
		}
		regions[d.frontier[k]] = id
		d.cells = append(d.cells, d.frontier[k])
		d.sizes[id]++
	}
}

// joinSingles makes each cell left alone join its smallest neighbouring
// aquarium.
func (d *designer) joinSingles() {
	regions, sizes := d.regions, d.sizes
	for i, id := range regions {
		if sizes[id] != 1 {
			continue
		}
		d.ms = d.neighbours(i, d.ms)
		into := regions[d.ms[0]]
		for _, j := range d.ms[1:] {
			if sizes[regions[j]] < sizes[into] {
				into = regions[j]
			}
		}
		regions[i] = into
		sizes[into]++
		sizes[id] = 0
	}
}

// gridNeighbours appends to dst[:0] the cells next to cell i of a
// width×height grid (row-major): above, below, left, right.
func gridNeighbours(width, height, i int, dst []int) []int {
	dst = dst[:0]
	r, c := i/width, i%width
	if r > 0 {
		dst = append(dst, i-width)
	}
	if r+1 < height {
		dst = append(dst, i+width)
	}
	if c > 0 {
		dst = append(dst, i-1)
	}
	if c+1 < width {
		dst = append(dst, i+1)
	}
	return dst
}

// renumber numbers the aquarium ids of regions from 0 in order of first
// appearance, in place, and returns regions.
func renumber(regions []int) []int {
	renum := map[int]int{}
	for i, id := range regions {
		to, ok := renum[id]
		if !ok {
			to = len(renum)
			renum[id] = to
		}
		regions[i] = to
	}
	return regions
}

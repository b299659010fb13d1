package aqcp

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/waterworks-solver/waterworks/cp"
	"github.com/waterworks-solver/waterworks/cp/progress"
	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// Model is the CP model of a puzzle under a rule: one 0..1 variable per
// block (1 = full), gravity as implications between blocks, and a lineSum
// propagator for every row and column with a clue. Under the pool rule each
// block also has a level variable, the top row of the body of water it
// belongs to.
type Model struct {
	Puzzle *aquarium.Puzzle
	Layout *aquarium.Layout
	Solver *cp.Solver
	// Full holds the variable of each block.
	Full []cp.Var
	// redundant reports that Search posted the redundant constraints.
	redundant bool
}

// NewModel builds the CP model of a valid puzzle. It is NewModelContext
// without a way to stop it or a memory budget.
func NewModel(p *aquarium.Puzzle, rule aquarium.Rule) (*Model, error) {
	return NewModelContext(context.Background(), p, rule)
}

// NewModelContext builds the CP model of a valid puzzle. Before it
// allocates the model it checks an estimate of the model's memory against
// the budget ctx carries (membudget), failing with a *membudget.Error when
// the model would not fit; while it builds, it checks ctx every few
// thousand blocks and lines, and stops with ctx's error when ctx is done.
func NewModelContext(ctx context.Context, p *aquarium.Puzzle, rule aquarium.Rule) (*Model, error) {
	l, err := aquarium.LayoutWithin(ctx, p, rule, checkBudget)
	if err != nil {
		return nil, err
	}
	s := cp.New()
	m := &Model{Puzzle: p, Layout: l, Solver: s, Full: make([]cp.Var, len(l.Blocks))}
	for i := range l.Blocks {
		if i%aquarium.CheckEvery == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		m.Full[i] = s.NewBool()
	}
	for i, below := range l.Below {
		if i%aquarium.CheckEvery == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		for _, j := range below {
			s.AddImplication(cp.Pos(m.Full[i]), cp.Pos(m.Full[j]))
		}
	}
	if err := m.addLines(ctx); err != nil {
		return nil, err
	}
	if rule == aquarium.PoolRule {
		if err := m.addPoolLevels(ctx); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// addLines posts a lineSum for every row and column with a clue, checking
// ctx between lines.
func (m *Model) addLines(ctx context.Context) error {
	for line, need := range m.Puzzle.CluedLines() {
		if err := ctx.Err(); err != nil {
			return err
		}
		blocks := m.Layout.LineChains(line)
		chains := make([]lineChain, len(blocks))
		for i, chain := range blocks {
			vars := make([]cp.Var, len(chain))
			for j, b := range chain {
				vars[j] = m.Full[b]
			}
			chains[i] = makeChain(vars, func(j int) int { return m.Layout.InLine(line, chain[j]) })
		}
		m.addLine(need, chains)
	}
	return nil
}

func (m *Model) addLine(need int, chains []lineChain) {
	newLineSum(m.Solver, need, chains)
}

// addRedundant posts, once, the constraints that search uses beside the
// model's own: the differences of neighbouring columns. Logic-only
// reasoning does without them, so that its depths and the grades built on
// them keep meaning the reasoning a person does (rows, columns and
// gravity).
func (m *Model) addRedundant() {
	if m.redundant {
		return
	}
	m.redundant = true
	switch m.Layout.Rule {
	case aquarium.RegionRule:
		m.addColumnDifferences()
	case aquarium.PoolRule:
		m.addPoolColumnDifferences()
	}
}

// addColumnDifferences posts, under the region rule, a levelSum for each
// pair of neighbouring columns with clues: the difference of their clues
// is the sum, over the aquariums in either column, of the difference of
// the aquarium's full cells in the two columns, a function of its level.
// Aquariums whose difference is the same at every level (those that cover
// the same rows in both columns) only shift the constant; the others form
// the terms. The constraint is implied by the two columns' own, but it is
// much tighter (see levelSum).
func (m *Model) addColumnDifferences() {
	p, l := m.Puzzle, m.Layout
	// Each aquarium's blocks, top to bottom: one per row it occupies.
	blocks := make([][]int, p.NumRegions())
	for b, blk := range l.Blocks {
		blocks[blk.Region] = append(blocks[blk.Region], b)
	}
	seen := make([]int, p.NumRegions()) // seen[a] == c+1: a is in column c or c+1
	for c := 0; c+1 < p.Width; c++ {
		if p.Cols[c] == aquarium.NoClue || p.Cols[c+1] == aquarium.NoClue {
			continue
		}
		k := p.Cols[c] - p.Cols[c+1]
		var terms []levelTerm
		for r := range p.Height {
			for _, a := range [2]int{p.Region(r, c), p.Region(r, c+1)} {
				if seen[a] == c+1 {
					continue
				}
				seen[a] = c + 1
				terms, k = m.addDifference(terms, k, blocks[a], c)
			}
		}
		if len(terms) > 0 || k != 0 {
			newLevelSum(m.Solver, k, terms)
		}
	}
}

// addPoolColumnDifferences is addColumnDifferences under the pool rule,
// where an aquarium holds several bodies of water and so has no one level:
// the terms are the chains of blocks through each pair of columns
// (Layout.PairChains), whose water is a bottom run, with the difference of
// their full cells in the two columns at each level.
func (m *Model) addPoolColumnDifferences() {
	p, l := m.Puzzle, m.Layout
	for c := 0; c+1 < p.Width; c++ {
		if p.Cols[c] == aquarium.NoClue || p.Cols[c+1] == aquarium.NoClue {
			continue
		}
		chains, ok := l.PairChains(c)
		if !ok {
			continue // the constraint is redundant: without it, only weaker
		}
		k := p.Cols[c] - p.Cols[c+1]
		var terms []levelTerm
		for _, bs := range chains {
			terms, k = m.addDifference(terms, k, bs, c)
		}
		if len(terms) > 0 || k != 0 {
			newLevelSum(m.Solver, k, terms)
		}
	}
}

// addDifference adds to terms the term of the chain bs (blocks top to
// bottom, whose water is a bottom run) in the difference of columns c and
// c+1: at each level, its full cells in c less those in c+1. A chain whose
// difference is the same at every level is a constant instead, taken from
// k. It returns terms and k.
func (m *Model) addDifference(terms []levelTerm, k int, bs []int, c int) ([]levelTerm, int) {
	// f[x]: the difference in the blocks from the x-th down.
	f := make([]int, len(bs)+1)
	for x := len(bs) - 1; x >= 0; x-- {
		f[x] = f[x+1] + m.covers(bs[x], c) - m.covers(bs[x], c+1)
	}
	if slices.Min(f) == slices.Max(f) {
		return terms, k - f[0]
	}
	vars := make([]cp.Var, len(bs))
	for j, b := range bs {
		vars[j] = m.Full[b]
	}
	return append(terms, levelTerm{blocks: vars, f: f}), k
}

// covers returns 1 when block b has a cell in column c, else 0.
func (m *Model) covers(b, c int) int {
	if _, ok := slices.BinarySearch(m.Layout.Blocks[b].Cols, c); ok {
		return 1
	}
	return 0
}

// addPoolLevels posts the pool rule's flat surfaces (aquarium.PoolLevels):
// a level per block in order encoding, of 0..1 variables tied by
// implications and clauses. Levels are never branched on: once the blocks
// are fixed, propagation either fixes every level of a body with a
// surface or fails, and a body without one takes level 0.
func (m *Model) addPoolLevels(ctx context.Context) error {
	return aquarium.PoolLevels(ctx, m.Layout, cpLevels{m})
}

// cpLevels is the CP model as an aquarium.LevelEncoder.
type cpLevels struct{ m *Model }

// Full returns the literal of block i being full.
func (e cpLevels) Full(i int) cp.Lit { return cp.Pos(e.m.Full[i]) }

// Levels returns n new variables for block i's level in order encoding.
func (e cpLevels) Levels(i, n int) []cp.Lit {
	ge := make([]cp.Lit, n)
	for v := range ge {
		ge[v] = cp.Pos(e.m.Solver.NewBool())
	}
	return ge
}

// Implies adds a → b.
func (e cpLevels) Implies(a, b cp.Lit) { e.m.Solver.AddImplication(a, b) }

// Clause adds the clause of lits.
func (e cpLevels) Clause(lits []cp.Lit) { e.m.Solver.AddClause(lits...) }

// BlockName names block i for people: its aquarium and row ("C in row 4").
func (m *Model) BlockName(i int) string {
	b := m.Layout.Blocks[i]
	return fmt.Sprintf("%s in row %d", m.Puzzle.Name(b.Region), b.Row+1)
}

// Brancher returns the search's branching rule: the block most involved in
// failures so far (dom/wdeg), trying full first.
func (m *Model) Brancher() cp.Brancher { return cp.DomWDeg(m.Full, cp.ValueMax) }

// Prefer makes the learning search try sol's value first for every
// block (cp.Solver.SetPhase): when sol is a solution, the search's first
// descent reaches it, and a search for a second one starts beside it.
func (m *Model) Prefer(sol aquarium.Solution) {
	for i, v := range m.Full {
		b := m.Layout.Blocks[i]
		full := 0
		if sol.At(b.Row, b.Cols[0]) == aquarium.Water {
			full = 1
		}
		m.Solver.SetPhase(v, full)
	}
}

// ExcludeCount posts that line does not hold exactly count full cells: a
// clue turned inside out. A generator that takes a clue away from a
// puzzle with one solution asks whether the puzzle still has one; any
// other solution must break the clue taken away, so searching for a
// solution with ExcludeCount on that clue answers it in one search that
// neither finds the known solution again nor counts to two.
func (m *Model) ExcludeCount(line aquarium.Line, count int) {
	var lits []cp.Lit
	var weights []int
	size := 0
	for _, chain := range m.Layout.LineChains(line) {
		for _, b := range chain {
			w := m.Layout.InLine(line, b)
			lits, weights = append(lits, cp.Pos(m.Full[b])), append(weights, w)
			size += w
		}
	}
	s := m.Solver
	switch {
	case count < 0 || count > size:
		return // no filling holds count: nothing to exclude
	case count == 0:
		s.AddBoolSum(lits, weights, cp.GreaterEq, 1)
		return
	case count == size:
		s.AddBoolSum(lits, weights, cp.LessEq, size-1)
		return
	}
	// more decides the side: more → Σ ≥ count+1, ¬more → Σ ≤ count-1.
	// Both are linear with weights on more (Σ + (count+1)·¬more ≥ count+1
	// and Σ − (size−count+1)·more ≤ count−1), so they explain themselves
	// to the learning search.
	more := s.NewBool()
	slack := size - count + 1
	s.AddBoolSum(append(slices.Clone(lits), cp.Neg(more)), append(slices.Clone(weights), count+1), cp.GreaterEq, count+1)
	s.AddBoolSum(append(lits, cp.Pos(more)), append(weights, -slack), cp.LessEq, count-1)
}

// Current returns the grid as the solver's domains stand: cells of fixed
// blocks are Water or Empty, the others Unknown.
func (m *Model) Current() aquarium.Solution {
	s := aquarium.NewSolution(m.Puzzle.Width, m.Puzzle.Height)
	for i, b := range m.Layout.CellBlock {
		if v := m.Full[b]; m.Solver.Fixed(v) {
			s.Cells[i] = aquarium.Empty + aquarium.Cell(m.Solver.Value(v))
		}
	}
	return s
}

// Restrict fixes the blocks of the cells that partial decides. It fails
// when partial is of the wrong size, contradicts itself within a block, or
// contradicts what the solver already knows.
func (m *Model) Restrict(partial aquarium.Solution) error {
	p := m.Puzzle
	if partial.Width != p.Width || partial.Height != p.Height || len(partial.Cells) != p.Width*p.Height {
		return fmt.Errorf("partial solution is %dx%d, puzzle is %dx%d", partial.Width, partial.Height, p.Width, p.Height)
	}
	for i, c := range partial.Cells {
		if c == aquarium.Unknown {
			continue
		}
		if err := m.Solver.Assign(m.Full[m.Layout.CellBlock[i]], int(c-aquarium.Empty)); err != nil {
			return fmt.Errorf("%w: row %d, column %d contradicts the rest of the grid", aquarium.ErrWrongSolution, i/p.Width+1, i%p.Width+1)
		}
	}
	return nil
}

// Result is what a search found.
type Result struct {
	// Solutions holds the solutions found, at most the limit asked for.
	Solutions []aquarium.Solution
	// Exhausted reports that the search space was explored completely, so
	// Solutions holds every solution (when within the limit) and an empty
	// list proves the puzzle unsolvable.
	Exhausted bool
	Stats     cp.Stats
	// Open is the number of blocks left open when the learning search
	// began, after propagation and probing (Search only).
	Open int
	// First holds the search's statistics when it found its first
	// solution (zero when it found none): how far into the search it
	// came.
	First cp.Stats
}

// SolveCP searches for up to limit solutions of p under rule with the CP
// model (limit 0 means all); a limit of 2 decides uniqueness. The error is
// ctx.Err() when ctx ended the search, cp.ErrLimit when a search limit did,
// and the result then holds what was found so far.
func SolveCP(ctx context.Context, p *aquarium.Puzzle, rule aquarium.Rule, limit int, lim cp.Limits) (Result, error) {
	m, err := NewModelContext(ctx, p, rule)
	if err != nil {
		return Result{}, err
	}
	return m.Search(ctx, limit, lim)
}

// probeAbove is how many blocks propagation must leave open for Search to
// probe them before searching. Probing settles most of a big grid's open
// blocks that search would otherwise learn about one conflict at a time
// (200x200 random grid seed 4: 4.4 s instead of 14 s), but on small
// puzzles its full rounds cost more than the search they save (the corpus:
// 82 ms in all instead of 38 ms).
const probeAbove = 256

// open counts the blocks not fixed yet.
func (m *Model) open() int {
	n := 0
	for _, v := range m.Full {
		if !m.Solver.Fixed(v) {
			n++
		}
	}
	return n
}

// phaseFound is the progress phase of Search once it found a solution
// and searches for the next one, or for the proof that there is none.
const phaseFound = "search, a solution found"

// Search runs the model's search from its current state: propagation;
// when many blocks remain open, the redundant constraints (addRedundant)
// and probing; then conflict-learning search over the blocks
// (cp.SearchLearning), which counts solutions exactly up to limit.
func (m *Model) Search(ctx context.Context, limit int, lim cp.Limits) (Result, error) {
	var res Result
	if err := m.Solver.Propagate(); err != nil {
		res.Stats, res.Exhausted = m.Solver.Stats(), true
		return res, nil
	}
	if m.open() > probeAbove {
		// Small puzzles, most of which propagation settles, would pay
		// more for building these than they save.
		m.addRedundant()
		progress.From(ctx).SetPhase("probing")
		if res, done, err := m.probe(ctx); done {
			return res, err
		}
	}
	progress.From(ctx).SetPhase("search")
	res.Open = m.open()
	n := 0
	err := m.Solver.SearchLearning(ctx, m.Full, lim, func() bool {
		if n == 0 {
			res.First = m.Solver.Stats()
			progress.From(ctx).SetPhase(phaseFound)
		}
		res.Solutions = append(res.Solutions, m.Current())
		n++
		return limit <= 0 || n < limit
	})
	res.Stats = m.Solver.Stats()
	res.Exhausted = err == nil && (limit <= 0 || n < limit)
	return res, err
}

// probe runs failed-literal probing over the blocks. done reports that it
// ended the search: with a contradiction, which proves there is no
// solution (res says Exhausted), or with err.
func (m *Model) probe(ctx context.Context) (res Result, done bool, err error) {
	if _, err := m.Solver.Probe(ctx, m.Full); err != nil {
		res.Stats = m.Solver.Stats()
		if errors.Is(err, cp.ErrInconsistent) {
			res.Exhausted = true
			return res, true, nil
		}
		return res, true, err
	}
	return res, false, nil
}

// SearchProbing is the search without learning: propagation, failed-literal
// probing at the root, then depth-first search with dom/wdeg branching. It
// is kept for comparison.
func (m *Model) SearchProbing(ctx context.Context, limit int, lim cp.Limits) (Result, error) {
	res, done, err := m.probe(ctx)
	if done {
		return res, err
	}
	n, err := m.Solver.Count(ctx, m.Brancher(), lim, limit, func() {
		res.Solutions = append(res.Solutions, m.Current())
	})
	res.Stats = m.Solver.Stats()
	res.Exhausted = err == nil && (limit <= 0 || n < limit)
	return res, err
}

package logic

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// Reasoner works out an Aquarium grid the way a person does: one deduction
// at a time, each with its rule and its words, the easiest first. It keeps
// the state of every block (the cells of an aquarium in a row under the
// region rule, a horizontal run under the pool rule) as Unknown, Empty or
// Water.
//
// The rules up to BySums decide exactly what the CP model's propagation
// decides under the region rule (gravity and, for every row and column, the
// count reasoned over all ways its aquariums can add up); probing then
// supposes a block full or empty and reasons on. Under the pool rule the
// level reasoning is sound but may decide less than the CP model, which
// also reasons about ranges of levels.
type Reasoner struct {
	p     *aquarium.Puzzle
	l     *aquarium.Layout
	rule  aquarium.Rule
	state []aquarium.Cell // by block
	trail []int           // the blocks set, in order; undo truncates it
	open  int             // the blocks not decided
	// up lists, for each block, the blocks whose water rests on it: the
	// reverse of Layout.Below.
	up [][]int
	// lines holds the rows and columns that have clues; lineOf lists, for
	// each block, the lines it is part of.
	lines  []rline
	lineOf [][]int
	// ambiguous reports, per block, that its aquarium has another block in
	// the same row (pool rule only), so words must name its columns.
	ambiguous []bool
	// words says whether deductions get their Text; screening suppositions
	// runs without.
	words bool
	// supposing counts the suppositions being told in words: conflicts
	// under one are told as what would happen.
	supposing int
	// tracing counts the suppositions being followed to compare their
	// chains: deductions then record what they read even without words.
	tracing int

	// The quiet cache of the line rules: clock counts block changes,
	// changed[i] is the clock at the last change of a block of line i, and
	// quiet[k][i] the clock at which line rule ByCount+k last found nothing
	// to say about line i; while no block of the line changes since, it
	// has nothing to say still.
	clock   int
	changed []int
	quiet   [3][]int
	said    bool // the line rule running has emitted

	// Scratch for propagateFrom: the lines queued, and which are.
	dirty []bool
	queue []int

	// Scratch for the line rules, reused.
	lo, hi   []int
	sums     lineSums
	after    [][2][]aquarium.Cell // by depth: the states tryBoth reached
	seen     []bool               // by block, for trim; all false between uses
	bodyOf   []int
	bodyTops []int
}

// rline is a row or column with a clue, cut into chains of blocks.
type rline struct {
	Line
	clue   int
	chains []rchain
}

// rchain is a chain of blocks of one aquarium in a line, top to bottom,
// that fills as a bottom run: run[t] is the number of cells of the line in
// a bottom run of t blocks.
type rchain struct {
	region int
	blocks []int
	run    []int
}

// NewReasoner starts reasoning on a valid puzzle under rule from the cells
// that start decides, a partial solution (the zero Solution, or one of
// Unknown cells, starts from an empty grid). It fails, wrapping
// ErrWrongSolution, when start is of the wrong size, fills only part of an
// aquarium's cells in a row, or breaks a rule outright (a line over its
// clue, water above an empty cell of its aquarium).
//
// It is NewReasonerContext without a way to stop it.
func NewReasoner(p *aquarium.Puzzle, rule aquarium.Rule, start aquarium.Solution) (*Reasoner, error) {
	return NewReasonerContext(context.Background(), p, rule, start)
}

// NewReasonerContext is NewReasoner that stops with ctx's error when ctx is
// done, checked every few thousand blocks and every line: setting up the
// reasoning on a million-cell grid takes a while.
func NewReasonerContext(ctx context.Context, p *aquarium.Puzzle, rule aquarium.Rule, start aquarium.Solution) (*Reasoner, error) {
	l, err := aquarium.LayoutFor(ctx, p, rule)
	if err != nil {
		return nil, err
	}
	r := &Reasoner{p: p, l: l, rule: rule, state: make([]aquarium.Cell, len(l.Blocks)), open: len(l.Blocks), words: true}
	r.up = make([][]int, len(l.Blocks))
	for b, below := range l.Below {
		if b%aquarium.CheckEvery == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		for _, c := range below {
			r.up[c] = append(r.up[c], b)
		}
	}
	if err := r.addLines(ctx); err != nil {
		return nil, err
	}
	r.changed = make([]int, len(r.lines))
	for k := range r.quiet {
		r.quiet[k] = make([]int, len(r.lines))
	}
	r.ambiguous = make([]bool, len(l.Blocks))
	if rule == aquarium.PoolRule {
		r.markAmbiguous()
	}
	r.lo, r.hi = make([]int, 0, 16), make([]int, 0, 16)
	r.seen = make([]bool, len(l.Blocks))
	if err := r.start(start); err != nil {
		return nil, err
	}
	return r, nil
}

// addLines cuts every row and column with a clue into chains.
func (r *Reasoner) addLines(ctx context.Context) error {
	p, l := r.p, r.l
	r.lineOf = make([][]int, len(l.Blocks))
	addLine := func(line Line, clue int, chains []rchain) {
		for _, ch := range chains {
			for _, b := range ch.blocks {
				r.lineOf[b] = append(r.lineOf[b], len(r.lines))
			}
		}
		r.lines = append(r.lines, rline{Line: line, clue: clue, chains: chains})
	}
	for line, clue := range p.CluedLines() {
		if err := ctx.Err(); err != nil {
			return err
		}
		blocks := l.LineChains(line)
		chains := make([]rchain, len(blocks))
		for i, chain := range blocks {
			run := make([]int, len(chain)+1)
			for t, b := range chain {
				run[t+1] = run[t] + l.InLine(line, b)
			}
			chains[i] = rchain{region: l.Blocks[chain[0]].Region, blocks: chain, run: run}
		}
		addLine(line, clue, chains)
	}
	return nil
}

// markAmbiguous marks the blocks that share their row with another block of
// their aquarium (pool rule), in one pass per row: the first block of an
// aquarium in a row is remembered, and a second marks both.
func (r *Reasoner) markAmbiguous() {
	l := r.l
	firstIn := make([]int, r.p.NumRegions()) // the first block of each aquarium in row rowOf, + 1
	rowOf := make([]int, len(firstIn))
	for row, blocks := range l.RowBlocks {
		for _, b := range blocks {
			id := l.Blocks[b].Region
			if rowOf[id] != row+1 {
				rowOf[id], firstIn[id] = row+1, b+1
				continue
			}
			r.ambiguous[firstIn[id]-1], r.ambiguous[b] = true, true
		}
	}
}

// start sets the blocks of the cells that s decides and checks that no rule
// is broken outright.
func (r *Reasoner) start(s aquarium.Solution) error {
	p := r.p
	if s.Width == 0 && s.Height == 0 && len(s.Cells) == 0 {
		return nil
	}
	if s.Width != p.Width || s.Height != p.Height || len(s.Cells) != p.Width*p.Height {
		return fmt.Errorf("%w: the grid given is %dx%d, the puzzle is %dx%d", aquarium.ErrWrongSolution, s.Width, s.Height, p.Width, p.Height)
	}
	first := make([]int, len(r.state)) // a cell that decided each block, +1
	for i, c := range s.Cells {
		if c == aquarium.Unknown {
			continue
		}
		if c != aquarium.Water && c != aquarium.Empty {
			return fmt.Errorf("%w: row %d, column %d has no valid value", aquarium.ErrWrongSolution, i/p.Width+1, i%p.Width+1)
		}
		b := r.l.CellBlock[i]
		if r.state[b] != aquarium.Unknown && r.state[b] != c {
			j := first[b] - 1
			return fmt.Errorf("%w: row %d, columns %d and %d are in aquarium %s, which fills a row all at once, but one is %s and the other %s",
				aquarium.ErrWrongSolution, i/p.Width+1, j%p.Width+1, i%p.Width+1, p.Name(r.l.Blocks[b].Region), cellWord(s.Cells[j]), cellWord(c))
		}
		if r.state[b] == aquarium.Unknown {
			r.set(b, c)
			first[b] = i + 1
		}
	}
	if d, ok := r.firstConflict(); ok {
		return fmt.Errorf("%w: %s", aquarium.ErrWrongSolution, uncapitalize(strings.TrimSuffix(d.Text, ".")))
	}
	return nil
}

func cellWord(c aquarium.Cell) string {
	if c == aquarium.Water {
		return "full"
	}
	return "empty"
}

// firstConflict looks for a rule broken outright in the current state.
func (r *Reasoner) firstConflict() (Deduction, bool) {
	var found Deduction
	ok := false
	r.scan(BySums, func(d *Deduction) bool {
		if d.Conflict {
			found, ok = *d, true
			return false
		}
		return true
	})
	return found, ok
}

// tense picks the words for a conflict: what is, at the top, or what
// would be, under a supposition.
func (r *Reasoner) tense(is, would string) string {
	if r.supposing > 0 {
		return would
	}
	return is
}

// set decides block b.
func (r *Reasoner) set(b int, c aquarium.Cell) {
	r.state[b] = c
	r.trail = append(r.trail, b)
	r.open--
	r.touch(b)
}

// touch records that block b changed, for the quiet cache of the lines it
// is in.
func (r *Reasoner) touch(b int) {
	r.clock++
	for _, i := range r.lineOf[b] {
		r.changed[i] = r.clock
	}
}

// mark returns the trail height, for undo.
func (r *Reasoner) mark() int { return len(r.trail) }

// undo forgets every block set since the trail had height h.
func (r *Reasoner) undo(h int) {
	for _, b := range r.trail[h:] {
		r.state[b] = aquarium.Unknown
		r.touch(b)
	}
	r.open += len(r.trail) - h
	r.trail = r.trail[:h]
}

// Current returns the grid as far as it is decided.
func (r *Reasoner) Current() aquarium.Solution {
	s := aquarium.NewSolution(r.p.Width, r.p.Height)
	for i, b := range r.l.CellBlock {
		s.Cells[i] = r.state[b]
	}
	return s
}

// Solved reports whether every cell is decided.
func (r *Reasoner) Solved() bool { return r.open == 0 }

// apply decides the blocks of d that are still open. It reports false when
// one of them is decided the other way.
func (r *Reasoner) apply(d *Deduction) bool {
	for _, s := range d.sets {
		switch r.state[s.block] {
		case aquarium.Unknown:
			r.set(s.block, s.value)
		case s.value:
		default:
			return false
		}
	}
	return true
}

// finish fills in the cells of a deduction from its blocks.
func (r *Reasoner) finish(d *Deduction) {
	d.Cells = d.Cells[:0]
	if len(d.sets) == 0 {
		return
	}
	value := make(map[int]aquarium.Cell, len(d.sets))
	for _, s := range d.sets {
		value[s.block] = s.value
	}
	for i, b := range r.l.CellBlock {
		if v, ok := value[b]; ok {
			d.Cells = append(d.Cells, Placement{Row: i / r.p.Width, Col: i % r.p.Width, Cell: v})
		}
	}
}

// scan runs the rules up to maxReason, easiest first, over the current
// state and calls emit with each deduction or conflict found; emit returns
// false to stop the scan. Deductions are not applied by scan; emit may
// apply them, and later rules then see the new state.
func (r *Reasoner) scan(maxReason Reason, emit func(*Deduction) bool) bool {
	return r.scanRules(maxReason, false, emit)
}

// scanRules is scan; quick skips the bounds rule when the sums rule runs,
// since the sums rule decides all it does (and finds its conflicts).
func (r *Reasoner) scanRules(maxReason Reason, quick bool, emit func(*Deduction) bool) bool {
	if !r.gravity(emit) {
		return false
	}
	if r.rule == aquarium.PoolRule && maxReason >= ByLevel && !r.levels(emit) {
		return false
	}
	for reason := ByCount; reason <= min(maxReason, BySums); reason++ {
		if quick && reason == ByBounds && maxReason >= BySums {
			continue
		}
		for i := range r.lines {
			if !r.lineRule(i, reason, emit) {
				return false
			}
		}
	}
	return true
}

// propagate applies the rules up to maxReason (at most BySums) until none
// applies, without words. It reports false on a conflict.
func (r *Reasoner) propagate(maxReason Reason) bool {
	ok, _ := r.propagateContext(context.Background(), maxReason)
	return ok
}

// propagateContext is propagate that checks ctx before every round over the
// grid, and stops with ctx's error when ctx is done.
func (r *Reasoner) propagateContext(ctx context.Context, maxReason Reason) (bool, error) {
	words, tracing := r.words, r.tracing
	r.words, r.tracing = false, 0
	defer func() { r.words, r.tracing = words, tracing }()
	for {
		if err := ctx.Err(); err != nil {
			return false, err
		}
		changed, conflict := false, false
		r.scanRules(maxReason, true, func(d *Deduction) bool {
			if d.Conflict || !r.apply(d) {
				conflict = true
				return false
			}
			changed = true
			return true
		})
		if conflict {
			return false, nil
		}
		if !changed {
			return true, nil
		}
	}
}

// propagateFrom is propagate(BySums) for a state that is a fixpoint of
// the rules but for the blocks set since the trail had height since: it
// follows gravity from those blocks and reads again only the lines they
// are in (and, under the pool rule, the levels), as a queue. since < 0
// reads the whole grid.
func (r *Reasoner) propagateFrom(since int) bool {
	if since < 0 {
		return r.propagate(BySums)
	}
	words, tracing := r.words, r.tracing
	r.words, r.tracing = false, 0
	defer func() { r.words, r.tracing = words, tracing }()
	if cap(r.dirty) < len(r.lines) {
		r.dirty = make([]bool, len(r.lines))
	}
	dirty := r.dirty[:len(r.lines)]
	queue := r.queue[:0]
	defer func() {
		for _, i := range queue {
			dirty[i] = false
		}
		r.queue = queue[:0]
	}()
	conflict := false
	emit := func(d *Deduction) bool {
		if d.Conflict || !r.apply(d) {
			conflict = true
			return false
		}
		return true
	}
	pos, head := since, 0
	for {
		for ; pos < len(r.trail); pos++ {
			b := r.trail[pos]
			c := r.state[b]
			next := r.l.Below[b]
			if c == aquarium.Empty {
				next = r.up[b]
			}
			for _, n := range next {
				switch r.state[n] {
				case aquarium.Unknown:
					r.set(n, c)
				case c:
				default:
					return false
				}
			}
			for _, i := range r.lineOf[b] {
				if !dirty[i] {
					dirty[i] = true
					queue = append(queue, i)
				}
			}
		}
		if r.rule == aquarium.PoolRule {
			before := len(r.trail)
			if !r.levels(emit) || conflict {
				return false
			}
			if len(r.trail) > before {
				continue
			}
		}
		if head == len(queue) {
			return true
		}
		i := queue[head]
		head++
		dirty[i] = false
		if !r.lineRule(i, ByCount, emit) || !r.lineRule(i, BySums, emit) || conflict {
			return false
		}
	}
}

// aquarium names aquarium id for people.
func (r *Reasoner) aquarium(id int) string { return "aquarium " + r.p.Name(id) }

// where describes the place of block b within its aquarium: its row, and
// under the pool rule its columns when the aquarium has other cells in that
// row.
func (r *Reasoner) where(b int) string {
	blk := r.l.Blocks[b]
	if r.ambiguous[b] {
		return fmt.Sprintf("row %d (%s)", blk.Row+1, colSet(blk.Cols))
	}
	return "row " + strconv.Itoa(blk.Row+1)
}

// places describes the places of blocks of one aquarium: "rows 4–6", or
// under the pool rule "row 4 (columns 2–3) and row 5 (column 1)".
func (r *Reasoner) places(blocks []int) string {
	blocks = slices.Clone(blocks)
	slices.SortFunc(blocks, func(a, b int) int {
		if ra, rb := r.l.Blocks[a].Row, r.l.Blocks[b].Row; ra != rb {
			return ra - rb
		}
		return r.l.Blocks[a].Cols[0] - r.l.Blocks[b].Cols[0]
	})
	rows := make([]int, 0, len(blocks))
	plain := true
	for _, b := range blocks {
		rows = append(rows, r.l.Blocks[b].Row)
		plain = plain && !r.ambiguous[b]
	}
	if plain && !hasDuplicates(rows) {
		return rowSet(rows)
	}
	parts := make([]string, len(blocks))
	for i, b := range blocks {
		parts[i] = r.where(b)
	}
	return andList(parts)
}

func hasDuplicates(sorted []int) bool {
	for i := 1; i < len(sorted); i++ {
		if sorted[i] == sorted[i-1] {
			return true
		}
	}
	return false
}

// describe says in words what sets decides: "aquarium C holds water in
// rows 4–6 and D is empty in row 2", "aquariums C and D are empty in row
// 2", grouped by aquarium and place in order of first appearance.
func (r *Reasoner) describe(sets []blockValue) string {
	type group struct {
		regions []int
		value   aquarium.Cell
		blocks  []int
		places  string
	}
	var groups []group
	for _, s := range sets {
		region := r.l.Blocks[s.block].Region
		i := slices.IndexFunc(groups, func(g group) bool { return g.regions[0] == region && g.value == s.value })
		if i < 0 {
			groups = append(groups, group{regions: []int{region}, value: s.value})
			i = len(groups) - 1
		}
		groups[i].blocks = append(groups[i].blocks, s.block)
	}
	// Aquariums decided alike in the same places share a clause.
	var merged []group
	for _, g := range groups {
		g.places = r.places(g.blocks)
		i := slices.IndexFunc(merged, func(m group) bool { return m.value == g.value && m.places == g.places })
		if i < 0 {
			merged = append(merged, g)
		} else {
			merged[i].regions = append(merged[i].regions, g.regions[0])
		}
	}
	parts := make([]string, len(merged))
	for i, g := range merged {
		names := make([]string, len(g.regions))
		for j, id := range g.regions {
			names[j] = r.p.Name(id)
		}
		verb := "holds water in"
		if g.value == aquarium.Empty {
			verb = "is empty in"
		}
		if len(names) > 1 {
			verb = "hold water in"
			if g.value == aquarium.Empty {
				verb = "are empty in"
			}
		}
		subject := andList(names)
		if i == 0 && len(names) == 1 {
			subject = "aquarium " + subject
		} else if i == 0 {
			subject = "aquariums " + subject
		}
		parts[i] = subject + " " + verb + " " + g.places
	}
	return andList(parts)
}

// sameRegion returns the aquarium of all the sets, or -1 when they differ.
func (r *Reasoner) sameRegion(sets []blockValue) int {
	region := -1
	for i, s := range sets {
		id := r.l.Blocks[s.block].Region
		if i == 0 {
			region = id
		} else if id != region {
			return -1
		}
	}
	return region
}

// gravity finds, block by block from the top, water that must settle
// lower and emptiness that must reach higher, and water resting on an
// empty cell.
func (r *Reasoner) gravity(emit func(*Deduction) bool) bool {
	for b, c := range r.state {
		var next [][]int
		switch c {
		case aquarium.Water:
			next = r.l.Below
		case aquarium.Empty:
			next = r.up
		default:
			continue
		}
		for _, n := range next[b] {
			if r.state[n] != aquarium.Unknown && r.state[n] != c {
				if !emit(r.gravityConflict(b, n)) {
					return false
				}
			}
		}
		// The open blocks reached from b through open blocks.
		var sets []blockValue
		stack := []int{b}
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, n := range next[x] {
				if r.state[n] == aquarium.Unknown && !slices.ContainsFunc(sets, func(s blockValue) bool { return s.block == n }) {
					sets = append(sets, blockValue{n, c})
					stack = append(stack, n)
				}
			}
		}
		if len(sets) == 0 {
			continue
		}
		d := &Deduction{Reason: ByGravity, Region: r.l.Blocks[b].Region, sets: sets, reads: []int{b}}
		if r.words {
			var blocks []int
			for _, s := range sets {
				blocks = append(blocks, s.block)
			}
			name := r.aquarium(d.Region)
			switch {
			case c == aquarium.Water && r.rule == aquarium.RegionRule:
				d.Text = fmt.Sprintf("%s holds water in %s, so it holds water in every lower row too (water settles): %s.", name, r.where(b), r.places(blocks))
			case c == aquarium.Water:
				d.Text = fmt.Sprintf("%s holds water in %s, so the cells of %s beneath it hold water too (water settles): %s.", name, r.where(b), r.p.Name(d.Region), r.places(blocks))
			case r.rule == aquarium.RegionRule:
				d.Text = fmt.Sprintf("%s is empty in %s, so it is empty in every higher row too (water cannot float): %s.", name, r.where(b), r.places(blocks))
			default:
				d.Text = fmt.Sprintf("%s is empty in %s, so the cells of %s above it are empty too (water cannot float): %s.", name, r.where(b), r.p.Name(d.Region), r.places(blocks))
			}
			d.Text = capitalize(d.Text)
			r.finish(d)
		}
		if !emit(d) {
			return false
		}
	}
	return true
}

func (r *Reasoner) gravityConflict(b, n int) *Deduction {
	d := &Deduction{Reason: ByGravity, Conflict: true, Region: r.l.Blocks[b].Region, reads: []int{b, n}}
	if r.words {
		upper, lower := b, n
		if r.state[b] == aquarium.Empty {
			upper, lower = n, b
		}
		d.Text = capitalize(fmt.Sprintf("%s %s in %s but %s in %s below it, and water does not float.",
			r.aquarium(d.Region), r.tense("holds water", "would hold water"), r.where(upper), r.tense("is empty", "be empty"), r.where(lower)))
	}
	return d
}

// levels applies the pool rule's flat surfaces. Water blocks joined through
// their aquarium form a body whose surface is at its highest row, so water
// of the body lower down has water above it too; and an open block that
// would join a body above the row where the body meets an empty cell
// overhead must stay empty.
func (r *Reasoner) levels(emit func(*Deduction) bool) bool {
	w := r.waterBodies()
	return r.levelsRise(w, emit) && r.levelsCap(w, emit)
}

// waterBodies are the bodies of water of the current state, for levels.
type waterBodies struct {
	body    []int   // body[b]: the body of water block b, or -1
	members [][]int // the blocks of each body
	// surface[id]: the lowest row at which body id meets an empty cell of
	// its aquarium directly above (the cell is lid[id], the block under it
	// holder[id]), or -1.
	surface, holder, lid []int
}

// waterBodies finds the bodies of water, their tops (kept in r.bodyTops)
// and where each meets an empty cell above.
func (r *Reasoner) waterBodies() waterBodies {
	n := len(r.state)
	if cap(r.bodyOf) < n {
		r.bodyOf = make([]int, n)
	}
	body := r.bodyOf[:n]
	for i := range body {
		body[i] = -1
	}
	r.bodyTops = r.bodyTops[:0]
	var members [][]int
	for b, c := range r.state {
		if c != aquarium.Water || body[b] >= 0 {
			continue
		}
		id := len(members)
		top := r.l.Blocks[b].Row
		list := []int{b}
		body[b] = id
		for i := 0; i < len(list); i++ {
			x := list[i]
			top = min(top, r.l.Blocks[x].Row)
			for _, next := range [2][]int{r.l.Below[x], r.l.Above[x]} {
				for _, y := range next {
					if r.state[y] == aquarium.Water && body[y] < 0 {
						body[y] = id
						list = append(list, y)
					}
				}
			}
		}
		members = append(members, list)
		r.bodyTops = append(r.bodyTops, top)
	}
	surface := make([]int, len(members))
	holder := make([]int, len(members))
	lid := make([]int, len(members))
	for id, list := range members {
		surface[id] = -1
		for _, x := range list {
			for _, u := range r.l.Above[x] {
				if r.state[u] == aquarium.Empty && r.l.Blocks[x].Row > surface[id] {
					surface[id], holder[id], lid[id] = r.l.Blocks[x].Row, x, u
				}
			}
		}
	}
	return waterBodies{body: body, members: members, surface: surface, holder: holder, lid: lid}
}

// levelsRise fills the open blocks above each body's water up to its top,
// or reports a body that meets an empty cell below its top.
func (r *Reasoner) levelsRise(w waterBodies, emit func(*Deduction) bool) bool {
	for id, list := range w.members {
		top := r.bodyTops[id]
		if w.surface[id] > top {
			if !emit(r.levelConflict(list, w.holder[id], w.lid[id], top)) {
				return false
			}
			continue
		}
		var sets []blockValue
		for _, x := range list {
			if r.l.Blocks[x].Row <= top {
				continue
			}
			for _, u := range r.l.Above[x] {
				if r.state[u] == aquarium.Unknown && !slices.ContainsFunc(sets, func(s blockValue) bool { return s.block == u }) {
					sets = append(sets, blockValue{u, aquarium.Water})
				}
			}
		}
		if len(sets) == 0 {
			continue
		}
		d := &Deduction{Reason: ByLevel, Region: r.l.Blocks[list[0]].Region, sets: sets, reads: slices.Clone(list)}
		if r.words {
			d.Text = capitalize(fmt.Sprintf("The water of %s reaches up to row %d, and water joined through an aquarium stands at one level, so it also fills %s.",
				r.aquarium(d.Region), top+1, r.placesOf(sets)))
			r.finish(d)
		}
		if !emit(d) {
			return false
		}
	}
	return true
}

// levelsCap empties an open block that would join bodies that hit an
// empty cell above lower down than its row.
func (r *Reasoner) levelsCap(w waterBodies, emit func(*Deduction) bool) bool {
	for b, c := range r.state {
		if c != aquarium.Unknown {
			continue
		}
		row := r.l.Blocks[b].Row
		top, surf, hold, cover := row, -1, -1, -1
		for _, u := range r.l.Above[b] {
			if r.state[u] == aquarium.Empty {
				surf, hold, cover = row, b, u
			}
		}
		var reads []int
		for _, y := range r.l.Below[b] {
			if id := w.body[y]; id >= 0 {
				top = min(top, r.bodyTops[id])
				if w.surface[id] > surf {
					surf, hold, cover = w.surface[id], w.holder[id], w.lid[id]
				}
				reads = append(reads, w.members[id]...)
			}
		}
		if surf <= top || len(reads) == 0 {
			continue
		}
		reads = append(reads, cover)
		d := &Deduction{Reason: ByLevel, Region: r.l.Blocks[b].Region, sets: []blockValue{{b, aquarium.Empty}}, reads: reads}
		if r.words {
			d.Text = capitalize(fmt.Sprintf("If %s held water in %s, that water would join its water below, which meets an empty cell above it in %s and so cannot rise above row %d; so %s is empty in %s.",
				r.aquarium(d.Region), r.where(b), r.where(hold), surf+1, r.p.Name(d.Region), r.where(b)))
			r.finish(d)
		}
		if !emit(d) {
			return false
		}
	}
	return true
}

// placesOf describes the blocks of sets, which belong to one aquarium.
func (r *Reasoner) placesOf(sets []blockValue) string {
	blocks := make([]int, len(sets))
	for i, s := range sets {
		blocks[i] = s.block
	}
	return r.places(blocks)
}

func (r *Reasoner) levelConflict(list []int, holder, lid, top int) *Deduction {
	d := &Deduction{Reason: ByLevel, Conflict: true, Region: r.l.Blocks[list[0]].Region, reads: append(slices.Clone(list), lid)}
	if r.words {
		d.Text = capitalize(fmt.Sprintf("The water of %s %s up to row %d but %s an empty cell above it in %s: joined water cannot stand at two levels.",
			r.aquarium(d.Region), r.tense("reaches", "would reach"), top+1, r.tense("meets", "meet"), r.where(holder)))
	}
	return d
}

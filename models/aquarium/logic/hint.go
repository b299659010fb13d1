package logic

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// errNoConflict reports that telling a supposition's consequences in words
// did not reach the contradiction that screening found.
var errNoConflict = errors.New("aquarium: the supposition did not lead to a contradiction in words")

// Next returns the easiest deduction from the current state without
// applying it: gravity first, then levels (pool rule), a line's count, its
// bounds, its sums, and then probing of depth 1 up to maxDepth, where a
// supposition whose consequences are shortest to tell is preferred. It
// reports false when no rule applies (the grid is solved, or reasoning up
// to maxDepth is stuck). A deduction with Conflict set means the current
// state cannot be completed.
func (r *Reasoner) Next(ctx context.Context, maxDepth int) (Deduction, bool, error) {
	words := r.words
	r.words = true
	defer func() { r.words = words }()
	return r.next(ctx, maxDepth)
}

func (r *Reasoner) next(ctx context.Context, maxDepth int) (Deduction, bool, error) {
	var found *Deduction
	r.scan(BySums, func(d *Deduction) bool {
		found = d
		return false
	})
	if found != nil {
		return *found, true, nil
	}
	for depth := 1; depth <= maxDepth; depth++ {
		if err := ctx.Err(); err != nil {
			return Deduction{}, false, err
		}
		d, ok, err := r.probeHint(ctx, depth)
		if err != nil || ok {
			return d, ok, err
		}
	}
	return Deduction{}, false, nil
}

// Apply decides the cells of a deduction (Next's, or one of a chain
// replayed). It fails when the deduction contradicts the state.
func (r *Reasoner) Apply(d Deduction) error {
	if d.Conflict {
		return fmt.Errorf("%w: %s", aquarium.ErrWrongSolution, d.Text)
	}
	h := r.mark()
	if !r.apply(&d) {
		r.undo(h)
		return fmt.Errorf("%w: the deduction %q contradicts the grid", aquarium.ErrWrongSolution, d.Text)
	}
	return nil
}

// Explain reasons from the current state to the end, one deduction at a
// time, and returns the chain; the reasoner is left in the state reached.
// The chain stops when the grid is solved or reasoning up to maxDepth is
// stuck, and the error is ctx.Err() when ctx ends it. A conflict (the
// starting cells cannot be completed) ends it with an error wrapping
// ErrWrongSolution.
func (r *Reasoner) Explain(ctx context.Context, maxDepth int) ([]Deduction, error) {
	var chain []Deduction
	for !r.Solved() {
		d, ok, err := r.Next(ctx, maxDepth)
		if err != nil {
			return chain, err
		}
		if !ok {
			break
		}
		if err := r.Apply(d); err != nil {
			return chain, err
		}
		chain = append(chain, d)
	}
	return chain, nil
}

// settle applies the rules and probing up to depth until nothing changes,
// without words, going back to the cheapest reasoning after each success.
// The state must be a fixpoint of the rules but for the blocks set since
// the trail had height since; since < 0 reads the whole grid. It reports
// false when the state has no solution.
func (r *Reasoner) settle(ctx context.Context, depth, since int) (bool, error) {
	if !r.propagateFrom(since) {
		return false, nil
	}
	for depth > 0 && r.open > 0 {
		progress := false
		for d := 1; d <= depth && !progress; d++ {
			n, ok, err := r.probeRound(ctx, d)
			if err != nil || !ok {
				return false, err
			}
			progress = n > 0
		}
		if !progress {
			break
		}
	}
	return true, nil
}

// probeRound probes every open block both ways at depth d (each
// supposition examined by settle at depth d-1): a supposition that fails
// is false, and blocks both suppositions decide alike are decided. At depth
// 1 it goes on to a fixpoint; deeper it stops at the first block that
// yields something. It returns how many blocks it decided and false when
// the state has no solution.
func (r *Reasoner) probeRound(ctx context.Context, d int) (int, bool, error) {
	fixed := 0
	for changed := true; changed; {
		changed = false
		for b := range r.state {
			if r.state[b] != aquarium.Unknown {
				continue
			}
			if err := ctx.Err(); err != nil {
				return fixed, false, err
			}
			ok, after, err := r.tryBoth(ctx, b, d)
			if err != nil {
				return fixed, false, err
			}
			before, h := r.open, r.mark()
			switch {
			case !ok[0] && !ok[1]:
				return fixed, false, nil
			case !ok[0]:
				r.set(b, aquarium.Empty)
			case !ok[1]:
				r.set(b, aquarium.Water)
			default:
				for x, c := range after[0] {
					if r.state[x] == aquarium.Unknown && c != aquarium.Unknown && after[1][x] == c {
						r.set(x, c)
					}
				}
			}
			if !r.propagateFrom(h) {
				return fixed, false, nil
			}
			if n := before - r.open; n > 0 {
				fixed += n
				changed = true
				if d > 1 {
					return fixed, true, nil
				}
			}
		}
	}
	return fixed, true, nil
}

// tryBoth supposes block b full, then empty, and settles each at depth
// d-1. It reports which suppositions survived and returns the states they
// reached (full, then empty), which stay valid until the next call at the
// same depth.
func (r *Reasoner) tryBoth(ctx context.Context, b, d int) ([2]bool, [2][]aquarium.Cell, error) {
	for len(r.after) <= d {
		r.after = append(r.after, [2][]aquarium.Cell{make([]aquarium.Cell, len(r.state)), make([]aquarium.Cell, len(r.state))})
	}
	after := r.after[d]
	var ok [2]bool
	for i, v := range [2]aquarium.Cell{aquarium.Water, aquarium.Empty} {
		h := r.mark()
		r.set(b, v)
		survived, err := r.settle(ctx, d-1, h)
		if err != nil {
			r.undo(h)
			return ok, after, err
		}
		ok[i] = survived
		copy(after[i], r.state)
		r.undo(h)
	}
	return ok, after, nil
}

// maxExplained bounds how many failing suppositions of one depth get their
// chain told, to pick the shortest: every one at depth 1, a few deeper,
// where telling a chain means probing again inside it.
func maxExplained(depth int) int {
	if depth == 1 {
		return 64
	}
	return 3
}

// probeHint finds the deductions probing of depth d makes from the current
// state and returns the one easiest to tell: a failing supposition with the
// shortest chain of consequences, else the first block whose two cases
// agree on other blocks.
func (r *Reasoner) probeHint(ctx context.Context, depth int) (Deduction, bool, error) {
	var fails []supposition
	cases := -1
	var common []blockValue
	words := r.words
	defer func() { r.words = words }()
	r.words = false
	for b := range r.state {
		if r.state[b] != aquarium.Unknown {
			continue
		}
		if err := ctx.Err(); err != nil {
			return Deduction{}, false, err
		}
		ok, after, err := r.tryBoth(ctx, b, depth)
		if err != nil {
			return Deduction{}, false, err
		}
		if !ok[0] {
			fails = append(fails, supposition{b, aquarium.Water})
		}
		if !ok[1] {
			fails = append(fails, supposition{b, aquarium.Empty})
		}
		if depth > 1 && len(fails) >= maxExplained(depth) {
			break // deep screening is costly: a few candidates will do
		}
		if ok[0] && ok[1] && cases < 0 {
			for x, c := range after[0] {
				if r.state[x] == aquarium.Unknown && c != aquarium.Unknown && after[1][x] == c {
					common = append(common, blockValue{x, c})
				}
			}
			if len(common) > 0 {
				cases = b
			}
		}
	}
	if len(fails) > 0 {
		return r.tellFailure(ctx, fails, depth, words)
	}
	r.words = words
	if cases >= 0 {
		d, err := r.bothWays(ctx, cases, common, depth)
		return d, err == nil, err
	}
	return Deduction{}, false, nil
}

// A supposition is a block supposed full (Water) or empty.
type supposition struct {
	block int
	value aquarium.Cell
}

// tellFailure is probeHint's deduction from suppositions that fail at
// depth: it follows each without words to find the shortest chain, then
// tells that one (in words when words is set, which it restores in r).
func (r *Reasoner) tellFailure(ctx context.Context, fails []supposition, depth int, words bool) (Deduction, bool, error) {
	var best Deduction
	bestAt, bestCost := -1, -1
	r.tracing++
	for i, s := range fails[:min(len(fails), maxExplained(depth))] {
		d, err := r.contradiction(ctx, s.block, s.value, depth)
		if errors.Is(err, errNoConflict) {
			continue
		}
		if err != nil {
			r.tracing--
			return Deduction{}, false, err
		}
		if cost := stepCount(d.Branches[0]); bestCost < 0 || cost < bestCost {
			best, bestAt, bestCost = d, i, cost
		}
	}
	r.tracing--
	r.words = words
	if bestAt >= 0 && words {
		s := fails[bestAt]
		d, err := r.contradiction(ctx, s.block, s.value, depth)
		return d, err == nil, err
	}
	if bestAt >= 0 {
		return best, true, nil
	}
	// Telling the chain failed (it should not): state the result alone.
	s := fails[0]
	d := r.probeDeduction(ByContradiction, depth, s.block, s.value, []blockValue{{s.block, opposite(s.value)}})
	if words {
		d.Text = capitalize(fmt.Sprintf("Supposing %s leads to a contradiction, so %s.", r.supposition(s.block, s.value), r.describe(d.sets)))
	}
	return d, true, nil
}

func opposite(c aquarium.Cell) aquarium.Cell {
	if c == aquarium.Water {
		return aquarium.Empty
	}
	return aquarium.Water
}

// stepCount counts the steps of a chain, with the steps inside nested
// suppositions.
func stepCount(steps []Deduction) int {
	n := 0
	for _, s := range steps {
		n++
		for _, b := range s.Branches {
			n += stepCount(b)
		}
	}
	return n
}

// supposition says "aquarium D held water in row 2" or "aquarium D were
// empty in row 2".
func (r *Reasoner) supposition(b int, v aquarium.Cell) string {
	if v == aquarium.Water {
		return fmt.Sprintf("%s held water in %s", r.aquarium(r.l.Blocks[b].Region), r.where(b))
	}
	return fmt.Sprintf("%s were empty in %s", r.aquarium(r.l.Blocks[b].Region), r.where(b))
}

// probeDeduction starts a probing deduction about block b supposed v.
func (r *Reasoner) probeDeduction(reason Reason, depth, b int, v aquarium.Cell, sets []blockValue) Deduction {
	d := Deduction{Reason: reason, Depth: depth, Region: r.l.Blocks[b].Region, sets: sets}
	if !r.words {
		return d
	}
	for i, blk := range r.l.CellBlock {
		if blk == b {
			d.Supposed = append(d.Supposed, Placement{Row: i / r.p.Width, Col: i % r.p.Width, Cell: v})
		}
	}
	r.finish(&d)
	return d
}

// reasonUnder supposes block b = v and reasons in words at depth until a
// conflict, or until done reports true, or until nothing follows. It
// returns the steps and whether a conflict ended them; the state is
// restored.
func (r *Reasoner) reasonUnder(ctx context.Context, b int, v aquarium.Cell, depth int, done func() bool) ([]Deduction, bool, error) {
	h := r.mark()
	r.supposing++
	defer func() {
		r.undo(h)
		r.supposing--
	}()
	r.set(b, v)
	var steps []Deduction
	for done == nil || !done() {
		d, ok, err := r.next(ctx, depth)
		if err != nil {
			return steps, false, err
		}
		if !ok {
			break
		}
		steps = append(steps, d)
		if d.Conflict {
			return steps, true, nil
		}
		if !r.apply(&d) {
			return steps, true, nil
		}
	}
	return steps, false, nil
}

// contradiction tells why supposing block b = v fails at depth.
func (r *Reasoner) contradiction(ctx context.Context, b int, v aquarium.Cell, depth int) (Deduction, error) {
	steps, conflict, err := r.reasonUnder(ctx, b, v, depth-1, nil)
	if err != nil {
		return Deduction{}, err
	}
	if !conflict {
		return Deduction{}, errNoConflict
	}
	steps = r.trim(steps, nil)
	d := r.probeDeduction(ByContradiction, depth, b, v, []blockValue{{b, opposite(v)}})
	d.Branches = [][]Deduction{steps}
	d.reads = premises(steps, b)
	if !r.words {
		return d, nil
	}
	last := steps[len(steps)-1]
	after := ""
	if len(steps) > 1 {
		after = fmt.Sprintf(" after %s,", plural(len(steps)-1, "step"))
	}
	d.Text = capitalize(fmt.Sprintf("Suppose %s:%s %s. So %s.",
		r.supposition(b, v), after, conflictSummary(&last, r), r.describe(d.sets)))
	return d, nil
}

// conflictSummary says in a few words what a conflict found.
func conflictSummary(d *Deduction, r *Reasoner) string {
	switch {
	case d.HasLine:
		return d.Line.String() + " could not meet its clue"
	case d.Reason == ByGravity:
		return "water would float in " + r.aquarium(d.Region)
	case d.Reason == ByLevel:
		return "the water of " + r.aquarium(d.Region) + " would stand at two levels"
	case len(d.Branches) > 0:
		return "every way on leads to a contradiction"
	}
	return "that cannot be"
}

// bothWays tells why block b's two cases agree on the blocks of common.
func (r *Reasoner) bothWays(ctx context.Context, b int, common []blockValue, depth int) (Deduction, error) {
	decided := func() bool {
		for _, s := range common {
			if r.state[s.block] != s.value {
				return false
			}
		}
		return true
	}
	var branches [][]Deduction
	targets := make([]int, len(common))
	for i, s := range common {
		targets[i] = s.block
	}
	for _, v := range [2]aquarium.Cell{aquarium.Water, aquarium.Empty} {
		steps, _, err := r.reasonUnder(ctx, b, v, depth-1, decided)
		if err != nil {
			return Deduction{}, err
		}
		branches = append(branches, r.trim(steps, targets))
	}
	d := r.probeDeduction(ByCases, depth, b, aquarium.Water, common)
	d.Branches = branches
	d.reads = append(premises(branches[0], b), premises(branches[1], b)...)
	if len(common) == 1 {
		d.Region = r.l.Blocks[common[0].block].Region
	}
	d.Text = capitalize(fmt.Sprintf("Whether %s holds water in %s or not, %s: that holds either way.",
		r.aquarium(r.l.Blocks[b].Region), r.where(b), r.describe(common)))
	return d, nil
}

// trim keeps the steps a conclusion needs: the final conflict, or the
// steps that decided the target blocks, and then, working backwards, the
// steps that decided blocks a kept step read.
func (r *Reasoner) trim(steps []Deduction, targets []int) []Deduction {
	needed := r.seen
	defer clear(needed)
	for _, b := range targets {
		needed[b] = true
	}
	keep := make([]bool, len(steps))
	for i := len(steps) - 1; i >= 0; i-- {
		s := &steps[i]
		k := i == len(steps)-1 && s.Conflict
		for _, v := range s.sets {
			if needed[v.block] {
				k = true
			}
		}
		if !k {
			continue
		}
		keep[i] = true
		for _, b := range s.reads {
			needed[b] = true
		}
	}
	var out []Deduction
	for i, s := range steps {
		if keep[i] {
			out = append(out, s)
		}
	}
	return out
}

// premises returns the blocks a chain of steps under the supposition of
// block b read that the chain did not decide itself.
func premises(steps []Deduction, b int) []int {
	own := map[int]bool{b: true}
	for _, s := range steps {
		for _, v := range s.sets {
			own[v.block] = true
		}
	}
	var out []int
	for _, s := range steps {
		for _, x := range s.reads {
			if !own[x] && !slices.Contains(out, x) {
				out = append(out, x)
			}
		}
	}
	return out
}

// Outline returns the deduction's words and, for probing, the steps under
// its suppositions, each on its own line, indented two spaces a level, as
// a person reads them.
func (d Deduction) Outline() string {
	var b strings.Builder
	d.outline(&b, "")
	return b.String()
}

func (d Deduction) outline(b *strings.Builder, indent string) {
	b.WriteString(indent)
	b.WriteString(d.Text)
	b.WriteByte('\n')
	for i, branch := range d.Branches {
		inner := indent + "  "
		if d.Reason == ByCases {
			label := "If it holds water:"
			if i == 1 {
				label = "If it is empty:"
			}
			b.WriteString(inner + label + "\n")
			inner += "  "
		}
		for _, s := range branch {
			s.outline(b, inner)
		}
	}
}

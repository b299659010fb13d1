package logic

import (
	"fmt"
	"strings"

	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// chainBounds returns the run lengths that the decided blocks of ch allow;
// lo > hi when they break gravity.
func (r *Reasoner) chainBounds(ch *rchain) (lo, hi int) {
	m := len(ch.blocks)
	hi = m
	for j, b := range ch.blocks {
		switch r.state[b] {
		case aquarium.Water:
			lo = max(lo, m-j)
		case aquarium.Empty:
			hi = min(hi, m-j-1)
		}
	}
	return lo, hi
}

// settleChain returns the open blocks of ch that runs of lo..hi agree on:
// the top ones above a run of hi are empty, the bottom lo hold water.
func (r *Reasoner) settleChain(dst []blockValue, ch *rchain, lo, hi int) []blockValue {
	m := len(ch.blocks)
	for j, b := range ch.blocks {
		if r.state[b] != aquarium.Unknown {
			continue
		}
		switch {
		case j < m-hi:
			dst = append(dst, blockValue{b, aquarium.Empty})
		case j >= m-lo:
			dst = append(dst, blockValue{b, aquarium.Water})
		}
	}
	return dst
}

// lineReads returns the decided blocks of a line.
func (r *Reasoner) lineReads(ln *rline) []int {
	var reads []int
	for _, ch := range ln.chains {
		for _, b := range ch.blocks {
			if r.state[b] != aquarium.Unknown {
				reads = append(reads, b)
			}
		}
	}
	return reads
}

// lineRule applies one line rule (ByCount, ByBounds or BySums) to line i.
func (r *Reasoner) lineRule(i int, reason Reason, emit func(*Deduction) bool) bool {
	quiet := &r.quiet[reason-ByCount][i]
	if *quiet > r.changed[i] {
		return true
	}
	r.said = false
	ok := r.readLine(i, reason, emit)
	if !r.said {
		r.clock++
		*quiet = r.clock
	}
	return ok
}

// say passes a line rule's deduction or conflict to emit, noting for the
// quiet cache that the line had something to say.
func (r *Reasoner) say(emit func(*Deduction) bool, d *Deduction) bool {
	r.said = true
	return emit(d)
}

// readLine applies one line rule to line i, as lineRule without the cache.
func (r *Reasoner) readLine(i int, reason Reason, emit func(*Deduction) bool) bool {
	ln := &r.lines[i]
	lo, hi := r.lo[:0], r.hi[:0]
	need, most := ln.clue, 0
	for g := range ln.chains {
		ch := &ln.chains[g]
		l, h := r.chainBounds(ch)
		if l > h {
			return true // gravity reports it
		}
		lo, hi = append(lo, l), append(hi, h)
		need -= ch.run[l]
		most += ch.run[h] - ch.run[l]
	}
	r.lo, r.hi = lo, hi
	switch reason {
	case ByCount:
		return r.countRule(ln, need, most, emit)
	case ByBounds:
		if need <= 0 || need >= most {
			return true
		}
		return r.boundsRule(ln, need, most, emit)
	case BySums:
		if need <= 0 || need >= most {
			return true
		}
		return r.sumsRule(ln, need, emit)
	}
	return true
}

func (r *Reasoner) lineDeduction(ln *rline, reason Reason, region int) *Deduction {
	d := &Deduction{Reason: reason, Line: ln.Line, HasLine: true, Region: region}
	if r.words || r.tracing > 0 {
		d.reads = r.lineReads(ln)
	}
	return d
}

// countRule: a line over its clue or unable to reach it is a conflict; a
// line with its clue met has its open cells empty; a line that needs every
// open cell fills them.
func (r *Reasoner) countRule(ln *rline, need, most int, emit func(*Deduction) bool) bool {
	name := ""
	if r.words {
		name = capitalize(ln.Line.String())
	}
	if need < 0 || need > most {
		d := r.lineDeduction(ln, ByCount, -1)
		d.Conflict = true
		if r.words {
			if need < 0 {
				d.Text = fmt.Sprintf("%s %s %d full cells, but its clue says %d.", name, r.tense("has", "would have"), ln.clue-need, ln.clue)
			} else if most == 0 {
				d.Text = fmt.Sprintf("%s %s %s, but none of its cells can still hold water.", name, r.tense("needs", "would need"), more(need))
			} else {
				d.Text = fmt.Sprintf("%s %s %s, but only %s can still hold water.", name, r.tense("needs", "would need"), more(need), plural(most, "open cell"))
			}
		}
		return r.say(emit, d)
	}
	if most == 0 || need != 0 && need != most {
		return true
	}
	var sets []blockValue
	for g := range ln.chains {
		t := r.lo[g]
		if need == most {
			t = r.hi[g]
		}
		sets = r.settleChain(sets, &ln.chains[g], t, t)
	}
	d := r.lineDeduction(ln, ByCount, r.sameRegion(sets))
	d.sets = sets
	if r.words {
		switch {
		case ln.clue == 0:
			d.Text = fmt.Sprintf("%s has no full cells (its clue is 0), so %s.", name, r.describe(sets))
		case need == 0 && ln.clue == 1:
			d.Text = fmt.Sprintf("%s has its one full cell already, so its other cells are empty: %s.", name, r.describe(sets))
		case need == 0 && ln.clue == 2:
			d.Text = fmt.Sprintf("%s has both of its full cells already, so its other cells are empty: %s.", name, r.describe(sets))
		case need == 0:
			d.Text = fmt.Sprintf("%s has all %d of its full cells already, so its other cells are empty: %s.", name, ln.clue, r.describe(sets))
		case need == 1:
			d.Text = fmt.Sprintf("%s needs 1 more full cell and has just 1 open cell that can hold water, so it does: %s.", name, r.describe(sets))
		default:
			d.Text = fmt.Sprintf("%s needs %s and has exactly %d open cells that can hold water, so they all do: %s.", name, more(need), most, r.describe(sets))
		}
		r.finish(d)
	}
	return r.say(emit, d)
}

// chainName names chain g of a line: its aquarium, with its place when the
// aquarium has another chain in the line (separate pieces, or runs under
// the pool rule).
func (r *Reasoner) chainName(ln *rline, g int) string {
	ch := &ln.chains[g]
	name := r.p.Name(ch.region)
	for h := range ln.chains {
		if h != g && ln.chains[h].region == ch.region {
			if ln.Column {
				var rows []int
				for _, b := range ch.blocks {
					rows = append(rows, r.l.Blocks[b].Row)
				}
				return name + " (" + rowSet(rows) + ")"
			}
			return name + " (" + colSet(r.l.Blocks[ch.blocks[0]].Cols) + ")"
		}
	}
	return name
}

// boundsRule: a chain that would add more than the line needs stays
// below that, and a chain without which the others cannot reach the need
// must add the rest.
func (r *Reasoner) boundsRule(ln *rline, need, most int, emit func(*Deduction) bool) bool {
	for g := range ln.chains {
		lo, hi := r.lo[g], r.hi[g]
		if lo == hi {
			continue
		}
		run := ln.chains[g].run
		add := func(t int) int { return run[t] - run[lo] }
		others := most - add(hi)
		newHi := hi
		for newHi > lo && add(newHi) > need {
			newHi--
		}
		newLo := lo
		for newLo <= newHi && others+add(newLo) < need {
			newLo++
		}
		if newLo > newHi {
			d := r.lineDeduction(ln, ByBounds, ln.chains[g].region)
			d.Conflict = true
			if r.words {
				d.Text = fmt.Sprintf("%s %s %s; %s would add too many and without it the line reaches at most %d.",
					capitalize(ln.Line.String()), r.tense("needs", "would need"), more(need), "aquarium "+r.chainName(ln, g), others+add(newHi))
			}
			if !r.say(emit, d) {
				return false
			}
			continue
		}
		if newLo == lo && newHi == hi {
			continue
		}
		d := r.lineDeduction(ln, ByBounds, ln.chains[g].region)
		d.sets = r.settleChain(nil, &ln.chains[g], newLo, newHi)
		if r.words {
			d.Text = r.boundsWords(ln, g, need, others, lo, newLo, newHi, d.sets)
			r.finish(d)
		}
		if !r.say(emit, d) {
			return false
		}
	}
	return true
}

func (r *Reasoner) boundsWords(ln *rline, g, need, others, lo, newLo, newHi int, sets []blockValue) string {
	ch := &ln.chains[g]
	name := r.chainName(ln, g)
	var empty, water []blockValue
	for _, s := range sets {
		if s.value == aquarium.Water {
			water = append(water, s)
		} else {
			empty = append(empty, s)
		}
	}
	var parts []string
	if len(empty) > 0 {
		too := ch.run[newHi+1] - ch.run[lo]
		if ln.Column {
			b := ch.blocks[len(ch.blocks)-newHi-1]
			settle := ""
			if too > 1 {
				settle = " (water settles)"
			}
			parts = append(parts, fmt.Sprintf("water in aquarium %s in row %d would add %d%s, too many, so %s",
				name, r.l.Blocks[b].Row+1, too, settle, r.describe(empty)))
		} else {
			parts = append(parts, fmt.Sprintf("aquarium %s would add %d, too many, so %s", name, too, r.describe(empty)))
		}
	}
	if len(water) > 0 {
		must := need - others
		switch {
		case others == 0:
			parts = append(parts, fmt.Sprintf("only aquarium %s can add any, so %s", name, r.describe(water)))
		case !ln.Column:
			parts = append(parts, fmt.Sprintf("without aquarium %s it can reach at most %d more, so %s", name, others, r.describe(water)))
		default:
			parts = append(parts, fmt.Sprintf("the other aquariums can add at most %d, so aquarium %s must add at least %d: %s",
				others, name, must, r.describe(water)))
		}
	}
	return fmt.Sprintf("%s needs %s; %s.", capitalize(ln.Line.String()), more(need), strings.Join(parts, "; and "))
}

// lineSums is scratch for the sums rule: reach[i][x] says whether the
// active chains before the i-th can add exactly x, back[i][x] whether the
// active chains from the i-th on can add exactly x.
type lineSums struct {
	reach, back [][]bool
	active      []int
}

func (ls *lineSums) grow(n, need int) {
	for len(ls.reach) < n+1 {
		ls.reach = append(ls.reach, nil)
		ls.back = append(ls.back, nil)
	}
	for i := range n + 1 {
		if cap(ls.reach[i]) < need+1 {
			ls.reach[i] = make([]bool, need+1)
			ls.back[i] = make([]bool, need+1)
		}
		ls.reach[i] = ls.reach[i][:need+1]
		ls.back[i] = ls.back[i][:need+1]
		clear(ls.reach[i])
		clear(ls.back[i])
	}
}

// sumsRule keeps, for each chain, the runs that some choice of the other
// chains completes to the need, as the CP model's line propagator does.
func (r *Reasoner) sumsRule(ln *rline, need int, emit func(*Deduction) bool) bool {
	ls := &r.sums
	ls.active = ls.active[:0]
	for g := range ln.chains {
		if r.lo[g] < r.hi[g] {
			ls.active = append(ls.active, g)
		}
	}
	n := len(ls.active)
	ls.grow(n, need)
	ls.reach[0][0] = true
	for i, g := range ls.active {
		run, lo := ln.chains[g].run, r.lo[g]
		for x, ok := range ls.reach[i] {
			if !ok {
				continue
			}
			for t := lo; t <= r.hi[g] && x+run[t]-run[lo] <= need; t++ {
				ls.reach[i+1][x+run[t]-run[lo]] = true
			}
		}
	}
	if !ls.reach[n][need] {
		d := r.lineDeduction(ln, BySums, -1)
		d.Conflict = true
		if r.words {
			d.Text = fmt.Sprintf("%s %s %s, but no choice among %s adds up to exactly %d.",
				capitalize(ln.Line.String()), r.tense("needs", "would need"), more(need), r.offers(ln), need)
		}
		return r.say(emit, d)
	}
	// back[i][x]: chains i.. can add exactly x.
	ls.back[n][0] = true
	for i := n - 1; i >= 0; i-- {
		g := ls.active[i]
		run, lo := ln.chains[g].run, r.lo[g]
		for x, ok := range ls.back[i+1] {
			if !ok {
				continue
			}
			for t := lo; t <= r.hi[g] && x+run[t]-run[lo] <= need; t++ {
				ls.back[i][x+run[t]-run[lo]] = true
			}
		}
	}
	for i, g := range ls.active {
		run, lo, hi := ln.chains[g].run, r.lo[g], r.hi[g]
		newLo, newHi := -1, -1
		for t := lo; t <= hi && run[t]-run[lo] <= need; t++ {
			add := run[t] - run[lo]
			for x := 0; x+add <= need; x++ {
				if ls.reach[i][x] && ls.back[i+1][need-add-x] {
					if newLo < 0 {
						newLo = t
					}
					newHi = t
					break
				}
			}
		}
		if newLo == lo && newHi == hi {
			continue
		}
		d := r.lineDeduction(ln, BySums, ln.chains[g].region)
		d.sets = r.settleChain(nil, &ln.chains[g], newLo, newHi)
		if len(d.sets) == 0 {
			continue // only interior runs went: nothing a block can show
		}
		if r.words {
			d.Text = r.sumsWords(ln, g, need, newLo, newHi, d.sets)
			r.finish(d)
		}
		if !r.say(emit, d) {
			return false
		}
	}
	return true
}

// offers lists what the open chains of a line can add: "B (3), C (2) and
// D (up to 2)".
func (r *Reasoner) offers(ln *rline) string {
	var parts []string
	for g := range ln.chains {
		lo, hi := r.lo[g], r.hi[g]
		if lo == hi {
			continue
		}
		run := ln.chains[g].run
		if hi-lo == 1 {
			parts = append(parts, fmt.Sprintf("%s (%d)", r.chainName(ln, g), run[hi]-run[lo]))
		} else {
			parts = append(parts, fmt.Sprintf("%s (up to %d)", r.chainName(ln, g), run[hi]-run[lo]))
		}
	}
	return "aquariums " + andList(parts)
}

// maxWaysListed is how many ways to make a line's need the words list.
const maxWaysListed = 4

// ways enumerates the choices of the line's open chains that add exactly
// need: at most maxWaysListed of them in words, and how many there are
// (counting stops past 1000). It runs inside sumsRule, whose r.sums holds
// the line's active chains and, in back, which sums the chains from each
// one on can make: the walk follows only choices the rest can complete,
// so it visits at most 1001 ways and never a dead end. (Without that, a
// line of hundreds of small chains walked dead ends for hours.)
func (r *Reasoner) ways(ln *rline, need int) ([]string, int) {
	active, back := r.sums.active, r.sums.back
	var listed []string
	count := 0
	choice := make([]int, len(ln.chains))
	var walk func(i, left int)
	walk = func(i, left int) {
		if count > 1000 {
			return
		}
		if i == len(active) {
			count++
			if len(listed) < maxWaysListed {
				listed = append(listed, r.way(ln, active, choice))
			}
			return
		}
		g := active[i]
		run, lo := ln.chains[g].run, r.lo[g]
		for t := lo; t <= r.hi[g] && run[t]-run[lo] <= left; t++ {
			if rest := left - (run[t] - run[lo]); back[i+1][rest] {
				choice[g] = t
				walk(i+1, rest)
			}
		}
	}
	if back[0][need] {
		walk(0, need)
	}
	return listed, count
}

// way says in words what the active chains add under choice: "2 from B +
// 1 from C" in a column, "B + C" in a row.
func (r *Reasoner) way(ln *rline, active, choice []int) string {
	var parts []string
	for _, g := range active {
		add := ln.chains[g].run[choice[g]] - ln.chains[g].run[r.lo[g]]
		switch {
		case add == 0:
		case ln.Column:
			parts = append(parts, fmt.Sprintf("%d from %s", add, r.chainName(ln, g)))
		default:
			parts = append(parts, r.chainName(ln, g))
		}
	}
	return strings.Join(parts, " + ")
}

func (r *Reasoner) sumsWords(ln *rline, g, need, newLo, newHi int, sets []blockValue) string {
	lo, hi := r.lo[g], r.hi[g]
	run := ln.chains[g].run
	name := r.chainName(ln, g)
	listed, count := r.ways(ln, need)
	var b strings.Builder
	fmt.Fprintf(&b, "%s needs %s from %s; ", capitalize(ln.Line.String()), more(need), r.offers(ln))
	all := "all of them"
	switch {
	case count == 1:
		fmt.Fprintf(&b, "the only way to make %d is %s", need, listed[0])
		all = "it"
	case count <= maxWaysListed:
		fmt.Fprintf(&b, "the only ways to make %d are %s", need, andList(listed))
		if count == 2 {
			all = "both"
		}
	case count > 1000:
		fmt.Fprintf(&b, "of the more than 1000 ways to make %d", need)
	default:
		fmt.Fprintf(&b, "of the %d ways to make %d", count, need)
	}
	var claims []string
	verbs := count <= maxWaysListed
	if newLo > lo {
		switch {
		case !ln.Column && verbs:
			claims = append(claims, fmt.Sprintf("%s use%s %s", all, sIf(all == "it"), name))
		case !ln.Column:
			claims = append(claims, fmt.Sprintf("every one uses %s", name))
		case verbs:
			claims = append(claims, fmt.Sprintf("%s take%s at least %d from %s", all, sIf(all == "it"), run[newLo]-run[lo], name))
		default:
			claims = append(claims, fmt.Sprintf("every one takes at least %d from %s", run[newLo]-run[lo], name))
		}
	}
	if newHi < hi {
		switch {
		case !ln.Column && count == 1:
			claims = append(claims, fmt.Sprintf("it leaves out %s", name))
		case !ln.Column:
			claims = append(claims, fmt.Sprintf("none uses %s", name))
		case count == 1:
			claims = append(claims, fmt.Sprintf("it takes at most %d from %s", run[newHi]-run[lo], name))
		default:
			claims = append(claims, fmt.Sprintf("none takes more than %d from %s", run[newHi]-run[lo], name))
		}
	}
	sep := ", and "
	if !verbs {
		sep = ", "
	}
	fmt.Fprintf(&b, "%s%s, so %s.", sep, andList(claims), r.describe(sets))
	return b.String()
}

// more says "1 more full cell", "3 more full cells".
func more(n int) string {
	if n == 1 {
		return "1 more full cell"
	}
	return fmt.Sprintf("%d more full cells", n)
}

func sIf(yes bool) string {
	if yes {
		return "s"
	}
	return ""
}

package aqcp

import (
	"cmp"
	"slices"

	"github.com/waterworks-solver/waterworks/cp"
)

// lineSum is the constraint that a row or column has exactly need full
// cells, reasoned per chain of blocks. Each chain (a single block in a row;
// an aquarium's blocks down a column) is full in a bottom run of t blocks for
// some t, contributing the weights of that run; gravity makes any other
// pattern impossible.
//
// Propagate is domain consistent for the line's count together with gravity
// inside each chain: a multiple-choice subset-sum over the chains' possible
// contributions, computed as bitsets of reachable sums from the left
// (prefix) and right (suffix), keeps exactly the runs that some combination
// of the other chains completes to need. This subsumes the hand reasoning
// "a block larger than what the line still needs is empty; a block without
// which the line cannot reach its clue is full".
type lineSum struct {
	need   int
	chains []lineChain
	words  int // bitset words for sums 0..need

	// lo[g]..hi[g] are the bottom-run lengths chain g still allows, kept by
	// Advise as blocks get fixed: a full block j (counted from the top of a
	// chain of m) forces a run of at least m-j, an empty one a run of at
	// most m-j-1. Gravity inside the chain makes these bounds exact.
	lo, hi []cp.Rev

	// The chains whose run is not settled are active[:activeN], a sparse
	// set: a chain leaves by swapping with the last active one, and
	// restoring activeN on backtracking brings back exactly the chains that
	// left since. settled is the contribution of the others.
	active  []int
	activeN cp.Rev
	settled cp.Rev

	// sumLo and sumHi are the smallest and largest totals the chains'
	// bounds allow, kept by Advise; maxRun is the largest contribution of
	// a chain. A line of unit weights (a column) whose totals leave at
	// least that much slack on both sides of need can narrow nothing (the
	// totals the other chains reach form an interval), so it returns at
	// once. Advise still schedules it: not scheduling idle lines changed
	// the order in which propagators run, hence the search, and made hard
	// grids slower. A weighted line (a row) still runs its dynamic program
	// then, which may find gaps in the totals: skipping it in search made
	// rows about 15% cheaper per node but gained nothing on whole solves
	// (grown 250x250 seed 1 unsolved within 120 s of CPU either way).
	sumLo, sumHi cp.Rev
	maxRun       int

	// Scratch, reused across runs: the active chains' bounds, and prefix[i]
	// holding the sums reachable by the active chains before the i-th and
	// suffix[i] holding rest minus the sums reachable by active chains i
	// and after (so that a + v + b = rest becomes a membership test after a
	// shift), where rest is need less the settled contribution.
	clo, chi       []int
	prefix, suffix [][]uint64
	pre, suf       []uint64 // propagateSmall's prefix and suffix sets
	reason         []cp.Lit
	above, below   []cp.Lit // reasons of settle, copied out of reason
	picks          []pick   // scratch of the short explanations
	most           int      // the largest total: every chain full
	unit           bool     // every block weighs 1: sums form intervals

	// A line whose chains are single weighted blocks (a row) is a 0/1
	// subset sum, and blocks of equal weight are interchangeable: it is
	// solved per weight instead of per block (see propagateGroups). Such
	// a line has groups, the distinct weights in increasing order, and
	// group[g], the group of chain g; other lines have neither.
	groups []lineGroup
	group  []int
	all    sumSet // the sums of all the free blocks (see groupSums)
}

// lineGroup is the blocks of one weight in a line of single blocks, and
// its state for the runs: free counts the blocks whose value is open, pre
// and suf are the sets of sums before and after the group (see groupSums)
// for done free blocks, and in and out say whether a free block of the
// group is full, and empty, in some completion.
type lineGroup struct {
	weight     int
	free, done int
	pre, suf   sumSet
	in, out    bool
}

// lineChain is a chain's blocks, top to bottom, with their weights and the
// running total of weights from the bottom: run[t] is the contribution of a
// bottom run of t blocks.
type lineChain struct {
	vars []cp.Var
	run  []int
}

// newLineSum posts the constraint on s, watching every block of every chain.
func newLineSum(s *cp.Solver, need int, chains []lineChain) *lineSum {
	c := &lineSum{need: need, chains: chains, words: need/64 + 1}
	c.prefix = make([][]uint64, len(chains)+1)
	c.suffix = make([][]uint64, len(chains)+1)
	sets := make([]uint64, 2*c.words*(len(chains)+1))
	for i := range c.prefix {
		c.prefix[i], sets = sets[:c.words:c.words], sets[c.words:]
		c.suffix[i], sets = sets[:c.words:c.words], sets[c.words:]
	}
	c.lo = make([]cp.Rev, len(chains))
	c.hi = make([]cp.Rev, len(chains))
	c.pre = make([]uint64, len(chains)+1)
	c.suf = make([]uint64, len(chains)+1)
	c.active = make([]int, len(chains))
	c.clo = make([]int, len(chains))
	c.chi = make([]int, len(chains))
	for g, ch := range chains {
		c.lo[g] = s.NewRev(0)
		c.hi[g] = s.NewRev(int64(len(ch.vars)))
		c.active[g] = g
	}
	c.unit = true
	for _, ch := range chains {
		m := len(ch.vars)
		c.most += ch.run[m]
		c.unit = c.unit && ch.run[m] == m
		c.maxRun = max(c.maxRun, ch.run[m])
	}
	if !c.unit {
		c.makeGroups()
	}
	c.sumLo, c.sumHi = s.NewRev(0), s.NewRev(int64(c.most))
	c.activeN = s.NewRev(int64(len(chains)))
	c.settled = s.NewRev(0)
	id := s.Add(c)
	for g, ch := range chains {
		watchStack(s, id, c, g, ch.vars)
	}
	return c
}

// makeGroups gives a line of single weighted blocks and a clue of 64 to
// maxGroupSum its groups of equal weight; it leaves other lines alone, and
// those of smaller clues, which propagateSmall always takes.
func (c *lineSum) makeGroups() {
	if c.need < 64 || c.need > maxGroupSum {
		return
	}
	var weights []int
	for _, ch := range c.chains {
		if len(ch.vars) != 1 {
			return
		}
		weights = append(weights, ch.run[1])
	}
	slices.Sort(weights)
	weights = slices.Compact(weights)
	c.groups = make([]lineGroup, len(weights))
	for k, w := range weights {
		c.groups[k].weight = w
	}
	c.group = make([]int, len(c.chains))
	for g, ch := range c.chains {
		c.group[g], _ = slices.BinarySearch(weights, ch.run[1])
	}
	c.groups[0].pre[0] = 1
	c.groups[len(weights)-1].suf[c.need/64] = 1 << (c.need % 64)
	for k := range c.groups {
		c.groups[k].done = -1 // no set is computed yet
	}
}

// watchStack makes the fixing of each block of stack g (a chain, or an
// aquarium's blocks) wake propagator id, with g in the tag's high bits and
// the block's index below, and tells the advisor a of the blocks fixed
// already.
func watchStack(s *cp.Solver, id cp.PropID, a cp.Advisor, g int, vars []cp.Var) {
	for j, v := range vars {
		tag := int32(g)<<16 | int32(j)
		s.WatchTagged(id, v, cp.OnFix, tag)
		if s.Fixed(v) {
			a.Advise(s, tag)
		}
	}
}

// makeChain builds a chain from its blocks' variables, top to bottom, and
// the weight of the block of each variable (weight(j) for vars[j]).
func makeChain(vars []cp.Var, weight func(j int) int) lineChain {
	ch := lineChain{vars: vars, run: make([]int, len(vars)+1)}
	for t := 1; t <= len(vars); t++ {
		ch.run[t] = ch.run[t-1] + weight(len(vars)-t)
	}
	return ch
}

func (c *lineSum) Priority() cp.Priority { return cp.PriorityHeavy }

func (c *lineSum) Idempotent() bool { return true }

// Explains reports that the line explains its deductions: each chain's run
// bounds come from two literals, its topmost full block (the run is at
// least that long) and its lowest empty block (the run is shorter), and
// every deduction follows from these literals of the chains involved.
func (c *lineSum) Explains() bool { return true }

// boundLits appends the literals behind chain g's lower bound (its
// topmost full block) and upper bound (its lowest empty block), as asked.
func (c *lineSum) boundLits(s *cp.Solver, dst []cp.Lit, g int, lower, upper bool) []cp.Lit {
	vars := c.chains[g].vars
	m := len(vars)
	if lo := int(s.Get(c.lo[g])); lower && lo > 0 {
		dst = append(dst, cp.Pos(vars[m-lo]))
	}
	if hi := int(s.Get(c.hi[g])); upper && hi < m {
		dst = append(dst, cp.Neg(vars[m-hi-1]))
	}
	return dst
}

// why returns the literals behind both bounds of every chain but except
// (-1 for none), the reason for a deduction of the dynamic program that
// bounds alone do not make (those are whyTooMuch and whyTooLittle), or nil
// when nobody is learning.
func (c *lineSum) why(s *cp.Solver, except int) []cp.Lit {
	if !s.Learning() {
		return nil
	}
	c.reason = c.reason[:0]
	for g := range c.chains {
		if g != except {
			c.reason = c.boundLits(s, c.reason, g, true, true)
		}
	}
	return c.reason
}

// pick is a chain that can take part in a short explanation, with what
// its bound literal is worth there.
type pick struct{ worth, chain int }

// whyTooMuch explains that the lower bounds of chains other than except
// hold more than budget: the topmost full blocks of as few chains as do,
// largest contributions first. It returns nil when nobody is learning.
func (c *lineSum) whyTooMuch(s *cp.Solver, except, budget int) []cp.Lit {
	if !s.Learning() {
		return nil
	}
	c.picks = c.picks[:0]
	for g, ch := range c.chains {
		if lo := int(s.Get(c.lo[g])); g != except && lo > 0 {
			c.picks = append(c.picks, pick{ch.run[lo], g})
		}
	}
	return c.pickLits(s, budget, true)
}

// whyTooLittle explains that the upper bounds of chains other than except
// leave out more than budget of what they could hold when full: the
// lowest empty blocks of as few chains as do, largest shortfalls first.
func (c *lineSum) whyTooLittle(s *cp.Solver, except, budget int) []cp.Lit {
	if !s.Learning() {
		return nil
	}
	c.picks = c.picks[:0]
	for g, ch := range c.chains {
		m := len(ch.vars)
		if hi := int(s.Get(c.hi[g])); g != except && hi < m {
			c.picks = append(c.picks, pick{ch.run[m] - ch.run[hi], g})
		}
	}
	return c.pickLits(s, budget, false)
}

// pickLits takes the picks of largest worth until their worth passes
// budget, and returns their lower (or upper) bound literals.
func (c *lineSum) pickLits(s *cp.Solver, budget int, lower bool) []cp.Lit {
	c.reason = c.reason[:0]
	for _, p := range fewest(c.picks, budget) {
		c.reason = c.boundLits(s, c.reason, p.chain, lower, !lower)
	}
	return c.reason
}

// fewest sorts picks by worth, largest first, and returns the shortest
// prefix whose worth passes budget (all of them when none does).
func fewest(picks []pick, budget int) []pick {
	slices.SortFunc(picks, func(a, b pick) int { return cmp.Compare(b.worth, a.worth) })
	total := 0
	for i, p := range picks {
		if total > budget {
			return picks[:i]
		}
		total += p.worth
	}
	return picks
}

// whyChain is the reason a chain's own bounds give: they clash.
func (c *lineSum) whyChain(s *cp.Solver, g int) []cp.Lit {
	if !s.Learning() {
		return nil
	}
	c.reason = c.boundLits(s, c.reason[:0], g, true, true)
	return c.reason
}

// sums returns the smallest and largest totals the chains' bounds allow.
func (c *lineSum) sums(s *cp.Solver, n int) (lo, hi int) {
	lo = int(s.Get(c.settled))
	hi = lo
	for i, g := range c.active[:n] {
		run := c.chains[g].run
		lo += run[c.clo[i]]
		hi += run[c.chi[i]]
	}
	return lo, hi
}

// failure explains a line whose bounds admit no total equal to need.
func (c *lineSum) failure(s *cp.Solver, n int) error {
	if !s.Learning() {
		return cp.ErrInconsistent
	}
	lo, hi := c.sums(s, n)
	switch {
	case lo > c.need: // too much water whatever the others do
		return s.Fail(c.whyTooMuch(s, -1, c.need)...)
	case hi < c.need: // too little
		return s.Fail(c.whyTooLittle(s, -1, c.most-c.need)...)
	}
	return s.Fail(c.why(s, -1)...)
}

// narrow fixes the blocks of the i-th active chain to the run lengths
// lo..hi that the dynamic program found supported, with the reasons the
// bounds allow; sumLo and sumHi are the totals from sums.
func (c *lineSum) narrow(s *cp.Solver, i, lo, hi, sumLo, sumHi int) error {
	g := c.active[i]
	if !s.Learning() {
		return c.settle(s, g, lo, hi, nil, nil)
	}
	run := c.chains[g].run
	above, below := c.above[:0], c.below[:0]
	m := len(c.chains[g].vars)
	if hi < c.chi[i] {
		// Longer runs were cut: by the others' lower bounds alone when
		// the shortest of them is already too much.
		if run[hi+1]+sumLo-run[c.clo[i]] > c.need {
			above = append(above, c.whyTooMuch(s, g, c.need-run[hi+1])...)
		} else {
			above = append(above, c.why(s, g)...)
		}
	}
	if lo > c.clo[i] {
		// Shorter runs were cut: by the others' upper bounds alone when
		// the longest of them is still too little.
		if run[lo-1]+sumHi-run[c.chi[i]] < c.need {
			others := c.most - run[m]
			below = append(below, c.whyTooLittle(s, g, run[lo-1]+others-c.need)...)
		} else {
			below = append(below, c.why(s, g)...)
		}
	}
	c.above, c.below = above, below
	return c.settle(s, g, lo, hi, above, below)
}

// Advise narrows a chain's run bounds when one of its blocks is fixed, and
// asks for a run only when they moved (the deductions depend on the bounds
// alone). The tag holds the chain in
// its high bits and the block's index below.
func (c *lineSum) Advise(s *cp.Solver, tag int32) bool {
	g, j := int(tag>>16), int(tag&0xFFFF)
	run := c.chains[g].run
	m := len(c.chains[g].vars)
	if s.Min(c.chains[g].vars[j]) == 1 { // fixed: its minimum is its value, read without Value's check
		if t, lo := m-j, int(s.Get(c.lo[g])); t > lo {
			s.Set(c.lo[g], int64(t))
			s.Set(c.sumLo, s.Get(c.sumLo)+int64(run[t]-run[lo]))
			return true
		}
	} else if t, hi := m-j-1, int(s.Get(c.hi[g])); t < hi {
		s.Set(c.hi[g], int64(t))
		s.Set(c.sumHi, s.Get(c.sumHi)-int64(run[hi]-run[t]))
		return true
	}
	return false
}

// idle reports whether Propagate would do nothing: the line is of unit
// weights and its totals leave at least maxRun of slack on both sides of
// need.
func (c *lineSum) idle(s *cp.Solver) bool {
	return c.unit && min(c.need-int(s.Get(c.sumLo)), int(s.Get(c.sumHi))-c.need) >= c.maxRun
}

// Propagate keeps in each chain the run lengths that some choice of the
// other chains completes to need, and fixes the blocks every remaining run
// length agrees on. Retiring the settled chains stays inline here: as a
// function of its own it cost 0.4% more instructions on a 100x100 grid.
func (c *lineSum) Propagate(s *cp.Solver) error {
	if c.idle(s) {
		return nil
	}
	// Retire the chains whose run has become settled.
	n := int(s.Get(c.activeN))
	settled := int(s.Get(c.settled))
	for i := 0; i < n; {
		g := c.active[i]
		lo, hi := int(s.Get(c.lo[g])), int(s.Get(c.hi[g]))
		if lo > hi {
			return s.Fail(c.whyChain(s, g)...)
		}
		if lo < hi {
			c.clo[i], c.chi[i] = lo, hi
			i++
			continue
		}
		// Gravity has usually fixed these blocks already.
		var above, below []cp.Lit
		if s.Learning() {
			c.above = c.boundLits(s, c.above[:0], g, false, true)
			c.below = c.boundLits(s, c.below[:0], g, true, false)
			above, below = c.above, c.below
		}
		if err := c.settle(s, g, lo, hi, above, below); err != nil {
			return err
		}
		settled += c.chains[g].run[lo]
		n--
		c.active[i], c.active[n] = c.active[n], c.active[i]
	}
	s.Set(c.activeN, int64(n))
	s.Set(c.settled, int64(settled))
	rest := c.need - settled
	if rest < 0 {
		return c.failure(s, n)
	}
	if c.unit {
		return c.propagateUnit(s, n)
	}
	if rest < 64 {
		return c.propagateSmall(s, n, rest)
	}
	if c.groups != nil {
		return c.propagateGroups(s, n, rest)
	}
	return c.propagateWide(s, n, rest)
}

// propagateWide is Propagate for sums of 64 and more on the weighted
// lines that propagateGroups does not take (chains of several blocks, or a
// clue over maxGroupSum): the sums the chains before and after each one
// reach are sets of words, prefix and suffix.
func (c *lineSum) propagateWide(s *cp.Solver, n, rest int) error {
	words := rest/64 + 1
	clear(c.prefix[0][:words])
	c.prefix[0][0] = 1
	for i, g := range c.active[:n] {
		dst := c.prefix[i+1][:words]
		clear(dst)
		run := c.chains[g].run
		for t := c.clo[i]; t <= c.chi[i]; t++ {
			orShiftedUp(dst, c.prefix[i][:words], run[t], rest)
		}
	}
	if !has(c.prefix[n], rest) {
		return c.failure(s, n)
	}
	clear(c.suffix[n][:words])
	c.suffix[n][rest/64] = 1 << (rest % 64)
	for i := n - 1; i >= 0; i-- {
		dst := c.suffix[i][:words]
		clear(dst)
		run := c.chains[c.active[i]].run
		for t := c.clo[i]; t <= c.chi[i]; t++ {
			orShiftedDown(dst, c.suffix[i+1][:words], run[t])
		}
	}
	sumLo, sumHi := int(s.Get(c.sumLo)), int(s.Get(c.sumHi))
	for i, g := range c.active[:n] {
		run := c.chains[g].run
		lo, hi := -1, -1
		for t := c.clo[i]; t <= c.chi[i]; t++ {
			if meetsShifted(c.prefix[i][:words], c.suffix[i+1][:words], run[t]) {
				if lo < 0 {
					lo = t
				}
				hi = t
			}
		}
		if lo < 0 {
			return c.failure(s, n)
		}
		if lo > c.clo[i] || hi < c.chi[i] {
			if err := c.narrow(s, i, lo, hi, sumLo, sumHi); err != nil {
				return err
			}
		}
	}
	return nil
}

// propagateGroups is Propagate for a line of single weighted blocks (a
// row) whose sums left to reach need more than one word (a single word is
// cheaper per block, in propagateSmall): the same deductions as
// propagateWide's, computed per weight. The
// free blocks of one weight contribute any multiple of it up to their
// number, which doubling adds to a set of sums in a few shifts, and they
// all share their verdict: a free block of the group can be full (empty)
// when some completion puts at least one (leaves out at least one) of the
// group's free blocks in. The blocks are then narrowed in the order of
// the active chains, as propagateWide does, so that the reasons and the
// search stay the same.
func (c *lineSum) propagateGroups(s *cp.Solver, n, rest int) error {
	for k := range c.groups {
		c.groups[k].free = 0
	}
	for _, g := range c.active[:n] {
		c.groups[c.group[g]].free++
	}
	c.groupSums()
	if c.all[rest/64]&(1<<(rest%64)) == 0 {
		return c.failure(s, n)
	}
	for k := range c.groups {
		if c.groups[k].free > 0 {
			c.groups[k].judge(c.need-rest, c.words)
		}
	}
	sumLo, sumHi := int(s.Get(c.sumLo)), int(s.Get(c.sumHi))
	for i, g := range c.active[:n] {
		gr := &c.groups[c.group[g]]
		if gr.in && gr.out {
			continue
		}
		lo, hi := 0, 1
		if !gr.out {
			lo = 1
		}
		if !gr.in {
			hi = 0
		}
		if err := c.narrow(s, i, lo, hi, sumLo, sumHi); err != nil {
			return err
		}
	}
	return nil
}

// groupSums brings the groups' sets up to date with their free counts.
// Each group's pre holds the sums of the free blocks of the groups before
// it, its suf need less the sums of those after it, and all the sums of
// every free block. None depends on what the fixed blocks hold, so a
// change of the free blocks of one group leaves the pre sets up to that
// group and the suf sets from it on as they were: the sets are computed
// again only from the first group whose free count changed since the last
// run to the end, and from the last one to the start. The counts they
// were computed for, done, are compared at every run rather than kept
// with the trail, so backtracking needs no care.
func (c *lineSum) groupSums() {
	first, last := -1, -1
	for k := range c.groups {
		if gr := &c.groups[k]; gr.free != gr.done {
			if first < 0 {
				first = k
			}
			last = k
			gr.done = gr.free
		}
	}
	if first < 0 {
		return
	}
	set := c.groups[first].pre
	for k := first; k < len(c.groups); k++ {
		gr := &c.groups[k]
		if k > first {
			gr.pre = set
		}
		set.addMultiples(gr.weight, gr.free, c.need)
	}
	c.all = set
	set = c.groups[last].suf
	for k := last; k > 0; k-- {
		set.subMultiples(c.groups[k].weight, c.groups[k].free, c.words)
		c.groups[k-1].suf = set
	}
}

// judge sets in and out from pre and suf, for a line whose fixed blocks
// hold need less rest, shift: a free block can be full when j of the free
// blocks, for some j of 1..free, complete the sums before and after, and
// empty when some j of 0..free-1 do. j = 0 and 1, which usually settle
// both, are tested in one pass.
func (gr *lineGroup) judge(shift, words int) {
	m0, m1 := gr.pre.meets2(&gr.suf, shift, shift+gr.weight, words)
	gr.in, gr.out = m1, m0 || m1 && gr.free > 1
	for j := 2; j <= gr.free && !(gr.in && gr.out); j++ {
		if gr.pre.meets(&gr.suf, shift+j*gr.weight, words) {
			gr.in = true
			gr.out = gr.out || j < gr.free
		}
	}
}

// sumSet is a set of sums 0..maxGroupSum of a line of single blocks,
// fixed in size so that it is copied by value and the loops over its
// words need no bounds checks (the index masks below are no-ops that tell
// the compiler so).
type sumSet [8]uint64

// maxGroupSum is the largest clue of a line solved per weight.
const maxGroupSum = 64*len(sumSet{}) - 1

// addMultiples adds to the set its sums plus a multiple of w up to f·w,
// dropping sums above limit, by doubling: after adding the multiples up to
// a·w, adding the set shifted by step·w, for step up to a+1, reaches
// (a+step)·w without a gap.
func (x *sumSet) addMultiples(w, f, limit int) {
	top := limit / 64
	for a := 0; a < f && (a+1)*w <= limit; {
		step := min(a+1, f-a)
		k := step * w
		ws, bs := k/64, uint(k%64)
		for i := top; i >= ws; i-- {
			v := x[(i-ws)&7] << bs
			if i > ws {
				v |= x[(i-ws-1)&7] >> (64 - bs) // 0 when bs is 0
			}
			x[i&7] |= v
		}
		x[top&7] &= 1<<uint(limit%64+1) - 1 // all ones when limit%64 is 63
		a += step
	}
}

// subMultiples adds to the set its sums minus a multiple of w up to f·w,
// dropping those below 0, by doubling as addMultiples; the set lies in
// its first words words.
func (x *sumSet) subMultiples(w, f, words int) {
	for a := 0; a < f && (a+1)*w < 64*words; {
		step := min(a+1, f-a)
		k := step * w
		ws, bs := k/64, uint(k%64)
		for i := 0; i+ws < words; i++ {
			v := x[(i+ws)&7] >> bs
			if i+ws+1 < words {
				v |= x[(i+ws+1)&7] << (64 - bs)
			}
			x[i&7] |= v
		}
		a += step
	}
}

// meets reports whether some a in x and b in y, both within their first
// words words, have a + k = b.
func (x *sumSet) meets(y *sumSet, k, words int) bool {
	ws, bs := k/64, uint(k%64)
	for i := 0; i+ws < words; i++ {
		v := y[(i+ws)&7] >> bs
		if i+ws+1 < words {
			v |= y[(i+ws+1)&7] << (64 - bs)
		}
		if v&x[i&7] != 0 {
			return true
		}
	}
	return false
}

// meets2 is meets for k and l > k at once.
func (x *sumSet) meets2(y *sumSet, k, l, words int) (mk, ml bool) {
	kw, kb := k/64, uint(k%64)
	lw, lb := l/64, uint(l%64)
	var acck, accl uint64
	for i := 0; i+kw < words; i++ {
		v := y[(i+kw)&7] >> kb
		if i+kw+1 < words {
			v |= y[(i+kw+1)&7] << (64 - kb)
		}
		acck |= v & x[i&7]
		if i+lw < words {
			v := y[(i+lw)&7] >> lb
			if i+lw+1 < words {
				v |= y[(i+lw+1)&7] << (64 - lb)
			}
			accl |= v & x[i&7]
		}
	}
	return acck != 0, accl != 0
}

// propagateUnit is Propagate when every block weighs 1, as down a column:
// the totals the other chains reach then form an interval, so bounds
// reasoning alone is domain consistent.
func (c *lineSum) propagateUnit(s *cp.Solver, n int) error {
	sumLo, sumHi := int(s.Get(c.sumLo)), int(s.Get(c.sumHi))
	if sumLo > c.need || sumHi < c.need {
		return c.failure(s, n)
	}
	for i := range n {
		lo := max(c.clo[i], c.need-(sumHi-c.chi[i]))
		hi := min(c.chi[i], c.need-(sumLo-c.clo[i]))
		if lo > c.clo[i] || hi < c.chi[i] {
			if err := c.narrow(s, i, lo, hi, sumLo, sumHi); err != nil {
				return err
			}
		}
	}
	return nil
}

// propagateSmall is Propagate's dynamic program when the sums left to
// reach fit in one word, the common case: the same computation on single
// words, the prefix sets in pre and the suffix sets in suf.
func (c *lineSum) propagateSmall(s *cp.Solver, n, rest int) error {
	mask := uint64(1)<<(rest+1) - 1
	active := c.active[:n]
	clo, chi := c.clo[:n], c.chi[:n]
	pre, suf := c.pre[:n+1], c.suf[:n+1]
	pre[0] = 1
	for i, g := range active {
		run := c.chains[g].run
		in, set := pre[i], uint64(0)
		for t := clo[i]; t <= chi[i] && run[t] <= rest; t++ {
			set |= in << run[t]
		}
		pre[i+1] = set & mask
	}
	if pre[n]&(1<<rest) == 0 {
		return c.failure(s, n)
	}
	suf[n] = 1 << rest
	for i := n - 1; i >= 0; i-- {
		run := c.chains[active[i]].run
		in, set := suf[i+1], uint64(0)
		for t := clo[i]; t <= chi[i] && run[t] <= rest; t++ {
			set |= in >> run[t]
		}
		suf[i] = set
	}
	sumLo, sumHi := -1, -1
	for i, g := range active {
		run := c.chains[g].run
		left, right := pre[i], suf[i+1]
		lo, hi := -1, -1
		for t := clo[i]; t <= chi[i] && run[t] <= rest; t++ {
			if left&(right>>run[t]) != 0 {
				if lo < 0 {
					lo = t
				}
				hi = t
			}
		}
		if lo < 0 {
			return c.failure(s, n)
		}
		if lo > clo[i] || hi < chi[i] {
			if sumLo < 0 {
				sumLo, sumHi = int(s.Get(c.sumLo)), int(s.Get(c.sumHi))
			}
			if err := c.narrow(s, i, lo, hi, sumLo, sumHi); err != nil {
				return err
			}
		}
	}
	return nil
}

// settle fixes the blocks of chain g on which every bottom run of length
// lo..hi agrees: the top m-hi blocks are empty, the bottom lo are full.
// The blocks above get reason above, those below reason below.
func (c *lineSum) settle(s *cp.Solver, g, lo, hi int, above, below []cp.Lit) error {
	vars := c.chains[g].vars
	m := len(vars)
	if m-hi > 0 {
		s.SetReason(above...)
		for j := range m - hi {
			if err := s.Assign(vars[j], 0); err != nil {
				return err
			}
		}
	}
	if lo > 0 {
		s.SetReason(below...)
		for j := m - lo; j < m; j++ {
			if err := s.Assign(vars[j], 1); err != nil {
				return err
			}
		}
	}
	return nil
}

// orShiftedUp sets dst |= src << k, dropping sums above limit.
func orShiftedUp(dst, src []uint64, k, limit int) {
	if k > limit {
		return
	}
	ws, bs := k/64, uint(k%64)
	for i := len(dst) - 1; i >= ws; i-- {
		x := src[i-ws] << bs
		if bs != 0 && i-ws-1 >= 0 {
			x |= src[i-ws-1] >> (64 - bs)
		}
		dst[i] |= x
	}
	if r := uint(limit%64 + 1); r < 64 {
		dst[limit/64] &= 1<<r - 1
	}
}

// orShiftedDown sets dst |= src >> k.
func orShiftedDown(dst, src []uint64, k int) {
	ws, bs := k/64, uint(k%64)
	for i := 0; i+ws < len(src); i++ {
		x := src[i+ws] >> bs
		if bs != 0 && i+ws+1 < len(src) {
			x |= src[i+ws+1] << (64 - bs)
		}
		dst[i] |= x
	}
}

// meetsShifted reports whether some a in prefix and b in suffix have
// a = b - k, that is a + k + (need - b) = need.
func meetsShifted(prefix, suffix []uint64, k int) bool {
	ws, bs := k/64, uint(k%64)
	for i := 0; i+ws < len(suffix); i++ {
		x := suffix[i+ws] >> bs
		if bs != 0 && i+ws+1 < len(suffix) {
			x |= suffix[i+ws+1] << (64 - bs)
		}
		if x&prefix[i] != 0 {
			return true
		}
	}
	return false
}

func has(set []uint64, i int) bool { return set[i/64]&(1<<(i%64)) != 0 }

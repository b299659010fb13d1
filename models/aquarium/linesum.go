package aquarium

import "waterworks/cp"

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

	// Scratch, reused across runs: the active chains' bounds, and prefix[i]
	// holding the sums reachable by the active chains before the i-th and
	// suffix[i] holding rest minus the sums reachable by active chains i
	// and after (so that a + v + b = rest becomes a membership test after a
	// shift), where rest is need less the settled contribution.
	clo, chi       []int
	prefix, suffix [][]uint64
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
	c.active = make([]int, len(chains))
	c.clo = make([]int, len(chains))
	c.chi = make([]int, len(chains))
	for g, ch := range chains {
		c.lo[g] = s.NewRev(0)
		c.hi[g] = s.NewRev(int64(len(ch.vars)))
		c.active[g] = g
	}
	c.activeN = s.NewRev(int64(len(chains)))
	c.settled = s.NewRev(0)
	id := s.Add(c)
	for g, ch := range chains {
		for j, v := range ch.vars {
			s.Watch(id, v, cp.OnFix, int32(g)<<16|int32(j))
			if s.Fixed(v) {
				c.Advise(s, int32(g)<<16|int32(j))
			}
		}
	}
	return c
}

// makeChain builds a chain from its blocks, top to bottom, and their
// weights; nil weights count every block once.
func makeChain(vars []cp.Var, weights []int) lineChain {
	ch := lineChain{vars: vars, run: make([]int, len(vars)+1)}
	for t := 1; t <= len(vars); t++ {
		w := 1
		if weights != nil {
			w = weights[len(vars)-t]
		}
		ch.run[t] = ch.run[t-1] + w
	}
	return ch
}

func (c *lineSum) Priority() cp.Priority { return cp.PriorityHeavy }
func (c *lineSum) Idempotent() bool      { return true }

// Advise narrows a chain's run bounds when one of its blocks is fixed, and
// asks for a run only when they moved: the deductions depend on the bounds
// alone. The tag holds the chain in its high bits and the block's index
// below.
func (c *lineSum) Advise(s *cp.Solver, tag int32) bool {
	g, j := int(tag>>16), int(tag&0xFFFF)
	m := len(c.chains[g].vars)
	if s.Value(c.chains[g].vars[j]) == 1 {
		if t := int64(m - j); t > s.Get(c.lo[g]) {
			s.Set(c.lo[g], t)
			return true
		}
	} else if t := int64(m - j - 1); t < s.Get(c.hi[g]) {
		s.Set(c.hi[g], t)
		return true
	}
	return false
}

// Propagate keeps in each chain the run lengths that some choice of the
// other chains completes to need, and fixes the blocks every remaining run
// length agrees on.
func (c *lineSum) Propagate(s *cp.Solver) error {
	// Retire the chains whose run has become settled.
	n := int(s.Get(c.activeN))
	settled := int(s.Get(c.settled))
	for i := 0; i < n; {
		g := c.active[i]
		lo, hi := int(s.Get(c.lo[g])), int(s.Get(c.hi[g]))
		if lo > hi {
			return cp.ErrInconsistent
		}
		if lo < hi {
			c.clo[i], c.chi[i] = lo, hi
			i++
			continue
		}
		if err := c.settle(s, g, lo, hi); err != nil {
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
		return cp.ErrInconsistent
	}
	if rest < 64 {
		return c.propagateSmall(s, n, rest)
	}
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
		return cp.ErrInconsistent
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
			return cp.ErrInconsistent
		}
		if lo > c.clo[i] || hi < c.chi[i] {
			if err := c.settle(s, g, lo, hi); err != nil {
				return err
			}
		}
	}
	return nil
}

// propagateSmall is Propagate's dynamic program when the sums left to
// reach fit in one word, the common case: the same computation on uint64
// sets.
func (c *lineSum) propagateSmall(s *cp.Solver, n, rest int) error {
	mask := uint64(1)<<(rest+1) - 1
	prefix, suffix := c.prefix, c.suffix
	prefix[0][0] = 1
	for i, g := range c.active[:n] {
		run := c.chains[g].run
		var set uint64
		for t := c.clo[i]; t <= c.chi[i] && run[t] <= rest; t++ {
			set |= prefix[i][0] << run[t]
		}
		prefix[i+1][0] = set & mask
	}
	if prefix[n][0]&(1<<rest) == 0 {
		return cp.ErrInconsistent
	}
	suffix[n][0] = 1 << rest
	for i := n - 1; i >= 0; i-- {
		run := c.chains[c.active[i]].run
		var set uint64
		for t := c.clo[i]; t <= c.chi[i] && run[t] <= rest; t++ {
			set |= suffix[i+1][0] >> run[t]
		}
		suffix[i][0] = set
	}
	for i, g := range c.active[:n] {
		run := c.chains[g].run
		lo, hi := -1, -1
		for t := c.clo[i]; t <= c.chi[i] && run[t] <= rest; t++ {
			if prefix[i][0]&(suffix[i+1][0]>>run[t]) != 0 {
				if lo < 0 {
					lo = t
				}
				hi = t
			}
		}
		if lo < 0 {
			return cp.ErrInconsistent
		}
		if lo > c.clo[i] || hi < c.chi[i] {
			if err := c.settle(s, g, lo, hi); err != nil {
				return err
			}
		}
	}
	return nil
}

// settle fixes the blocks of chain g on which every bottom run of length
// lo..hi agrees: the top m-hi blocks are empty, the bottom lo are full.
func (c *lineSum) settle(s *cp.Solver, g, lo, hi int) error {
	vars := c.chains[g].vars
	m := len(vars)
	for j := range m - hi {
		if !s.Fixed(vars[j]) {
			if err := s.Assign(vars[j], 0); err != nil {
				return err
			}
		} else if s.Value(vars[j]) != 0 {
			return cp.ErrInconsistent
		}
	}
	for j := m - lo; j < m; j++ {
		if !s.Fixed(vars[j]) {
			if err := s.Assign(vars[j], 1); err != nil {
				return err
			}
		} else if s.Value(vars[j]) != 1 {
			return cp.ErrInconsistent
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

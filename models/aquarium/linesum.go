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

	// Scratch, reused across runs: prefix[g] holds the sums reachable by
	// chains before g; suffix[g] holds need minus the sums reachable by
	// chains g and after (so that a + v + b = need becomes a membership
	// test after a shift).
	prefix, suffix [][]uint64
	lo, hi         []int // feasible run lengths of each chain
}

// lineChain is a chain's blocks, top to bottom, with their weights and the
// running total of weights from the bottom: run[t] is the contribution of a
// bottom run of t blocks.
type lineChain struct {
	vars []cp.Var
	run  []int
}

func newLineSum(need int, chains []lineChain) *lineSum {
	c := &lineSum{need: need, chains: chains, words: need/64 + 1}
	c.prefix = make([][]uint64, len(chains)+1)
	c.suffix = make([][]uint64, len(chains)+1)
	for g := range c.prefix {
		c.prefix[g] = make([]uint64, c.words)
		c.suffix[g] = make([]uint64, c.words)
	}
	c.lo = make([]int, len(chains))
	c.hi = make([]int, len(chains))
	return c
}

func makeChain(vars []cp.Var, weights []int) lineChain {
	ch := lineChain{vars: vars, run: make([]int, len(vars)+1)}
	for t := 1; t <= len(vars); t++ {
		ch.run[t] = ch.run[t-1] + weights[len(vars)-t]
	}
	return ch
}

func (c *lineSum) Priority() cp.Priority { return cp.PriorityHeavy }
func (c *lineSum) Idempotent() bool      { return true }

// Propagate keeps in each chain the run lengths that some choice of the
// other chains completes to need, and fixes the blocks every remaining run
// length agrees on.
func (c *lineSum) Propagate(s *cp.Solver) error {
	n := len(c.chains)
	// Run lengths allowed by the domains: a bottom run of t blocks needs its
	// t blocks able to be full and the others able to be empty; the allowed
	// t form an interval.
	for g, ch := range c.chains {
		m := len(ch.vars)
		full := 0 // bottom blocks that can be full
		for full < m && s.Max(ch.vars[m-1-full]) == 1 {
			full++
		}
		empty := 0 // top blocks that can be empty
		for empty < m && s.Min(ch.vars[empty]) == 0 {
			empty++
		}
		c.lo[g], c.hi[g] = max(0, m-empty), full
		if c.lo[g] > c.hi[g] {
			return cp.ErrInconsistent
		}
	}
	clear(c.prefix[0])
	c.prefix[0][0] = 1
	for g, ch := range c.chains {
		dst := c.prefix[g+1]
		clear(dst)
		for t := c.lo[g]; t <= c.hi[g]; t++ {
			orShiftedUp(dst, c.prefix[g], ch.run[t], c.need)
		}
	}
	if !has(c.prefix[n], c.need) {
		return cp.ErrInconsistent
	}
	clear(c.suffix[n])
	c.suffix[n][c.need/64] = 1 << (c.need % 64)
	for g := n - 1; g >= 0; g-- {
		dst := c.suffix[g]
		clear(dst)
		for t := c.lo[g]; t <= c.hi[g]; t++ {
			orShiftedDown(dst, c.suffix[g+1], c.chains[g].run[t])
		}
	}
	for g, ch := range c.chains {
		if c.lo[g] == c.hi[g] && allFixed(s, ch.vars) {
			continue
		}
		lo, hi := -1, -1
		for t := c.lo[g]; t <= c.hi[g]; t++ {
			if meetsShifted(c.prefix[g], c.suffix[g+1], ch.run[t]) {
				if lo < 0 {
					lo = t
				}
				hi = t
			}
		}
		if lo < 0 {
			return cp.ErrInconsistent
		}
		m := len(ch.vars)
		for j := range m - hi {
			if err := s.Assign(ch.vars[j], 0); err != nil {
				return err
			}
		}
		for j := m - lo; j < m; j++ {
			if err := s.Assign(ch.vars[j], 1); err != nil {
				return err
			}
		}
	}
	return nil
}

func allFixed(s *cp.Solver, vars []cp.Var) bool {
	for _, v := range vars {
		if !s.Fixed(v) {
			return false
		}
	}
	return true
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

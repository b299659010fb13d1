package cp

import (
	"fmt"
	"math/bits"
	"slices"
)

// regular is the constraint that the word x[0] x[1] ... x[n-1] is
// accepted by a deterministic automaton. It works on the layered graph of
// Pesant (2004): layer i holds the states the automaton can be in before
// reading x[i], and an edge q → δ(q, v) joins layers i and i+1 for each
// value v of x[i]. A value stays while some edge labelled with it lies on
// a path from the start state in layer 0 to a final state in layer n.
type regular struct {
	x      []Var
	states int     // Q; states are 1..Q, bit q-1 of a state set
	syms   int     // S; symbols are 1..S
	delta  []int32 // δ(q, v) at (q-1)·S + v-1, 0 for no transition
	words  int     // words of a state set
	// fwd holds, for each layer i in 0..n, the states reachable from the
	// start state by reading x[0..i-1], and bwd the states from which a
	// final state is reachable by reading x[i..n-1]; set k of layer i is
	// at words·i + k. They are reversible, and recomputed only where
	// domains changed, so they may hold more states than that: but a
	// state fwd holds in excess is never in bwd, and the other way round,
	// so fwd[i] ∩ bwd[i] is exactly the set of states on accepting paths.
	// Pruning keeps that true (the states a pruned value no longer
	// reaches led nowhere), so sets need no update after pruning.
	fwd, bwd []Rev
	seen     sizeWatch // the size of each x[i] the sets were built from

	set, alive []uint64 // scratch state sets
	supported  []bool   // scratch, by symbol
}

// AddRegular posts that the sequence x is accepted by a deterministic
// finite automaton, FlatZinc's regular(x, Q, S, d, q0, F): states 1..Q,
// symbols 1..S (so every x[i] takes a value in 1..S), d[q-1][v-1] the
// state after reading v in state q (0 for none: the word is rejected),
// start state q0 and accepting states final. An empty x holds when q0 is
// final. It panics when the automaton is malformed (a row of d of the
// wrong length, a state out of 0..Q, q0 or a final state out of 1..Q),
// which MiniZinc rules out before it writes FlatZinc.
//
// It is domain consistent by Pesant's layered graph. The sets of states
// reachable forward and backward at each layer live in reversible words,
// and a run recomputes them only from the variables whose domains shrank,
// stopping where a set comes out unchanged; it then prunes the layers
// whose sets changed. A run costs O(Q·S) per layer it touches, O(n·Q·S)
// at worst, with O(n·Q/64) reversible words. It does not explain its
// deductions.
func (s *Solver) AddRegular(x []Var, q, syms int, d [][]int, q0 int, final []int) PropID {
	p := newRegular(s, x, q, syms, d, q0, final)
	id := s.Add(p)
	for _, v := range p.x {
		s.Watch(id, v, OnDomain)
	}
	return id
}

func newRegular(s *Solver, x []Var, q, syms int, d [][]int, q0 int, final []int) *regular {
	if q < 1 || syms < 1 || len(d) != q {
		panic(fmt.Sprintf("cp: regular needs Q ≥ 1, S ≥ 1 and Q rows of transitions, got Q=%d S=%d and %d rows", q, syms, len(d)))
	}
	if q0 < 1 || q0 > q {
		panic(fmt.Sprintf("cp: regular's start state %d is not in 1..%d", q0, q))
	}
	n := len(x)
	p := &regular{x: slices.Clone(x), states: q, syms: syms, delta: make([]int32, q*syms), words: (q + 63) / 64}
	for i, row := range d {
		if len(row) != syms {
			panic(fmt.Sprintf("cp: regular's state %d has %d transitions for %d symbols", i+1, len(row), syms))
		}
		for v, next := range row {
			if next < 0 || next > q {
				panic(fmt.Sprintf("cp: regular's transition from state %d on %d goes to %d, not in 0..%d", i+1, v+1, next, q))
			}
			p.delta[i*syms+v] = int32(next)
		}
	}
	first, last := make([]uint64, p.words), make([]uint64, p.words) // layer 0 forward, layer n backward
	first[(q0-1)/64] |= 1 << ((q0 - 1) % 64)
	for _, f := range final {
		if f < 1 || f > q {
			panic(fmt.Sprintf("cp: regular's final state %d is not in 1..%d", f, q))
		}
		last[(f-1)/64] |= 1 << ((f - 1) % 64)
	}
	p.fwd, p.bwd = make([]Rev, (n+1)*p.words), make([]Rev, (n+1)*p.words)
	for k := range p.fwd {
		var f, b uint64
		if k < p.words {
			f = first[k]
		}
		if k >= n*p.words {
			b = last[k-n*p.words]
		}
		p.fwd[k], p.bwd[k] = s.NewRev(int64(f)), s.NewRev(int64(b))
	}
	p.seen = newSizeWatch(s, n)
	p.set, p.alive = make([]uint64, p.words), make([]uint64, p.words)
	p.supported = make([]bool, syms+1)
	return p
}

func (p *regular) Priority() Priority { return PriorityHeavy }

// Idempotent holds: the values pruned lie on no accepting path, so every
// path that supported a remaining value is still there.
func (p *regular) Idempotent() bool { return true }

// Propagate recomputes the sets from the variables whose domains shrank
// and prunes the layers whose sets changed.
func (p *regular) Propagate(s *Solver) error {
	lo, hi, err := p.shrunk(s)
	if err != nil {
		return err
	}
	if lo < 0 {
		return p.accepts(s) // an empty word, or nothing new
	}
	fEnd, bStart := p.forward(s, lo, hi), p.backward(s, lo, hi)
	if err := p.accepts(s); err != nil {
		return err
	}
	// Layer i loses values when its forward set or the backward set
	// after it changed.
	for i := max(min(lo+1, bStart-1), 0); i <= min(max(fEnd, hi-1), len(p.x)-1); i++ {
		if err := p.prune(s, i); err != nil {
			return err
		}
	}
	// Pruning shrank domains, and the sets already account for that.
	_, _, err = p.shrunk(s)
	return err
}

// shrunk keeps each x[i] within the symbols and returns the first and
// last variables whose domains shrank since the sets were computed, -1
// when none did.
func (p *regular) shrunk(s *Solver) (lo, hi int, err error) {
	lo, hi = -1, -1
	for i, v := range p.x {
		if err := s.SetMin(v, 1); err != nil {
			return 0, 0, err
		}
		if err := s.SetMax(v, p.syms); err != nil {
			return 0, 0, err
		}
		if p.seen.shrank(s, i, v) {
			if lo < 0 {
				lo = i
			}
			hi = i
		}
	}
	return lo, hi, nil
}

// accepts fails when no final state is reachable at the last layer.
func (p *regular) accepts(s *Solver) error {
	n := len(p.x)
	for k := range p.words {
		if s.Get(p.fwd[n*p.words+k])&s.Get(p.bwd[n*p.words+k]) != 0 {
			return nil
		}
	}
	return ErrInconsistent
}

// forward recomputes the forward sets after the variables lo..hi changed:
// layers up to lo keep theirs, and past hi a set that comes out unchanged
// leaves the next ones unchanged. It returns the last layer whose set
// changed (lo if none).
func (p *regular) forward(s *Solver, lo, hi int) int {
	last := lo
	for i := lo; i < len(p.x); i++ {
		clear(p.set)
		v := p.x[i]
		p.forStates(s, p.fwd, i, func(q int) {
			row := p.delta[(q-1)*p.syms:]
			for x := s.Min(v); x <= s.Max(v); x = s.next(v, x+1) {
				if next := row[x-1]; next != 0 {
					p.set[(next-1)/64] |= 1 << ((next - 1) % 64)
				}
			}
		})
		if !p.store(s, p.fwd, i+1) {
			if i >= hi {
				break
			}
			continue
		}
		last = i + 1
	}
	return last
}

// backward recomputes the backward sets, the mirror image of forward. It
// returns the first layer whose set changed (hi+1 if none).
func (p *regular) backward(s *Solver, lo, hi int) int {
	first := hi + 1
	for i := hi; i >= 0; i-- {
		clear(p.set)
		v := p.x[i]
		next := p.bwd[(i+1)*p.words : (i+2)*p.words]
		for q := 1; q <= p.states; q++ {
			row := p.delta[(q-1)*p.syms:]
			for x := s.Min(v); x <= s.Max(v); x = s.next(v, x+1) {
				if t := row[x-1]; t != 0 && s.Get(next[(t-1)/64])&(1<<((t-1)%64)) != 0 {
					p.set[(q-1)/64] |= 1 << ((q - 1) % 64)
					break
				}
			}
		}
		if !p.store(s, p.bwd, i) {
			if i <= lo {
				break
			}
			continue
		}
		first = i
	}
	return first
}

// store writes the scratch set as layer i of sets and reports whether it
// changed.
func (p *regular) store(s *Solver, sets []Rev, i int) bool {
	changed := false
	for k, w := range p.set {
		r := sets[i*p.words+k]
		if uint64(s.Get(r)) != w {
			s.Set(r, int64(w))
			changed = true
		}
	}
	return changed
}

// forStates calls f with each state of layer i of sets.
func (p *regular) forStates(s *Solver, sets []Rev, i int, f func(q int)) {
	for k := range p.words {
		for w := uint64(s.Get(sets[i*p.words+k])); w != 0; w &= w - 1 {
			f(k*64 + bits.TrailingZeros64(w) + 1)
		}
	}
}

// prune removes from x[i] the values on no edge from a state of layer i
// that is reachable both ways to a state of layer i+1 from which a final
// state is reachable (and which is reachable from the start, since the
// edge reaches it).
func (p *regular) prune(s *Solver, i int) error {
	for k := range p.words {
		p.alive[k] = uint64(s.Get(p.fwd[i*p.words+k]) & s.Get(p.bwd[i*p.words+k]))
	}
	v := p.x[i]
	clear(p.supported)
	next := p.bwd[(i+1)*p.words : (i+2)*p.words]
	for k, w := range p.alive {
		for ; w != 0; w &= w - 1 {
			row := p.delta[(k*64+bits.TrailingZeros64(w))*p.syms:]
			for x := s.Min(v); x <= s.Max(v); x = s.next(v, x+1) {
				if t := row[x-1]; t != 0 && s.Get(next[(t-1)/64])&(1<<((t-1)%64)) != 0 {
					p.supported[x] = true
				}
			}
		}
	}
	for x := s.Min(v); x <= s.Max(v); x = s.next(v, x+1) {
		if !p.supported[x] {
			if err := s.Remove(v, x); err != nil {
				return err
			}
		}
	}
	return nil
}

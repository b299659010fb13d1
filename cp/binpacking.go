package cp

import (
	"fmt"
	"slices"
)

// binPackingLoad is the constraint load[b] = Σ w[i] over the items i with
// bin[i] = b, bins numbered from base.
type binPackingLoad struct {
	load, bin []Var
	w         []int
	base      int
	total     int

	lo, hi []int // scratch, by bin: the least and greatest load the bins allow
}

// AddBinPackingLoad posts that each item i, of weight w[i], goes into bin
// bin[i], and that load[b] is the total weight in bin b, FlatZinc's
// bin_packing_load: bins are numbered from base (the first index of load
// in the MiniZinc model), every bin[i] names one of them, and the loads
// sum to Σ w. MiniZinc asserts non-negative weights; negative ones are
// handled too.
//
// It is bounds reasoning: each load lies between the least and greatest
// weight the items that can go into its bin allow, and within what the
// other loads leave of the total; an item leaves a bin it would push out
// of its load's bounds, and goes into a bin that cannot reach its load
// without it. It repeats until nothing moves; when all the variables are
// fixed it is exact. A pass costs O(Σ|D(bin[i])| + len(load)). It does not
// explain its deductions.
func (s *Solver) AddBinPackingLoad(load, bin []Var, w []int, base int) PropID {
	if len(w) != len(bin) {
		panic(fmt.Sprintf("cp: bin_packing_load with %d bins for %d weights", len(bin), len(w)))
	}
	p := &binPackingLoad{load: slices.Clone(load), bin: slices.Clone(bin), w: slices.Clone(w), base: base,
		lo: make([]int, len(load)), hi: make([]int, len(load))}
	for _, x := range w {
		p.total += x
	}
	id := s.Add(p)
	for _, v := range p.load {
		s.Watch(id, v, OnBounds)
	}
	for _, v := range p.bin {
		s.Watch(id, v, OnDomain)
	}
	return id
}

// Idempotent holds: Propagate repeats its passes until nothing moves.
func (p *binPackingLoad) Idempotent() bool { return true }

func (p *binPackingLoad) Propagate(s *Solver) error {
	for _, v := range p.bin {
		if err := s.SetMin(v, p.base); err != nil {
			return err
		}
		if err := s.SetMax(v, p.base+len(p.load)-1); err != nil {
			return err
		}
	}
	for {
		before := p.sizes(s)
		if err := p.pass(s); err != nil {
			return err
		}
		if p.sizes(s) == before {
			return nil
		}
	}
}

// sizes sums the domain sizes, which drop whenever a pass prunes.
func (p *binPackingLoad) sizes(s *Solver) int {
	n := 0
	for _, v := range p.load {
		n += s.Size(v)
	}
	for _, v := range p.bin {
		n += s.Size(v)
	}
	return n
}

func (p *binPackingLoad) pass(s *Solver) error {
	// The least and greatest load of each bin: the weights surely in it,
	// plus the negative (least) or positive (greatest) ones that may be.
	clear(p.lo)
	clear(p.hi)
	for i, v := range p.bin {
		w := p.w[i]
		for b := s.Min(v); b <= s.Max(v); b = s.next(v, b+1) {
			if s.Fixed(v) || w < 0 {
				p.lo[b-p.base] += w
			}
			if s.Fixed(v) || w > 0 {
				p.hi[b-p.base] += w
			}
		}
	}
	sumLo, sumHi := 0, 0
	for b, v := range p.load {
		if err := s.SetMin(v, p.lo[b]); err != nil {
			return err
		}
		if err := s.SetMax(v, p.hi[b]); err != nil {
			return err
		}
		sumLo, sumHi = sumLo+s.Min(v), sumHi+s.Max(v)
	}
	for _, v := range p.load {
		lo, hi := s.Min(v), s.Max(v)
		if err := s.SetMin(v, p.total-(sumHi-hi)); err != nil {
			return err
		}
		if err := s.SetMax(v, p.total-(sumLo-lo)); err != nil {
			return err
		}
	}
	for i, v := range p.bin {
		if s.Fixed(v) {
			continue
		}
		if err := p.placeItem(s, i, v); err != nil {
			return err
		}
	}
	return nil
}

// placeItem removes the bins whose load item i would push out of bounds,
// and puts it in a bin whose load cannot be met without it.
func (p *binPackingLoad) placeItem(s *Solver, i int, v Var) error {
	w := p.w[i]
	in, out := max(w, 0), min(w, 0) // what putting i in adds to lo and to hi
	for b := s.Min(v); b <= s.Max(v); b = s.next(v, b+1) {
		load, lo, hi := p.load[b-p.base], p.lo[b-p.base], p.hi[b-p.base]
		if lo+in > s.Max(load) || hi+out < s.Min(load) {
			if err := s.Remove(v, b); err != nil {
				return err
			}
			continue
		}
		// Without i the bin ranges over lo-out .. hi-in.
		if lo-out > s.Max(load) || hi-in < s.Min(load) {
			return s.Assign(v, b)
		}
	}
	return nil
}

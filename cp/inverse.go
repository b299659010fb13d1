package cp

import "slices"

// channel is the constraint f[i] = j ⟺ g[j] = i between two arrays of
// variables, with positions numbered from fBase and gBase: value j of
// f[i] stands for position j-gBase of g, and value i of g[j] for
// position i-fBase of f.
type channel struct {
	f, g         []Var
	fBase, gBase int
	seen         sizeWatch // f's positions, then g's after them
}

// AddInverse posts that f and invf are inverse functions, FlatZinc's
// inverse: f[i] = j ⟺ invf[j] = i, where the positions of f are numbered
// from fBase and those of invf from invfBase (the first index of each
// array in the MiniZinc model). Every f[i] takes a position of invf and
// every invf[j] one of f, so the arrays must have the same length.
//
// It is domain consistent. It keeps the two arrays' domains mirror images
// of each other (j in f[i]'s domain while i is in invf[j]'s), updating
// only the variables whose domain shrank since the last run, at O(len)
// each; and it posts an
// AllDifferent on f with domain consistency (Régin's matching): every
// edge left then lies on a perfect matching, which is a solution. The
// PropID returned names the mirroring. It does not explain its
// deductions.
func (s *Solver) AddInverse(f []Var, fBase int, invf []Var, invfBase int) PropID {
	c := &channel{f: slices.Clone(f), g: slices.Clone(invf), fBase: fBase, gBase: invfBase,
		seen: newSizeWatch(s, len(f)+len(invf))}
	id := s.Add(c)
	for _, v := range c.f {
		s.Watch(id, v, OnDomain)
	}
	for _, v := range c.g {
		s.Watch(id, v, OnDomain)
	}
	if len(f) == len(invf) {
		s.AddAllDifferent(f, DomainConsistency)
	}
	return id
}

// Idempotent holds: Propagate goes on until no domain has changed since
// it was mirrored, its own changes included.
func (c *channel) Idempotent() bool { return true }

func (c *channel) Propagate(s *Solver) error {
	if len(c.f) != len(c.g) {
		return ErrInconsistent
	}
	for again := true; again; {
		again = false
		for i, v := range c.f {
			if c.seen.shrank(s, i, v) {
				if err := mirror(s, v, i+c.fBase, c.g, c.gBase); err != nil {
					return err
				}
				again = true
			}
		}
		for j, v := range c.g {
			if c.seen.shrank(s, len(c.f)+j, v) {
				if err := mirror(s, v, j+c.gBase, c.f, c.fBase); err != nil {
					return err
				}
				again = true
			}
		}
	}
	return nil
}

// mirror keeps v, the variable at position pos of its array, among the
// positions of other (numbered from base), and removes pos from each
// other[j] whose position v cannot take.
func mirror(s *Solver, v Var, pos int, other []Var, base int) error {
	if err := s.SetMin(v, base); err != nil {
		return err
	}
	if err := s.SetMax(v, base+len(other)-1); err != nil {
		return err
	}
	for j, w := range other {
		if !s.Contains(v, base+j) {
			if err := s.Remove(w, pos); err != nil {
				return err
			}
		}
	}
	return nil
}

package cp

import "slices"

// countRel is how a count constraint compares its variable c with the
// number of occurrences: c = count, c ≠ count, c ≤ count, and so on.
type countRel uint8

const (
	countEq countRel = iota
	countNeq
	countLeq
	countLt
	countGeq
	countGt
)

// reaches reports whether c can stand in the relation to some count in
// lo..hi: whether a value of c's domain and a number k in lo..hi satisfy
// c rel k.
func (rel countRel) reaches(s *Solver, c Var, lo, hi int) bool {
	if lo > hi {
		return false
	}
	switch rel {
	case countEq:
		return s.next(c, lo) <= hi
	case countNeq:
		return lo < hi || !s.Fixed(c) || s.Min(c) != lo
	case countLeq:
		return s.Min(c) <= hi
	case countLt:
		return s.Min(c) < hi
	case countGeq:
		return s.Max(c) >= lo
	}
	return s.Max(c) > lo // countGt
}

// count is the constraint c rel #{i : x[i] = y}.
type count struct {
	x    []Var
	y, c Var
	rel  countRel
	idem bool

	// Scratch of one run, by value of y that has a support: the value,
	// the number of variables fixed to it (lo) and of those that can take
	// it (hi).
	vals, lo, hi []int
}

// AddCountEq posts c = #{i : x[i] = y}, FlatZinc's count_eq (and, with y
// and c fixed, count_eq_par). It is domain consistent on every variable:
// for each value v of y it counts the variables fixed to v and those that
// can take v, keeps the values of y and c that such a range of counts
// supports, and removes from each x[i] the values that would push the
// count out of what c allows. A run costs O(|D(y)|·len(x) + |D(c)|·|D(y)|),
// O(len(x)) when y is fixed; then it runs only when c changes or an x[i]
// is decided (fixed, or y removed from it), not on every change of the
// x[i]. It does not explain its deductions.
func (s *Solver) AddCountEq(x []Var, y, c Var) PropID { return s.addCount(x, y, c, countEq) }

// AddCountNeq posts c ≠ #{i : x[i] = y} (count_neq), domain consistent
// as AddCountEq is; it can prune only when at most one x[i] is undecided.
func (s *Solver) AddCountNeq(x []Var, y, c Var) PropID { return s.addCount(x, y, c, countNeq) }

// AddCountLeq posts c ≤ #{i : x[i] = y}, as MiniZinc's count_leq defines
// it (c is at most the count), domain consistent as AddCountEq is.
func (s *Solver) AddCountLeq(x []Var, y, c Var) PropID { return s.addCount(x, y, c, countLeq) }

// AddCountLt posts c < #{i : x[i] = y} (count_lt), domain consistent as
// AddCountEq is.
func (s *Solver) AddCountLt(x []Var, y, c Var) PropID { return s.addCount(x, y, c, countLt) }

// AddCountGeq posts c ≥ #{i : x[i] = y} (count_geq), domain consistent
// as AddCountEq is.
func (s *Solver) AddCountGeq(x []Var, y, c Var) PropID { return s.addCount(x, y, c, countGeq) }

// AddCountGt posts c > #{i : x[i] = y} (count_gt), domain consistent as
// AddCountEq is.
func (s *Solver) AddCountGt(x []Var, y, c Var) PropID { return s.addCount(x, y, c, countGt) }

func (s *Solver) addCount(x []Var, y, c Var, rel countRel) PropID {
	p := &count{x: slices.Clone(x), y: y, c: c, rel: rel, idem: distinctVars(x, []Var{y, c})}
	if s.Fixed(y) {
		return s.addCountOf(p)
	}
	id := s.Add(p)
	for _, v := range p.x {
		s.Watch(id, v, OnDomain)
	}
	s.Watch(id, y, OnDomain)
	cEvents := OnBounds
	if rel == countEq || rel == countNeq {
		cEvents = OnDomain
	}
	s.Watch(id, c, cEvents)
	return id
}

func (p *count) Idempotent() bool { return p.idem }

// countOf is a count whose value y is fixed, as it nearly always is: only
// two events of an x[i] matter to it, losing y and being fixed, which
// decide whether x[i] is counted. It hears of every change of each x[i]
// as an Advisor and runs on those two alone, once each per x[i] on a
// path; a change of c always runs it.
type countOf struct {
	*count
	// decided[i] is 1 once x[i] cannot take y or is fixed.
	decided []Rev
}

func (s *Solver) addCountOf(p *count) PropID {
	q := &countOf{count: p, decided: make([]Rev, len(p.x))}
	for i := range p.x {
		q.decided[i] = s.NewRev(0)
		if q.isDecided(s, i) {
			s.Set(q.decided[i], 1)
		}
	}
	id := s.Add(q)
	for i, v := range p.x {
		s.WatchTagged(id, v, OnDomain, int32(i))
	}
	cEvents := OnBounds
	if p.rel == countEq || p.rel == countNeq {
		cEvents = OnDomain
	}
	s.WatchTagged(id, p.c, cEvents, -1)
	return id
}

func (q *countOf) isDecided(s *Solver, i int) bool {
	return s.Fixed(q.x[i]) || !s.Contains(q.x[i], s.Min(q.y))
}

// Advise runs the count when c changed, or when x[i] has just been
// decided: fixed, or y removed from it.
func (q *countOf) Advise(s *Solver, tag int32) bool {
	if tag < 0 {
		return true
	}
	if s.Get(q.decided[tag]) != 0 || !q.isDecided(s, int(tag)) {
		return false
	}
	s.Set(q.decided[tag], 1)
	return true
}

// Propagate removes the unsupported values of y, then of c, then of x.
// Each step removes only values that belong to no solution, so the
// supports the later steps rely on stay valid and one run reaches the
// fixpoint.
func (p *count) Propagate(s *Solver) error {
	if err := p.pruneY(s); err != nil {
		return err
	}
	if err := p.pruneC(s); err != nil {
		return err
	}
	return p.pruneX(s)
}

// pruneY fills vals, lo and hi with the values of y whose range of counts
// c can meet, and removes the others from y.
func (p *count) pruneY(s *Solver) error {
	p.vals, p.lo, p.hi = p.vals[:0], p.lo[:0], p.hi[:0]
	for v := s.Min(p.y); v <= s.Max(p.y); v = s.next(p.y, v+1) {
		lo, hi := 0, 0
		for _, x := range p.x {
			if s.Contains(x, v) {
				hi++
				if s.Fixed(x) {
					lo++
				}
			}
		}
		if p.rel.reaches(s, p.c, lo, hi) {
			p.vals, p.lo, p.hi = append(p.vals, v), append(p.lo, lo), append(p.hi, hi)
			continue
		}
		if err := s.Remove(p.y, v); err != nil {
			return err
		}
	}
	return nil
}

// pruneC keeps the values of c that stand in the relation to some count
// that some supported value of y allows.
func (p *count) pruneC(s *Solver) error {
	minLo, maxHi := slices.Min(p.lo), slices.Max(p.hi)
	switch p.rel {
	case countEq:
		if err := s.SetMin(p.c, minLo); err != nil {
			return err
		}
		if err := s.SetMax(p.c, maxHi); err != nil {
			return err
		}
		for k := s.Min(p.c); k <= s.Max(p.c); k = s.next(p.c, k+1) {
			if !p.inSomeRange(k) {
				if err := s.Remove(p.c, k); err != nil {
					return err
				}
			}
		}
		return nil
	case countNeq:
		// A value k of c is lost only when every supported value of y
		// fixes the count at k.
		if k := p.lo[0]; minLo == k && maxHi == k {
			return s.Remove(p.c, k)
		}
		return nil
	case countLeq:
		return s.SetMax(p.c, maxHi)
	case countLt:
		return s.SetMax(p.c, maxHi-1)
	case countGeq:
		return s.SetMin(p.c, minLo)
	}
	return s.SetMin(p.c, minLo+1) // countGt
}

func (p *count) inSomeRange(k int) bool {
	for j := range p.vals {
		if p.lo[j] <= k && k <= p.hi[j] {
			return true
		}
	}
	return false
}

// pruneX removes from each x[i] the values no solution gives it. For a
// supported value v of y, a variable that is fixed or cannot take v is
// decided; an undecided one can be counted (the count then lies in
// lo+1..hi) or not (lo..hi-1). A variable that is decided for some
// supported v keeps all its values: with y = v they are all supported.
// Otherwise a value w stays when y = w allows counting it, or when some
// other supported value of y allows not counting it.
func (p *count) pruneX(s *Solver) error {
	// notCounted lists up to two supported values of y that allow an
	// undecided variable not to be counted.
	var notCounted [2]int
	nNot := 0
	for j, v := range p.vals {
		if p.lo[j] < p.hi[j] && p.rel.reaches(s, p.c, p.lo[j], p.hi[j]-1) {
			if nNot < 2 {
				notCounted[nNot] = v
			}
			nNot++
		}
	}
	if nNot >= 2 {
		return nil // every value of every variable has a support
	}
	for _, x := range p.x {
		if s.Fixed(x) || !p.undecidedForAll(s, x) {
			continue
		}
		for w := s.Min(x); w <= s.Max(x); w = s.next(x, w+1) {
			if nNot == 1 && w != notCounted[0] || p.countable(s, w) {
				continue
			}
			if err := s.Remove(x, w); err != nil {
				return err
			}
		}
	}
	return nil
}

// undecidedForAll reports whether x, not fixed, can take every supported
// value of y.
func (p *count) undecidedForAll(s *Solver, x Var) bool {
	for _, v := range p.vals {
		if !s.Contains(x, v) {
			return false
		}
	}
	return true
}

// countable reports whether w is a supported value of y under which an
// undecided variable can be counted.
func (p *count) countable(s *Solver, w int) bool {
	j, found := slices.BinarySearch(p.vals, w)
	return found && p.rel.reaches(s, p.c, p.lo[j]+1, p.hi[j])
}

// among is the constraint n = #{i : x[i] ∈ set}.
type among struct {
	n    Var
	x    []Var
	set  valueSet
	idem bool
}

// AddAmong posts n = #{i : x[i] ∈ values}, FlatZinc's among, for a
// constant set of values (given in any order, repeats allowed; the set is
// held as intervals, so a wide range is cheap). It is domain consistent:
// n keeps the counts between the number of x[i] whose domain lies inside
// the set and the number whose domain meets it, and once n reaches either
// end the undecided x[i] are pushed out of the set or into it. A run costs
// O(len(x)·intervals) domain look-ups. It does not explain its
// deductions.
func (s *Solver) AddAmong(n Var, x []Var, values []int) PropID {
	p := &among{n: n, x: slices.Clone(x), set: newValueSet(values), idem: distinctVars(x, []Var{n})}
	id := s.Add(p)
	s.Watch(id, n, OnDomain)
	for _, v := range p.x {
		s.Watch(id, v, OnDomain)
	}
	return id
}

func (p *among) Idempotent() bool { return p.idem }

func (p *among) Propagate(s *Solver) error {
	lo, hi := 0, 0
	for _, x := range p.x {
		if p.set.meets(s, x) {
			hi++
			if p.set.holds(s, x) {
				lo++
			}
		}
	}
	if err := s.SetMin(p.n, lo); err != nil {
		return err
	}
	if err := s.SetMax(p.n, hi); err != nil {
		return err
	}
	if lo == hi {
		return nil
	}
	in := countEq.reaches(s, p.n, lo+1, hi)  // an undecided x[i] may be in the set
	out := countEq.reaches(s, p.n, lo, hi-1) // or out of it
	if in && out {
		return nil
	}
	for _, x := range p.x {
		if !p.set.meets(s, x) || p.set.holds(s, x) {
			continue
		}
		var err error
		if in {
			err = p.set.restrict(s, x)
		} else {
			err = p.set.removeFrom(s, x)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

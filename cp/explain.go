package cp

import (
	"errors"
	"fmt"
	"slices"
)

// Explaining is implemented by propagators that explain themselves: before
// each domain change they call SetReason with the true literals that force
// it, and when they fail they return Fail with the true literals that
// clash. A propagator that does not explain itself is explained for it
// while a learning search runs: its deductions are put down to the current
// domains of the variables it watches (their bounds, and the values
// missing inside the bounds of those it watches for OnDomain), which is
// sound for any propagator that reads only those but teaches the search
// less than an explanation of its own.
type Explaining interface {
	Explains() bool
}

// Scoped is implemented by propagators that read variables they do not
// watch: Scope lists every variable the propagator reads, for the
// explanations made for propagators that do not explain themselves.
type Scoped interface {
	Scope() []Var
}

// ErrCannotLearn is returned by a learning search that cannot run on the
// solver's model.
var ErrCannotLearn = errors.New("cp: conflict learning cannot run on this model")

// A reason tells why a literal became true.
type reason struct {
	kind  uint8 // one of the reason kinds below
	start int32 // reasonLits: offset in the arena; reasonClause: the clause; reasonJump: the offset jumped from
	n     int32 // reasonLits: number of literals
	skip  Lit   // reasonClause: the clause's literal the reason is for
}

const (
	reasonNone     = iota // outside learning, or a fact of the root
	reasonDecision        // a search decision
	reasonLits            // true literals in the arena
	reasonClause          // a learned clause: its other literals, negated
	reasonJump            // a bound that skipped values missing from the domain
)

// The sides of a variable's events, and of the watches of learned clauses.
const (
	sideLower = iota // the minimum rose: [x ≥ v] became true
	sideUpper        // the maximum fell: [x ≤ v] became true
	sideInner        // a value inside the bounds went: [x ≠ v] became true
)

// sideOf returns the side of the event that makes l true; equality
// literals never are events (Assign makes two bound events).
func sideOf(l Lit) int {
	switch l.form() {
	case 0:
		return sideLower
	case negBit:
		return sideUpper
	}
	return sideInner
}

// event is one domain change made while a learning search runs: the
// literal it made true, when, and why.
type event struct {
	lit      Lit
	level    int32  // the decision level
	trailPos int32  // the trail height after the change, to undo it with the trail
	arenaLen int32  // the arena's length after the change, to shrink it back
	prev     int32  // the previous event of the same variable and side, or -1
	why      reason //
}

// learning is the state conflict learning keeps beside the trail.
type learning struct {
	on          bool
	level       int32
	events      []event          // in the order of the trail
	last        [3][]int32       // by side, then variable: the latest event, or -1
	startMin    []int64          // by variable: its minimum when the search began
	startMax    []int64          // by variable: its maximum when the search began
	startHoles  map[Var][]uint64 // the bitset words of the variables with holes when the search began
	arena       []Lit            // reasons' literals
	cur         reason           // reason of the changes the running code makes next
	conflict    []Lit            // the last failure's clashing true literals
	conflictSet bool             // whether the running propagator set conflict
	why         []Lit            // scratch for a reason a propagator builds, which SetReason and Fail copy
	innerAt     [][]int32        // by variable then value offset: the event that removed it, plus one, or 0
	innerVars   []Var            // the variables innerAt holds a slice for
	chain       [2][][]int32     // by bound side then variable (not 0..1): its bound events, in order
	clauses     *clauseDB        // learned clauses, when a learning search has run
	hints       []int64          // by variable: the offset of the value SetPhase asks for, or -1
	scope       [][]scopeOf      // by propagator, for the explanations made for it
	scopeProps  int              // how many propagators scope covers
}

// scopeOf is a variable a propagator reads, and whether it reads holes.
type scopeOf struct {
	v     Var
	holes bool
}

// SetReason declares the true literals that force the next domain changes
// the caller makes, until the next SetReason or the end of the running
// propagator. It costs nothing when no learning search runs.
func (s *Solver) SetReason(lits ...Lit) {
	if !s.learn.on {
		return
	}
	start := len(s.learn.arena)
	s.learn.arena = append(s.learn.arena, lits...)
	s.learn.cur = reason{kind: reasonLits, start: int32(start), n: int32(len(lits))}
}

// Fail returns ErrInconsistent, recording lits, true literals that cannot
// hold together, as the explanation of the failure.
func (s *Solver) Fail(lits ...Lit) error {
	if s.learn.on {
		s.learn.conflict = append(s.learn.conflict[:0], lits...)
		s.learn.conflictSet = true
	}
	return ErrInconsistent
}

// Learning reports whether a learning search is running, so that
// propagators build explanations only then.
func (s *Solver) Learning() bool { return s.learn.on }

// LitOf returns the literal a fixed 0..1 variable makes true.
func (s *Solver) LitOf(v Var) Lit {
	// Pos(v) for 1, Neg(v) for 0, without a branch, so that LitOf inlines.
	return Lit{x: uint32(v)<<2 | uint32(1-s.Value(v))&negBit, off: 1}
}

// changeReason returns the reason of a domain change about to be made:
// the one declared, or, for a propagator that does not explain itself, its
// variables' domains as they are before the change.
func (s *Solver) changeReason() reason {
	if s.learn.cur.kind != reasonNone {
		return s.learn.cur
	}
	return s.scopeReason()
}

// scopeReason is changeReason when no reason was declared: none at the
// root or outside propagation, else the one made for a propagator that
// does not explain itself. It is apart so that changeReason inlines.
func (s *Solver) scopeReason() reason {
	l := &s.learn
	if s.current < 0 || l.level == 0 {
		return l.cur
	}
	if x, ok := s.props[s.current].p.(Explaining); ok && x.Explains() {
		panic(fmt.Sprintf("cp: propagator %T changed a domain without a reason", s.props[s.current].p))
	}
	start := len(l.arena)
	l.arena = s.appendScopeLits(l.arena, s.current)
	return reason{kind: reasonLits, start: int32(start), n: int32(len(l.arena) - start)}
}

// record notes a domain change that made lit true.
func (s *Solver) record(lit Lit, why reason) {
	l := &s.learn
	side := sideOf(lit)
	i := int32(len(l.events))
	l.events = append(l.events, event{lit: lit, level: l.level, trailPos: int32(len(s.trail)),
		arenaLen: int32(len(l.arena)), prev: l.last[side][lit.Var()], why: why})
	l.last[side][lit.Var()] = i
	if side == sideInner {
		s.indexInner(lit, i+1)
	} else if x := lit.Var(); !s.vars[x].boolean {
		l.chain[side][x] = append(l.chain[side][x], i)
	}
	if db := l.clauses; db != nil && db.watching(lit.Var(), side) {
		s.schedule(db.id)
	}
}

// recordBound notes a change of v's bound on side (sideLower or
// sideUpper): want is the bound asked for, got the one reached, which
// skips the values missing beyond want.
func (s *Solver) recordBound(v Var, side int, want, got int, why reason) {
	lit := s.AtLeast(v, want)
	if side == sideUpper {
		lit = s.AtMost(v, want)
	}
	s.record(lit, why)
	if got == want {
		return
	}
	off := int32(int64(want) - s.vars[v].offset)
	if side == sideUpper {
		s.record(s.AtMost(v, got), reason{kind: reasonJump, start: off})
	} else {
		s.record(s.AtLeast(v, got), reason{kind: reasonJump, start: off})
	}
}

// failOn returns ErrInconsistent for an operation that would empty a
// domain: clash holds the true literals the operation contradicts.
func (s *Solver) failOn(clash ...Lit) error {
	if s.learn.on {
		l := &s.learn
		why := s.changeReason()
		c := s.appendReason(l.conflict[:0], why, Lit{})
		l.conflict = append(c, clash...)
		l.conflictSet = true
	}
	return ErrInconsistent
}

// explainFailure makes the conflict of a propagator that failed without
// one: its variables' domains.
func (s *Solver) explainFailure(id PropID) {
	l := &s.learn
	if !l.on || l.conflictSet {
		return
	}
	l.conflict = s.appendScopeLits(l.conflict[:0], id)
}

// appendReason appends the true literals of a reason to dst; lit is the
// literal the reason is for (a jump needs it).
func (s *Solver) appendReason(dst []Lit, r reason, lit Lit) []Lit {
	l := &s.learn
	switch r.kind {
	case reasonLits:
		return append(dst, l.arena[r.start:r.start+r.n]...)
	case reasonClause:
		return l.clauses.appendReason(dst, r)
	case reasonJump:
		// The bound asked for, and the values missing between it and the
		// bound reached.
		x := lit.Var()
		base := s.vars[x].offset
		from, to := base+int64(r.start), s.litValue(lit)
		if lit.isLower() {
			dst = append(dst, s.AtLeast(x, int(from)))
			for u := from; u < to; u++ {
				dst = append(dst, s.IsNot(x, int(u)))
			}
		} else {
			dst = append(dst, s.AtMost(x, int(from)))
			for u := to + 1; u <= from; u++ {
				dst = append(dst, s.IsNot(x, int(u)))
			}
		}
	}
	return dst
}

// appendScopeLits appends the literals that describe the domains of the
// variables propagator id reads: bounds that differ from the initial ones,
// and the values missing inside the bounds where it reads holes.
func (s *Solver) appendScopeLits(dst []Lit, id PropID) []Lit {
	l := &s.learn
	if l.scopeProps != len(s.props) {
		s.buildScopes()
	}
	for _, sv := range l.scope[id] {
		v, info := sv.v, &s.vars[sv.v]
		lo, hi := s.Min(v), s.Max(v)
		if int64(lo) > info.offset {
			dst = append(dst, s.AtLeast(v, lo))
		}
		if int64(hi) < info.offset+int64(info.size)-1 {
			dst = append(dst, s.AtMost(v, hi))
		}
		if sv.holes && s.Size(v) < hi-lo+1 {
			for u := lo + 1; u < hi; u++ {
				if !s.Contains(v, u) {
					dst = append(dst, s.IsNot(v, u))
				}
			}
		}
	}
	return dst
}

// buildScopes lists the variables each propagator reads: those of its
// Scope when it has one, else those it watches.
func (s *Solver) buildScopes() {
	l := &s.learn
	l.scope = make([][]scopeOf, len(s.props))
	for v, ws := range s.watches {
		for _, w := range ws {
			sc := l.scope[w.prop]
			if n := len(sc); n > 0 && sc[n-1].v == Var(v) {
				sc[n-1].holes = sc[n-1].holes || w.event&OnDomain != 0
				continue
			}
			l.scope[w.prop] = append(sc, scopeOf{v: Var(v), holes: w.event&OnDomain != 0})
		}
	}
	for id, e := range s.props {
		if sc, ok := e.p.(Scoped); ok {
			l.scope[id] = l.scope[id][:0]
			for _, v := range sc.Scope() {
				l.scope[id] = append(l.scope[id], scopeOf{v: v, holes: true})
			}
		}
	}
	l.scopeProps = len(s.props)
}

// popEvents forgets the events undone by an undo to trail height h.
func (s *Solver) popEvents(h int) {
	l := &s.learn
	n := len(l.events)
	for n > 0 && int(l.events[n-1].trailPos) > h {
		n--
		e := &l.events[n]
		side := sideOf(e.lit)
		l.last[side][e.lit.Var()] = e.prev
		if side == sideInner {
			s.indexInner(e.lit, 0)
		} else if x := e.lit.Var(); !s.vars[x].boolean {
			ch := l.chain[side][x]
			l.chain[side][x] = ch[:len(ch)-1]
		}
	}
	if n == len(l.events) {
		return
	}
	// Marks are taken between propagator runs, so every reason the undone
	// events use was added after the last event that stays.
	end := int32(0)
	if n > 0 {
		end = l.events[n-1].arenaLen
	}
	l.arena = l.arena[:end]
	l.events = l.events[:n]
	if db := l.clauses; db != nil {
		db.head = min(db.head, n)
	}
}

// eventOf returns the index of the event that made the true literal p
// true, or -1 when p held before the search began or was made true at
// its root. Equality literals are not events: see the caller.
func (s *Solver) eventOf(p Lit) int32 {
	l := &s.learn
	switch p.form() {
	case 0, negBit:
		return s.boundEvent(p)
	}
	// [x ≠ v]: its removal, or the bound that passed it, whichever came
	// first; or the start, when v was missing then.
	x, v := p.Var(), s.litValue(p)
	if v < l.startMin[x] || v > l.startMax[x] || s.missingAtStart(x, v) {
		return -1
	}
	best := int32(-1)
	if int(x) < len(l.innerAt) && l.innerAt[x] != nil {
		best = l.innerAt[x][p.off] - 1
	}
	for _, b := range [2]Lit{s.AtLeast(x, int(v)+1), s.AtMost(x, int(v)-1)} {
		if s.isTrue(b) {
			if i := s.boundEvent(b); best < 0 || i < best {
				best = i
			}
		}
	}
	if best >= 0 && l.events[best].level == 0 {
		return -1
	}
	return best
}

// indexInner notes i (an event's index plus one, or 0 for none) as the
// event that made the literal [x ≠ v] true, so that eventOf finds it
// without a walk through x's removals, which a wide domain makes long.
func (s *Solver) indexInner(lit Lit, i int32) {
	l := &s.learn
	x := lit.Var()
	if len(l.innerAt) <= int(x) {
		l.innerAt = append(l.innerAt, make([][]int32, int(x)+1-len(l.innerAt))...)
	}
	if l.innerAt[x] == nil {
		if i == 0 {
			return
		}
		l.innerAt[x] = make([]int32, s.vars[x].size)
		l.innerVars = append(l.innerVars, x)
	}
	l.innerAt[x][lit.off] = i
}

// missingAtStart reports whether v, between x's bounds when the search
// began, was missing from its domain then.
func (s *Solver) missingAtStart(x Var, v int64) bool {
	words, ok := s.learn.startHoles[x]
	if !ok {
		return false
	}
	i := v - s.vars[x].offset
	return words[i/64]&(1<<uint(i%64)) == 0
}

// boundEvent returns the event of the true bound literal p, as eventOf.
func (s *Solver) boundEvent(p Lit) int32 {
	l := &s.learn
	side := sideOf(p)
	if p.off == 1 && s.vars[p.Var()].boolean { // Pos or Neg, fixed once: its one event, if any
		i := l.last[side][p.Var()]
		if i < 0 || l.events[i].level == 0 {
			return -1
		}
		return i
	}
	if v := s.litValue(p); side == sideLower && l.startMin[p.Var()] >= v || side == sideUpper && l.startMax[p.Var()] <= v {
		return -1
	}
	res := int32(-1)
	if x := p.Var(); !s.vars[x].boolean {
		// The side's events tighten the bound one after the other: the
		// first that implies p is found by bisection.
		ch := l.chain[side][x]
		if k, _ := slices.BinarySearchFunc(ch, p, func(i int32, p Lit) int {
			if implies(l.events[i].lit, p) {
				return 1
			}
			return -1
		}); k < len(ch) {
			res = ch[k]
		}
	} else {
		for i := l.last[side][x]; i >= 0; i = l.events[i].prev {
			if !implies(l.events[i].lit, p) {
				break
			}
			res = i
		}
	}
	if res >= 0 && l.events[res].level == 0 {
		return -1
	}
	return res
}

// implies reports whether bound literal a implies bound literal b of the
// same variable and side.
func implies(a, b Lit) bool {
	if a.isLower() {
		return a.offset() >= b.offset()
	}
	return a.offset() <= b.offset()
}

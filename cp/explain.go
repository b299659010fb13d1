package cp

import (
	"errors"
	"fmt"
)

// Explaining is implemented by propagators that explain themselves: before
// fixing a 0..1 variable they call SetReason with the literals that force
// it, and when they fail they return Fail with the literals that clash.
// SearchLearning learns from these explanations, so it needs every
// propagator of the solver to explain.
type Explaining interface {
	Explains() bool
}

// ErrCannotLearn is returned by SearchLearning when a propagator does not
// explain its deductions or a variable to branch on is not 0..1.
var ErrCannotLearn = errors.New("cp: conflict learning needs 0..1 variables and explaining propagators")

// A reason tells why a 0..1 variable was fixed.
type reason struct {
	kind  uint8 // reasonNone, reasonDecision, reasonLits or reasonClause
	start int32 // reasonLits: offset in the arena; reasonClause: the clause
	n     int32 // reasonLits: number of literals
	skip  Lit   // reasonClause: the clause's literal the reason is for
}

const (
	reasonNone     = iota // outside learning, or not given
	reasonDecision        // a search decision
	reasonLits            // true literals in the arena
	reasonClause          // a learned clause: its other literals, negated
)

// boolFix is one fixing of a 0..1 variable at a decision level above 0.
type boolFix struct {
	v        Var
	trailPos int32 // the trail height after the fix, to undo it with the trail
	arenaLen int32 // the arena's length after the fix, to shrink it back
}

// learning is the state conflict learning keeps beside the trail.
type learning struct {
	on       bool
	level    int32
	fixes    []boolFix // in order
	varLevel []int32   // by variable, valid while fixed
	varWhy   []reason  // by variable, valid while fixed
	arena    []Lit     // reasons' literals
	cur      reason    // reason of the fixes the running code makes next
	conflict []Lit     // the last failure's clashing true literals
	clauses  *clauseDB // learned clauses, when a learning search has run
	hints    []int8    // by variable: the value SetPhase asks for + 1, or 0
}

// SetReason declares the true literals that force the next 0..1 variables
// the caller fixes, until the next SetReason or the end of the running
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
	}
	return ErrInconsistent
}

// Learning reports whether a learning search is running, so that
// propagators build explanations only then.
func (s *Solver) Learning() bool { return s.learn.on }

// LitOf returns the literal a fixed 0..1 variable makes true.
func (s *Solver) LitOf(v Var) Lit { return Lit{Var: v, Negated: s.Value(v) == 0} }

// recordFix notes the fixing of a 0..1 variable with the current reason.
func (s *Solver) recordFix(v Var) {
	l := &s.learn
	if l.cur.kind == reasonNone && s.current >= 0 {
		panic(fmt.Sprintf("cp: propagator %T fixed %s without a reason", s.props[s.current].p, s.Name(v)))
	}
	l.varLevel[v] = l.level
	l.varWhy[v] = l.cur
	l.fixes = append(l.fixes, boolFix{v: v, trailPos: int32(len(s.trail)), arenaLen: int32(len(l.arena))})
}

// failOn returns ErrInconsistent for an operation that would empty v's
// domain, recording the clash of the current reason with v's value.
func (s *Solver) failOn(v Var) error {
	if s.learn.on {
		c := s.learn.conflict[:0]
		if r := s.learn.cur; r.kind == reasonLits {
			c = append(c, s.learn.arena[r.start:r.start+r.n]...)
		} else if r.kind == reasonClause {
			c = s.learn.clauses.appendReason(c, r)
		}
		if s.Fixed(v) && s.vars[v].boolean {
			c = append(c, s.LitOf(v))
		}
		s.learn.conflict = c
	}
	return ErrInconsistent
}

// reasonOf appends the true literals that forced v to dst.
func (s *Solver) reasonOf(dst []Lit, v Var) []Lit {
	r := s.learn.varWhy[v]
	switch r.kind {
	case reasonLits:
		return append(dst, s.learn.arena[r.start:r.start+r.n]...)
	case reasonClause:
		return s.learn.clauses.appendReason(dst, r)
	}
	return dst
}

// popFixes forgets the fixes undone by an undo to trail height h.
func (s *Solver) popFixes(h int) {
	l := &s.learn
	n := len(l.fixes)
	for n > 0 && int(l.fixes[n-1].trailPos) > h {
		n--
	}
	if n < len(l.fixes) {
		// Marks are taken between propagator runs, so every reason the
		// undone fixes use was added after the last fix that stays.
		end := int32(0)
		if n > 0 {
			end = l.fixes[n-1].arenaLen
		}
		l.arena = l.arena[:end]
		for _, f := range l.fixes[n:] {
			l.varLevel[f.v] = 0 // so that varLevel is 0 for every root fix
		}
		l.fixes = l.fixes[:n]
	}
}

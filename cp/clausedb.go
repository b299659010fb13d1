package cp

// clauseDB holds the clauses a learning search adds (learned clauses and
// the clauses that block found solutions) and propagates them with two
// watched literals, as SAT solvers do: a clause is looked at only when one
// of its two watched literals becomes false, and watches need no undoing
// on backtracking.
type clauseDB struct {
	clauseLike
	lits      []Lit     // every clause's literals, one after the other
	start     []int32   // clause i is lits[start[i]:start[i+1]]
	permanent []bool    // by clause: never dropped (blocking clauses)
	watches   [][]int32 // by literal index: the clauses watching that literal
	pending   []Var     // variables fixed since the last run
	id        PropID    // the store's propagator
	covered   int       // variables 0..covered-1 are watched
}

// litIndex numbers the literals of variable v as 2v and 2v+1.
func litIndex(l Lit) int {
	i := 2 * int(l.Var)
	if l.Negated {
		i++
	}
	return i
}

// newClauseDB adds an empty clause store to s, watching its 0..1 variables.
// A solver needs only one: cover extends it to the variables made later.
func newClauseDB(s *Solver) *clauseDB {
	db := &clauseDB{start: []int32{0}}
	db.id = s.Add(db)
	db.cover(s)
	return db
}

// cover watches the 0..1 variables made since the last call.
func (db *clauseDB) cover(s *Solver) {
	n := s.NumVars()
	for v := db.covered; v < n; v++ {
		if s.vars[v].boolean {
			s.WatchTagged(db.id, Var(v), OnFix, int32(v))
		}
	}
	db.covered = n
	if len(db.watches) < 2*n { // one allocation, as the store's first search made before
		db.watches = append(db.watches, make([][]int32, 2*n-len(db.watches))...)
	}
}

// reset drops every clause.
func (db *clauseDB) reset() {
	db.lits, db.start, db.pending = db.lits[:0], db.start[:1], db.pending[:0]
	for i := range db.watches {
		db.watches[i] = db.watches[i][:0]
	}
}

func (db *clauseDB) clause(c int32) []Lit { return db.lits[db.start[c]:db.start[c+1]] }

// Advise queues a newly fixed variable whose false literal some clause
// watches.
func (db *clauseDB) Advise(s *Solver, tag int32) bool {
	v := Var(tag)
	if len(db.watches[litIndex(s.LitOf(v).Not())]) == 0 {
		return false
	}
	db.pending = append(db.pending, v)
	return true
}

// add stores a clause of at least two literals and watches its first two.
// A permanent clause is never dropped by reduce.
func (db *clauseDB) add(lits []Lit, permanent bool) int32 {
	c := int32(len(db.start) - 1)
	db.lits = append(db.lits, lits...)
	db.start = append(db.start, int32(len(db.lits)))
	db.permanent = append(db.permanent, permanent)
	db.watches[litIndex(lits[0])] = append(db.watches[litIndex(lits[0])], c)
	db.watches[litIndex(lits[1])] = append(db.watches[litIndex(lits[1])], c)
	return c
}

// reduceAbove is how many literals the learned clauses may hold before
// reduce drops some (about 16 MB). Tests lower it.
var reduceAbove = 4 << 20

// shortClause is the length up to which learned clauses are always kept.
const shortClause = 8

// reduce drops learned clauses when they hold more than reduceAbove
// literals: it keeps the permanent ones, the short ones and the newer half
// of the others, and drops those that the root assignment satisfies. It
// must be called at the root, where no clause is the reason of a recorded
// fix; it makes true the literals that kept clauses force at the root, and
// fails when a kept clause is false there.
func (db *clauseDB) reduce(s *Solver) error {
	if len(db.lits) <= reduceAbove {
		return nil
	}
	n := len(db.start) - 1
	long := 0
	for c := range n {
		if !db.permanent[c] && db.start[c+1]-db.start[c] > shortClause {
			long++
		}
	}
	lits, start, permanent := db.lits, db.start, db.permanent
	db.lits, db.start, db.permanent = nil, []int32{0}, nil
	for i := range db.watches {
		db.watches[i] = db.watches[i][:0]
	}
	db.pending = db.pending[:0]
	var units []Lit
	seenLong := 0
	for c := range n {
		clause := lits[start[c]:start[c+1]]
		if !permanent[c] && len(clause) > shortClause {
			seenLong++
			if seenLong <= long/2 {
				continue // the older half of the long ones
			}
		}
		// Put the literals that are not false first, dropping satisfied
		// clauses; a clause with one such literal forces it.
		free := 0
		satisfied := false
		for i, l := range clause {
			switch {
			case s.isTrue(l):
				satisfied = true
			case !s.isFalse(l):
				clause[free], clause[i] = clause[i], clause[free]
				free++
			}
		}
		switch {
		case satisfied:
		case free == 0:
			return ErrInconsistent
		case free == 1:
			units = append(units, clause[0])
		default:
			db.add(clause, permanent[c])
		}
	}
	s.learn.cur = reason{}
	for _, l := range units {
		if err := s.makeTrue(l); err != nil {
			return err
		}
	}
	return nil
}

// appendReason appends the reason a clause gives for the literal r.skip:
// the negations of its other literals, which are all false.
func (db *clauseDB) appendReason(dst []Lit, r reason) []Lit {
	for _, l := range db.clause(r.start) {
		if l != r.skip {
			dst = append(dst, l.Not())
		}
	}
	return dst
}

// Propagate visits the clauses watching the literals made false since the
// last run: each finds another literal to watch, or makes its other
// watched literal true, or fails.
func (db *clauseDB) Propagate(s *Solver) error {
	for len(db.pending) > 0 {
		v := db.pending[len(db.pending)-1]
		db.pending = db.pending[:len(db.pending)-1]
		if !s.Fixed(v) {
			continue // undone since it was queued
		}
		falseLit := s.LitOf(v).Not()
		fi := litIndex(falseLit)
		ws := db.watches[fi]
		kept := ws[:0]
		for i, c := range ws {
			lits := db.clause(c)
			if lits[0] == falseLit {
				lits[0], lits[1] = lits[1], lits[0]
			}
			if s.isTrue(lits[0]) {
				kept = append(kept, c)
				continue
			}
			moved := false
			for k := 2; k < len(lits); k++ {
				if !s.isFalse(lits[k]) {
					lits[1], lits[k] = lits[k], lits[1]
					db.watches[litIndex(lits[1])] = append(db.watches[litIndex(lits[1])], c)
					moved = true
					break
				}
			}
			if moved {
				continue
			}
			kept = append(kept, c)
			if s.isFalse(lits[0]) {
				kept = append(kept, ws[i+1:]...)
				db.watches[fi] = kept
				db.pending = db.pending[:0]
				conflict := s.learn.conflict[:0]
				for _, l := range lits {
					conflict = append(conflict, l.Not())
				}
				s.learn.conflict = conflict
				return ErrInconsistent
			}
			s.learn.cur = reason{kind: reasonClause, start: c, skip: lits[0]}
			if err := s.makeTrue(lits[0]); err != nil {
				kept = append(kept, ws[i+1:]...)
				db.watches[fi] = kept
				db.pending = db.pending[:0]
				return err
			}
		}
		db.watches[fi] = kept
	}
	return nil
}

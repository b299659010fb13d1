package cp

// clauseDB holds the clauses a learning search adds (learned clauses and
// the clauses that block found solutions) and propagates them with two
// watched literals, as SAT solvers do: a clause is looked at only when one
// of its two watched literals may have become false, and watches need no
// undoing on backtracking. It reads the domain changes from the learning
// search's events, in order, as a SAT solver reads its trail.
type clauseDB struct {
	clauseLike
	lits      []Lit     // every clause's literals, one after the other
	start     []int32   // clause i is lits[start[i]:start[i+1]]
	permanent []bool    // by clause: never dropped (blocking clauses)
	watches   [][]int32 // by watch key: the clauses watching a literal of that key
	head      int       // the events before it have been read
	id        PropID    // the store's propagator
}

// watchKey returns the list of the clauses watching l: a literal [x ≥ v]
// becomes false when x's maximum falls, one [x ≤ v] when its minimum
// rises, and [x = v] or [x ≠ v] at any change of x.
func watchKey(l Lit) int {
	i := 3 * int(l.Var())
	switch l.form() {
	case 0:
		return i + sideUpper
	case negBit:
		return i + sideLower
	}
	return i + sideInner
}

// newClauseDB adds an empty clause store to s. A solver needs only one.
func newClauseDB(s *Solver) *clauseDB {
	db := &clauseDB{start: []int32{0}}
	db.id = s.Add(db)
	return db
}

// cover makes room for the watches of every variable of s.
func (db *clauseDB) cover(s *Solver) {
	if n := 3 * s.NumVars(); len(db.watches) < n {
		db.watches = append(db.watches, make([][]int32, n-len(db.watches))...)
	}
}

// watching reports whether an event of x on side may make a watched
// literal false.
func (db *clauseDB) watching(x Var, side int) bool {
	i := 3 * int(x)
	return len(db.watches[i+side]) > 0 || side != sideInner && len(db.watches[i+sideInner]) > 0
}

// reset drops every clause.
func (db *clauseDB) reset() {
	db.lits, db.start, db.permanent, db.head = db.lits[:0], db.start[:1], db.permanent[:0], 0
	for i := range db.watches {
		db.watches[i] = db.watches[i][:0]
	}
}

func (db *clauseDB) clause(c int32) []Lit { return db.lits[db.start[c]:db.start[c+1]] }

// add stores a clause of at least two literals and watches its first two.
// A permanent clause is never dropped by reduce.
func (db *clauseDB) add(lits []Lit, permanent bool) int32 {
	c := int32(len(db.start) - 1)
	db.lits = append(db.lits, lits...)
	db.start = append(db.start, int32(len(db.lits)))
	db.permanent = append(db.permanent, permanent)
	// One watch per watched literal, even when both share a list: each
	// entry of a list stands for one watched literal of that key.
	k0, k1 := watchKey(lits[0]), watchKey(lits[1])
	db.watches[k0] = append(db.watches[k0], c)
	db.watches[k1] = append(db.watches[k1], c)
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
// event; it makes true the literals that kept clauses force at the root,
// and fails when a kept clause is false there.
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

// Propagate reads the events since the last run and visits the clauses
// watching a literal they may have made false: each finds another literal
// to watch, or makes its other watched literal true, or fails.
func (db *clauseDB) Propagate(s *Solver) error {
	events := &s.learn.events
	for db.head < len(*events) {
		e := (*events)[db.head]
		db.head++
		i := 3 * int(e.lit.Var())
		side := sideOf(e.lit)
		if err := db.visit(s, i+side); err != nil {
			return err
		}
		if side != sideInner {
			if err := db.visit(s, i+sideInner); err != nil {
				return err
			}
		}
	}
	return nil
}

// visit visits the clauses of one watch list.
func (db *clauseDB) visit(s *Solver, key int) error {
	ws := db.watches[key]
	if len(ws) == 0 {
		return nil
	}
	kept := ws[:0]
	for i, c := range ws {
		lits := db.clause(c)
		// Make lits[1] the false literal this list watches, if there is one.
		switch {
		case watchKey(lits[1]) == key && s.isFalse(lits[1]):
		case watchKey(lits[0]) == key && s.isFalse(lits[0]):
			lits[0], lits[1] = lits[1], lits[0]
		default:
			kept = append(kept, c)
			continue
		}
		if s.isTrue(lits[0]) {
			kept = append(kept, c)
			continue
		}
		moved := false
		for k := 2; k < len(lits); k++ {
			if !s.isFalse(lits[k]) {
				lits[1], lits[k] = lits[k], lits[1]
				if nk := watchKey(lits[1]); nk == key {
					kept = append(kept, c)
				} else {
					db.watches[nk] = append(db.watches[nk], c)
				}
				moved = true
				break
			}
		}
		if moved {
			continue
		}
		kept = append(kept, c)
		var err error
		if s.isFalse(lits[0]) {
			conflict := s.learn.conflict[:0]
			for _, l := range lits {
				conflict = append(conflict, l.Not())
			}
			s.learn.conflict, s.learn.conflictSet = conflict, true
			err = ErrInconsistent
		} else {
			s.learn.cur = reason{kind: reasonClause, start: c, skip: lits[0]}
			err = s.makeTrue(lits[0])
		}
		if err != nil {
			kept = append(kept, ws[i+1:]...)
			db.watches[key] = kept
			return err
		}
	}
	db.watches[key] = kept
	return nil
}

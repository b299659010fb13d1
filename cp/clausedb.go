package cp

import (
	"cmp"
	"slices"
)

// clauseDB holds the clauses a learning search adds (learned clauses and
// the clauses that block found solutions) and propagates them with two
// watched literals, as SAT solvers do: a clause is looked at only when one
// of its two watched literals may have become false, and watches need no
// undoing on backtracking. It reads the domain changes from the learning
// search's events, in order, as a SAT solver reads its trail, and visits
// only the literals an event made false: a variable's watched literals
// are kept by value, so a bound that moves from a to b visits the
// literals between a and b.
type clauseDB struct {
	clauseLike
	lits    []Lit          // every clause's literals, one after the other
	start   []int32        // clause i is lits[start[i]:start[i+1]]
	lbd     []int32        // by clause: its literal block distance when learned, or permanentLBD
	watches []valueWatches // by watch key: the clauses watching each literal of that key
	head    int            // the events before it have been read
	id      PropID         // the store's propagator
	// sinceReduce counts the learned clauses added since the last
	// reduction; reduceAt is how many make the next one due.
	sinceReduce, reduceAt int
}

// valueWatches are the watches of one key, by the offset of the literal
// watched: offs is sorted, and lists[i] holds the clauses watching the
// literal of offset offs[i] (one entry per watched literal); n counts the
// entries of all lists. An offset stays when its list empties.
type valueWatches struct {
	offs  []uint32
	lists [][]clauseWatch
	n     int32
}

// clauseWatch is a clause watching a literal, with a blocker: another
// literal of the clause (the other watched one when the watch was made).
// While the blocker is true the clause is satisfied, and visiting the
// watch need not read the clause, as in MiniSat: most visits end there.
type clauseWatch struct {
	c       int32
	blocker Lit
}

// set replaces the clauses watching offset off, which must be there.
func (w *valueWatches) set(off uint32, cs []clauseWatch) {
	i := 0
	if len(w.offs) != 1 {
		i, _ = slices.BinarySearch(w.offs, off)
	}
	w.n += int32(len(cs) - len(w.lists[i]))
	w.lists[i] = cs
}

// add makes clause c watch the literal of offset off, with blocker.
func (w *valueWatches) add(off uint32, c int32, blocker Lit) {
	i, ok := slices.BinarySearch(w.offs, off)
	if !ok {
		w.offs = slices.Insert(w.offs, i, off)
		w.lists = slices.Insert(w.lists, i, nil)
	}
	w.lists[i] = append(w.lists[i], clauseWatch{c, blocker})
	w.n++
}

// empty reports whether no clause watches a literal of this key: then
// record does not wake the store for an event of the key. It counts the
// watches, not the offsets, which stay when their clauses move away and
// woke the store 2.6 times as often on GrownNodes/250x250.
func (w *valueWatches) empty() bool { return w.n == 0 }

// span returns the offsets in lo..hi that have watches.
func (w *valueWatches) span(lo, hi uint32) []uint32 {
	if len(w.offs) == 1 { // a 0..1 variable's key, say
		if o := w.offs[0]; o < lo || o > hi {
			return nil
		}
		return w.offs
	}
	i, _ := slices.BinarySearch(w.offs, lo)
	j, _ := slices.BinarySearch(w.offs, hi+1)
	if hi == ^uint32(0) {
		j = len(w.offs)
	}
	return w.offs[i:j]
}

// watchKey returns the key of the clauses watching l: a literal [x ≥ v]
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
	db := &clauseDB{start: []int32{0}, reduceAt: reduceFirst}
	db.id = s.Add(db)
	return db
}

// cover makes room for the watches of every variable of s.
func (db *clauseDB) cover(s *Solver) {
	if n := 3 * s.NumVars(); len(db.watches) < n {
		db.watches = append(db.watches, make([]valueWatches, n-len(db.watches))...)
	}
}

// watching reports whether an event of x on side may make a watched
// literal false.
func (db *clauseDB) watching(x Var, side int) bool {
	i := 3 * int(x)
	return !db.watches[i+side].empty() || side != sideInner && !db.watches[i+sideInner].empty()
}

// reset drops every clause.
func (db *clauseDB) reset() {
	db.lits, db.start, db.lbd, db.head = db.lits[:0], db.start[:1], db.lbd[:0], 0
	db.sinceReduce, db.reduceAt = 0, reduceFirst
	db.clearWatches()
}

func (db *clauseDB) clearWatches() {
	for i := range db.watches {
		w := &db.watches[i]
		w.offs, w.lists, w.n = w.offs[:0], w.lists[:0], 0
	}
}

func (db *clauseDB) clause(c int32) []Lit { return db.lits[db.start[c]:db.start[c+1]] }

// watch makes clause c watch l, with blocker another of its literals.
func (db *clauseDB) watch(l Lit, c int32, blocker Lit) {
	db.watches[watchKey(l)].add(l.off, c, blocker)
}

// add stores a clause of at least two literals and watches its first two.
// lbd is its literal block distance, the number of decision levels among
// its literals when it was learned; a clause of lbd permanentLBD is never
// dropped by reduce.
func (db *clauseDB) add(lits []Lit, lbd int) int32 {
	c := int32(len(db.start) - 1)
	db.lits = append(db.lits, lits...)
	db.start = append(db.start, int32(len(db.lits)))
	db.lbd = append(db.lbd, int32(lbd))
	if lbd != permanentLBD {
		db.sinceReduce++
	}
	// One watch per watched literal, even when both are the same key and
	// value: each entry of a list stands for one watched literal.
	db.watch(lits[0], c, lits[1])
	db.watch(lits[1], c, lits[0])
	return c
}

// permanentLBD is the literal block distance that marks a clause never
// to drop: one that blocks a solution. A learned clause has at least one
// level.
const permanentLBD = 0

// reduceAbove is how many literals the learned clauses may hold before
// reduce drops some whatever the schedule (about 16 MB). Tests lower it.
var reduceAbove = 4 << 20

// The schedule of reductions: the first when reduceFirst clauses were
// learned, each next one reduceGrow clauses later than the last gap, as
// Glucose does, so that the store grows like the square root of the
// conflicts. 0 for reduceFirst reduces only past reduceAbove.
var (
	reduceFirst = 4000
	reduceGrow  = 1000
)

// shortClause is the length up to which learned clauses are always kept.
const shortClause = 8

// glueLBD is the literal block distance up to which learned clauses are
// always kept: those that tie two decision levels together ("glue
// clauses") keep propagating as long as the search runs.
const glueLBD = 2

// due reports whether reduce should drop clauses now.
func (db *clauseDB) due() bool {
	return len(db.lits) > reduceAbove || reduceFirst > 0 && db.sinceReduce >= db.reduceAt
}

// reduce drops learned clauses when due: it keeps the permanent ones, the
// short ones, the glue ones, and the better half of the others (those of
// smaller literal block distance, the newer among equals), and drops those
// that the root assignment satisfies. It must be called at the root, where
// no clause is the reason of a recorded event; it makes true the literals
// that kept clauses force at the root, and fails when a kept clause is
// false there.
func (db *clauseDB) reduce(s *Solver) error {
	if !db.due() {
		return nil
	}
	if db.sinceReduce >= db.reduceAt {
		db.reduceAt += reduceGrow
	}
	n := len(db.start) - 1
	lits, start, lbd := db.lits, db.start, db.lbd
	var candidates []int32
	for c := range n {
		if lbd[c] > glueLBD && start[c+1]-start[c] > shortClause {
			candidates = append(candidates, int32(c))
		}
	}
	// The worse half: larger distance first, older first among equals.
	slices.SortStableFunc(candidates, func(a, b int32) int { return cmp.Compare(lbd[b], lbd[a]) })
	drop := make([]bool, n)
	for _, c := range candidates[:len(candidates)/2] {
		drop[c] = true
	}
	db.lits, db.start, db.lbd = nil, []int32{0}, nil
	db.clearWatches()
	var units []Lit
	for c := range n {
		if drop[c] {
			continue
		}
		clause := lits[start[c]:start[c+1]]
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
			db.add(clause, int(lbd[c]))
		}
	}
	db.sinceReduce = 0 // the clauses kept are not new
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
// watching a literal they made false: each finds another literal to watch,
// or makes its other watched literal true, or fails.
func (db *clauseDB) Propagate(s *Solver) error {
	l := &s.learn
	for db.head < len(l.events) {
		e := l.events[db.head]
		db.head++
		x := e.lit.Var()
		key := 3 * int(x)
		// The offsets of the literals the event made false, on its side
		// and among the equalities: lo..hi.
		var lo, hi uint32
		switch side := sideOf(e.lit); side {
		case sideLower: // [x ≥ m+L] falsifies [x ≤ m+c-1] for c in P+1..L
			from := s.startOffset(x, side)
			if e.prev >= 0 {
				from = l.events[e.prev].lit.off
			}
			if err := db.visitSpan(s, key+sideLower, from+1, e.lit.off); err != nil {
				return err
			}
			lo, hi = from, e.lit.off-1 // the values gone: m+P..m+L-1
		case sideUpper: // [x ≤ m+U-1] falsifies [x ≥ m+c] for c in U..P-1
			from := s.startOffset(x, side)
			if e.prev >= 0 {
				from = l.events[e.prev].lit.off
			}
			if err := db.visitSpan(s, key+sideUpper, e.lit.off, from-1); err != nil {
				return err
			}
			lo, hi = e.lit.off, from-1 // the values gone: m+U..m+P-1
		default:
			lo, hi = e.lit.off, e.lit.off
		}
		inner := &db.watches[key+sideInner]
		if inner.empty() {
			continue
		}
		if err := db.visitSpan(s, key+sideInner, lo, hi); err != nil {
			return err
		}
		if s.Fixed(x) { // [x ≠ v] is false now
			off := uint32(int64(s.Min(x)) - s.vars[x].offset)
			if off < lo || off > hi {
				if err := db.visit(s, key+sideInner, off); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// startOffset returns the offset of the literal that x's bound on side
// made true when the search began: [x ≥ m+P] or [x ≤ m+P-1].
func (s *Solver) startOffset(x Var, side int) uint32 {
	l, m := &s.learn, s.vars[x].offset
	if side == sideLower {
		return uint32(l.startMin[x] - m)
	}
	return uint32(l.startMax[x] - m + 1)
}

// visitSpan visits the literals of key whose offsets are in lo..hi.
func (db *clauseDB) visitSpan(s *Solver, key int, lo, hi uint32) error {
	w := &db.watches[key]
	if w.empty() || lo > hi {
		return nil
	}
	span := w.span(lo, hi)
	if len(span) == 0 {
		return nil
	}
	if len(span) == 1 {
		return db.visit(s, key, span[0])
	}
	// Visiting can add watched values to this key: walk a copy.
	for _, off := range slices.Clone(span) {
		if err := db.visit(s, key, off); err != nil {
			return err
		}
	}
	return nil
}

// visit visits the clauses watching the literal of key and offset off.
func (db *clauseDB) visit(s *Solver, key int, off uint32) error {
	wk := &db.watches[key]
	at := 0
	if len(wk.offs) != 1 || wk.offs[0] != off { // one offset: a 0..1 variable's key
		var ok bool
		if at, ok = slices.BinarySearch(wk.offs, off); !ok {
			return nil
		}
	}
	ws := wk.lists[at]
	kept := ws[:0]
	here := func(l Lit) bool { return l.off == off && watchKey(l) == key }
	// isTrue does not inline (it calls isTrueEqual); the tests below
	// spell it out for the bound literals, which Pos and Neg are, so that
	// the common visit makes no call.
	for i, w := range ws {
		if b := w.blocker; b.x&kindEqual == 0 && s.boundTrue(b) || b.x&kindEqual != 0 && s.isTrueEqual(b) {
			kept = append(kept, w)
			continue
		}
		c := w.c
		lits := db.clause(c)
		// Make lits[1] the false literal this list watches, if there is one.
		switch {
		case here(lits[1]) && s.isFalse(lits[1]):
		case here(lits[0]) && s.isFalse(lits[0]):
			lits[0], lits[1] = lits[1], lits[0]
		default:
			kept = append(kept, w)
			continue
		}
		if l := lits[0]; l.x&kindEqual == 0 && s.boundTrue(l) || l.x&kindEqual != 0 && s.isTrueEqual(l) {
			kept = append(kept, clauseWatch{c, lits[0]})
			continue
		}
		moved := false
		for k := 2; k < len(lits); k++ {
			if l := lits[k].Not(); !(l.x&kindEqual == 0 && s.boundTrue(l) || l.x&kindEqual != 0 && s.isTrueEqual(l)) {
				lits[1], lits[k] = lits[k], lits[1]
				if here(lits[1]) {
					kept = append(kept, clauseWatch{c, lits[0]})
				} else {
					db.watch(lits[1], c, lits[0])
				}
				moved = true
				break
			}
		}
		if moved {
			continue
		}
		kept = append(kept, clauseWatch{c, lits[0]})
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
			db.watches[key].set(off, kept)
			return err
		}
	}
	db.watches[key].set(off, kept)
	return nil
}

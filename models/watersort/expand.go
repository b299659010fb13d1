package watersort

import "slices"

// expander generates the successors of canonical states. It owns scratch
// buffers, so one expander serves one search at a time.
type expander struct {
	l     *layout
	rule  Rule
	codes []uint64 // the state being expanded, bottles sorted
	info  []bottle
	child []uint64 // a successor, bottles sorted
	key   []uint64 // the successor packed
	// byTop[c] is the first bottle with room whose top colour code is c,
	// next[j] the following one, -1 ending the list: the destinations a
	// source showing c can pour into.
	byTop [MaxColors + 1]int32
	next  []int32
}

func newExpander(l *layout, rule Rule) *expander {
	e := &expander{
		l:     l,
		rule:  rule,
		codes: make([]uint64, l.bottles),
		info:  make([]bottle, l.bottles),
		child: make([]uint64, l.bottles),
		key:   make([]uint64, l.words),
		next:  make([]int32, l.bottles),
	}
	for c := range e.byTop {
		e.byTop[c] = -1
	}
	return e
}

// expand calls visit with the move (from bottle i to bottle j of the
// sorted state), the bottles after it (sorted), the packed key and whether
// it is solved, for each successor of the packed canonical state key, until
// visit returns false. The slices passed to visit are reused for the next
// successor.
//
// It skips moves whose result is, up to bottle order, the state itself or
// the result of another move it does try. The set of successor states is
// therefore exactly the set without pruning, so distances from the start,
// and with them BFS and A* optimality and the proof that a level is
// unsolvable, are unchanged, under both rules. The moves skipped:
//
//   - Out of a finished bottle (full of one colour). Every colour has
//     exactly Capacity units, so no other bottle shows that colour; the only
//     legal destination is an empty bottle, which takes all the units (it
//     has room for Capacity), and the two bottles just trade contents.
//   - A bottle of one colour into an empty bottle: the whole content moves
//     (an empty bottle has room for any bottle's content), a trade again.
//   - Into an empty bottle other than the first: every empty bottle gives
//     the same state up to order.
//   - Out of or into a bottle identical to the one before it (the bottles
//     are sorted, so copies are neighbours): the first copy gives the same
//     states up to order. The one exception is pouring into the copy right
//     after the source itself, which is a different move.
func (e *expander) expand(key []uint64, visit func(i, j int, child, key []uint64, solved bool) bool) {
	l := e.l
	l.unpack(key, e.codes)
	open := 0 // bottles neither empty nor finished; a state is solved when none is
	for i, c := range e.codes {
		e.info[i] = l.describe(c)
		open += l.open(c)
	}
	codes, info := e.codes, e.info
	// Link the bottles with room by top colour, in decreasing index order so
	// that each list runs in increasing order.
	for j := len(codes) - 1; j >= 0; j-- {
		if d := info[j]; d.height > 0 && int(d.height) < l.capacity {
			e.next[j] = e.byTop[d.top]
			e.byTop[d.top] = int32(j)
		}
	}
	defer func() {
		for _, d := range info {
			e.byTop[d.top] = -1
		}
	}()
	try := func(i, j int) bool {
		src, dst := info[i], info[j]
		n := l.amount(e.rule, src, dst)
		if n == 0 {
			return true
		}
		newSrc, newDst := l.pour(src.code, dst.code, src.height, dst.height, n, src.top)
		e.merge(i, j, newSrc, newDst)
		l.pack(e.child, e.key)
		childOpen := open - l.open(src.code) - l.open(dst.code) + l.open(newSrc) + l.open(newDst)
		return visit(i, j, e.child, e.key, childOpen == 0)
	}
	for i := range codes {
		src := info[i]
		if src.height == 0 || src.finished || (i > 0 && codes[i] == codes[i-1]) {
			continue
		}
		// Empty bottles sort first, so the first empty bottle is bottle 0.
		if codes[0] == 0 && !src.mono && !try(i, 0) {
			return
		}
		for j := int(e.byTop[src.top]); j >= 0; j = int(e.next[j]) {
			if j == i || (j > 0 && codes[j] == codes[j-1] && j-1 != i) {
				continue
			}
			if !try(i, j) {
				return
			}
		}
	}
}

// merge writes into e.child the sorted bottles of e.codes with entries i
// and j replaced by a and b. e.codes is sorted already, so this is a few
// block copies and two binary searches.
func (e *expander) merge(i, j int, a, b uint64) {
	lo, hi := min(i, j), max(i, j)
	c := e.child
	k := copy(c, e.codes[:lo])
	k += copy(c[k:], e.codes[lo+1:hi])
	k += copy(c[k:], e.codes[hi+1:])
	for _, x := range [2]uint64{a, b} {
		at, _ := slices.BinarySearch(c[:k], x)
		copy(c[at+1:k+1], c[at:k])
		c[at] = x
		k++
	}
}

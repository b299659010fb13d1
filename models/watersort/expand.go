package watersort

// expander generates the successors of canonical states. It owns scratch
// buffers, so one expander serves one search at a time.
type expander struct {
	l     *layout
	rule  Rule
	codes []uint64 // the state being expanded, bottles sorted
	info  []bottle
	child []uint64 // a successor, bottles sorted
	key   []uint64 // the successor packed; aliases the space's key (newSpace)
	// solved says whether the successor is solved.
	solved bool
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
		next:  make([]int32, l.bottles),
	}
	for c := range e.byTop {
		e.byTop[c] = -1
	}
	return e
}

// expand calls yield with the move (from bottle i to bottle j of the
// sorted state) and the packed key, which it writes to *next, for each
// successor of the packed canonical state key, until yield returns false.
// While yield runs, e.child holds the successor's bottles (sorted) and
// e.solved says whether it is solved. e.key must alias *next (see
// newSpace): packing there saves a copy per successor. expand is generic
// in the key type, and the pour of one move is a method, so that the
// search's callback is the only indirect call per successor.
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
func expand[K comparable](e *expander, key []uint64, next *K, yield func(sortedMove, K, int) bool) {
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
		return !e.pour(i, j, open) || yield(sortedMove{uint8(i), uint8(j)}, *next, 1)
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

// pour computes the successor of the state being expanded (e.codes, e.info,
// with open bottles neither empty nor finished) by the move from bottle i
// to bottle j into e.child, e.key and e.solved, and reports whether the
// move is legal.
func (e *expander) pour(i, j, open int) bool {
	l := e.l
	src, dst := e.info[i], e.info[j]
	n := l.amount(e.rule, src, dst)
	if n == 0 {
		return false
	}
	newSrc, newDst := l.pour(src.code, dst.code, src.height, dst.height, n, src.top)
	e.merge(i, j, newSrc, newDst)
	l.pack(e.child, e.key)
	e.solved = open-l.open(src.code)-l.open(dst.code)+l.open(newSrc)+l.open(newDst) == 0
	return true
}

// merge writes into e.child the sorted bottles of e.codes with entries i
// and j replaced by a and b. e.codes is sorted already, so one pass that
// slips a and b in before the first larger bottle does it (faster than
// copying the runs between i and j and inserting a and b by binary
// search, at the 4 to 16 bottles of a level).
func (e *expander) merge(i, j int, a, b uint64) {
	in := [2]uint64{min(a, b), max(a, b)}
	c, k, p := e.child[:len(e.codes)], 0, 0
	for x, v := range e.codes {
		if x == i || x == j {
			continue
		}
		for p < len(in) && in[p] <= v {
			c[k] = in[p]
			k, p = k+1, p+1
		}
		c[k] = v
		k++
	}
	for ; p < len(in); p++ {
		c[k] = in[p]
		k++
	}
}

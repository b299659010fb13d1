package watersort

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

// expand calls visit with the bottles (sorted) and the packed key of each
// successor of the packed canonical state key, until visit returns false.
// The slices passed to visit are reused for the next successor.
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
func (e *expander) expand(key []uint64, visit func(child, key []uint64) bool) {
	l := e.l
	l.unpack(key, e.codes)
	for i, c := range e.codes {
		e.info[i] = l.describe(c)
	}
	codes, info := e.codes, e.info
	// Link the bottles with room by top colour, in decreasing index order so
	// that each list runs in increasing order.
	for j := len(codes) - 1; j >= 0; j-- {
		if d := info[j]; d.height > 0 && d.height < l.capacity {
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
		copy(e.child, codes)
		e.child[i], e.child[j] = l.pour(src.code, dst.code, src.height, dst.height, n, src.top)
		insertionSort(e.child)
		l.pack(e.child, e.key)
		return visit(e.child, e.key)
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

// insertionSort sorts a slice that is nearly sorted (two entries out of
// place) in linear time.
func insertionSort(a []uint64) {
	for k := 1; k < len(a); k++ {
		x := a[k]
		m := k
		for ; m > 0 && a[m-1] > x; m-- {
			a[m] = a[m-1]
		}
		a[m] = x
	}
}

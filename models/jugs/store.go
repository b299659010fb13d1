package jugs

import "math/bits"

// StoreKind names the structure that remembers the states a search has seen.
type StoreKind string

// The state stores. Auto lets the search choose: Dense when the packed
// state space is small, Hash when packed states fit 64 bits, Wide otherwise.
const (
	StoreAuto  StoreKind = ""
	StoreDense StoreKind = "dense" // one bit per packed state, for small spaces
	StoreHash  StoreKind = "hash"  // open addressing over 64-bit packed states
	StoreWide  StoreKind = "wide"  // a Go map over byte-string states, for any size
)

// denseMaxBits is the largest state space that StoreAuto keeps as a bitmap:
// 2^24 bits are 2 MiB, zeroed and touched in little time even when few
// states are reachable.
const denseMaxBits = 1 << 24

// A stateStore remembers distinct states and numbers them 0, 1, 2, ... in
// the order they were first added, so a breadth-first search can use the
// numbers as its queue and index parent links by them.
type stateStore interface {
	// add records s and reports whether it was new.
	add(s State) bool
	// load writes the contents of state number id into s.
	load(id int, s State)
	// len returns how many states are recorded.
	len() int
}

// newStore returns the store of the given kind for p's jugs, choosing one
// for StoreAuto. It reports false when the kind cannot represent p's
// states (packing them would overflow 64 bits, or a bitmap would be too
// large).
func newStore(p *Puzzle, kind StoreKind) (stateStore, StoreKind, bool) {
	radix, space, fits := mixedRadix(p.Capacities)
	if kind == StoreAuto {
		switch {
		case fits && space <= denseMaxBits:
			kind = StoreDense
		case fits:
			kind = StoreHash
		default:
			kind = StoreWide
		}
	}
	switch kind {
	case StoreDense:
		if !fits || space > 1<<34 {
			return nil, kind, false
		}
		return &denseStore{packer: packer{radix, p.Capacities}, seen: make([]uint64, (space+63)/64)}, kind, true
	case StoreHash:
		if !fits {
			return nil, kind, false
		}
		return newHashStore(packer{radix, p.Capacities}), kind, true
	case StoreWide:
		return newWideStore(p.Capacities), kind, true
	}
	return nil, kind, false
}

// mixedRadix returns the place value of every jug when a state is packed as
// the number sum(s[i]·radix[i]) with radix[0] = 1 and radix[i+1] =
// radix[i]·(capacity[i]+1), and the number of packed values (the product of
// all capacity+1). fits is false when that product overflows 64 bits.
func mixedRadix(capacities []int) (radix []uint64, space uint64, fits bool) {
	radix = make([]uint64, len(capacities))
	space = 1
	for i, c := range capacities {
		radix[i] = space
		hi, lo := bits.Mul64(space, uint64(c)+1)
		if hi != 0 {
			return nil, 0, false
		}
		space = lo
	}
	return radix, space, true
}

// packer packs states into single 64-bit numbers by mixed radix.
type packer struct {
	radix      []uint64
	capacities []int
}

func (pk packer) pack(s State) uint64 {
	var k uint64
	for i, v := range s {
		k += uint64(v) * pk.radix[i]
	}
	return k
}

func (pk packer) unpack(k uint64, s State) {
	for i, c := range pk.capacities {
		base := uint64(c) + 1
		s[i] = int(k % base)
		k /= base
	}
}

// denseStore marks seen states in a bitmap indexed by packed state.
type denseStore struct {
	packer
	seen []uint64
	keys []uint64 // packed states by number
}

func (d *denseStore) add(s State) bool {
	k := d.pack(s)
	w, bit := k/64, uint64(1)<<(k%64)
	if d.seen[w]&bit != 0 {
		return false
	}
	d.seen[w] |= bit
	d.keys = append(d.keys, k)
	return true
}

func (d *denseStore) load(id int, s State) { d.unpack(d.keys[id], s) }
func (d *denseStore) len() int             { return len(d.keys) }

// hashStore is an open-addressing hash set with linear probing over packed
// states. A slot holds packed state + 1, so 0 marks an empty slot; packed
// states are below the size of the state space, which fits 64 bits, so the
// + 1 never wraps. The table is kept at most half full.
type hashStore struct {
	packer
	slots []uint64
	shift uint // 64 - log2(len(slots))
	keys  []uint64
}

func newHashStore(pk packer) *hashStore {
	const initialBits = 10
	return &hashStore{packer: pk, slots: make([]uint64, 1<<initialBits), shift: 64 - initialBits}
}

// home returns the first slot to probe for packed state k: Fibonacci
// hashing, the top bits of k times 2^64/φ.
func (h *hashStore) home(k uint64) uint64 { return (k * 0x9e3779b97f4a7c15) >> h.shift }

func (h *hashStore) add(s State) bool {
	k := h.pack(s)
	mask := uint64(len(h.slots) - 1)
	for i := h.home(k); ; i = (i + 1) & mask {
		switch h.slots[i] {
		case 0:
			h.slots[i] = k + 1
			h.keys = append(h.keys, k)
			if 2*len(h.keys) > len(h.slots) {
				h.grow()
			}
			return true
		case k + 1:
			return false
		}
	}
}

// grow doubles the table and reinserts every state.
func (h *hashStore) grow() {
	h.slots = make([]uint64, 2*len(h.slots))
	h.shift--
	mask := uint64(len(h.slots) - 1)
	for _, k := range h.keys {
		i := h.home(k)
		for h.slots[i] != 0 {
			i = (i + 1) & mask
		}
		h.slots[i] = k + 1
	}
}

func (h *hashStore) load(id int, s State) { h.unpack(h.keys[id], s) }
func (h *hashStore) len() int             { return len(h.keys) }

// wideStore keeps states of any size as byte strings in a Go map: every
// jug's amount in a fixed number of little-endian bytes, enough for its
// capacity.
type wideStore struct {
	widths []int // bytes per jug
	buf    []byte
	ids    map[string]struct{}
	keys   []string
}

func newWideStore(capacities []int) *wideStore {
	w := &wideStore{widths: make([]int, len(capacities)), ids: make(map[string]struct{})}
	size := 0
	for i, c := range capacities {
		w.widths[i] = (bits.Len64(uint64(c)) + 7) / 8
		size += w.widths[i]
	}
	w.buf = make([]byte, size)
	return w
}

func (w *wideStore) add(s State) bool {
	at := 0
	for i, v := range s {
		for range w.widths[i] {
			w.buf[at] = byte(v)
			v >>= 8
			at++
		}
	}
	if _, ok := w.ids[string(w.buf)]; ok { // the lookup does not allocate
		return false
	}
	k := string(w.buf)
	w.ids[k] = struct{}{}
	w.keys = append(w.keys, k)
	return true
}

func (w *wideStore) load(id int, s State) {
	k, at := w.keys[id], 0
	for i := range s {
		v := 0
		for b := range w.widths[i] {
			v |= int(k[at]) << (8 * b)
			at++
		}
		s[i] = v
	}
}

func (w *wideStore) len() int { return len(w.keys) }

package statespace

import (
	"fmt"
	"hash/maphash"
	"math/bits"
	"reflect"
	"unsafe"
)

// A keyStore remembers distinct keys and numbers them 0, 1, 2, ... in the
// order they were first added, so that a search can use the numbers as
// its queue and index per-state data (parent links, actions, costs) by
// them.
type keyStore[K comparable] interface {
	// add records k and returns its number and whether it was new.
	add(k K) (id uint32, added bool)
	// find returns the number of k and whether it is recorded.
	find(k K) (id uint32, ok bool)
	// key returns the key numbered id.
	key(id uint32) K
	// len returns how many keys are recorded.
	len() int
	// bytes estimates the memory the store holds.
	bytes() int64
}

// maxStored is the most states a search stores: numbers are uint32, and
// one value is kept free as a marker.
const maxStored = 1<<32 - 2

// newStore returns the store opts ask for, for the keys of sp.
func newStore[K comparable, A any](sp Space[K, A], opts Options) (keyStore[K], error) {
	ix, indexed := sp.(Indexer[K])
	limit := opts.DenseBits
	if limit == 0 {
		limit = DefaultDenseBits
	}
	switch opts.Store {
	case StoreAuto:
		if indexed && ix.Size() <= limit {
			return newDenseStore(ix), nil
		}
	case StoreDense:
		if !indexed {
			return nil, fmt.Errorf("statespace: the dense store needs a space that implements Indexer; %T does not", sp)
		}
		if ix.Size() > 1<<40 {
			return nil, fmt.Errorf("statespace: a bitmap of %d bits is too large for the dense store", ix.Size())
		}
		return newDenseStore(ix), nil
	case StoreHash:
	default:
		return nil, fmt.Errorf("statespace: unknown store %v", opts.Store)
	}
	hash := hasherOf(sp)
	if unsafe.Sizeof(*new(K)) <= 16 {
		return newInlineStore(hash), nil
	}
	return newTaggedStore(hash), nil
}

// arena holds keys in order of insertion, in chunks of fixed size so that
// growing never copies it.
type arena[K comparable] struct {
	chunks [][]K
	n      int
}

const chunkBits = 12

func (a *arena[K]) push(k K) uint32 {
	if a.n&(1<<chunkBits-1) == 0 {
		a.chunks = append(a.chunks, make([]K, 0, 1<<chunkBits))
	}
	last := len(a.chunks) - 1
	a.chunks[last] = append(a.chunks[last], k)
	a.n++
	return uint32(a.n - 1)
}

func (a *arena[K]) at(id uint32) K { return a.chunks[id>>chunkBits][id&(1<<chunkBits-1)] }

func (a *arena[K]) bytes() int64 {
	return int64(len(a.chunks)) << chunkBits * int64(unsafe.Sizeof(*new(K)))
}

// inlineStore is an open-addressing hash table with linear probing whose
// slots hold small keys themselves, so that finding a key already seen
// (the common case in a search) reads one slot. It is kept at most half
// full.
type inlineStore[K comparable] struct {
	hash  func(K) uint64
	slots []inlineSlot[K]
	shift uint // 64 - log2(len(slots)): the hash's top bits pick the slot
	keys  arena[K]
}

type inlineSlot[K comparable] struct {
	key K
	id  uint32 // number + 1; 0 marks a free slot
}

const initialTableBits = 10

func newInlineStore[K comparable](hash func(K) uint64) *inlineStore[K] {
	return &inlineStore[K]{hash: hash, slots: make([]inlineSlot[K], 1<<initialTableBits), shift: 64 - initialTableBits}
}

func (s *inlineStore[K]) add(k K) (uint32, bool) {
	mask := uint64(len(s.slots) - 1)
	for i := s.hash(k) >> s.shift; ; i = (i + 1) & mask {
		sl := &s.slots[i]
		if sl.id == 0 {
			id := s.keys.push(k)
			sl.key, sl.id = k, id+1
			if 2*s.keys.n > len(s.slots) {
				s.grow()
			}
			return id, true
		}
		if sl.key == k {
			return sl.id - 1, false
		}
	}
}

func (s *inlineStore[K]) find(k K) (uint32, bool) {
	mask := uint64(len(s.slots) - 1)
	for i := s.hash(k) >> s.shift; ; i = (i + 1) & mask {
		sl := &s.slots[i]
		if sl.id == 0 {
			return 0, false
		}
		if sl.key == k {
			return sl.id - 1, true
		}
	}
}

func (s *inlineStore[K]) grow() {
	old := s.slots
	s.slots = make([]inlineSlot[K], 2*len(old))
	s.shift--
	mask := uint64(len(s.slots) - 1)
	for _, sl := range old {
		if sl.id == 0 {
			continue
		}
		i := s.hash(sl.key) >> s.shift
		for s.slots[i].id != 0 {
			i = (i + 1) & mask
		}
		s.slots[i] = sl
	}
}

func (s *inlineStore[K]) key(id uint32) K { return s.keys.at(id) }
func (s *inlineStore[K]) len() int        { return s.keys.n }
func (s *inlineStore[K]) bytes() int64 {
	return s.keys.bytes() + int64(len(s.slots))*int64(unsafe.Sizeof(inlineSlot[K]{}))
}

// taggedStore is an open-addressing hash table with linear probing for
// large keys, which it keeps once, in the arena. A slot holds the key's
// number plus one in its low 32 bits (0 marks a free slot) and the high 32
// bits of its hash in the high bits, so most probes that miss are rejected
// without reading the arena. It is kept at most three quarters full.
type taggedStore[K comparable] struct {
	hash  func(K) uint64
	table []uint64
	shift uint
	keys  arena[K]
}

func newTaggedStore[K comparable](hash func(K) uint64) *taggedStore[K] {
	return &taggedStore[K]{hash: hash, table: make([]uint64, 1<<initialTableBits), shift: 64 - initialTableBits}
}

func (s *taggedStore[K]) add(k K) (uint32, bool) {
	if 4*(s.keys.n+1) > 3*len(s.table) {
		s.grow()
	}
	h := s.hash(k)
	tag := h &^ (1<<32 - 1)
	mask := uint64(len(s.table) - 1)
	for i := h >> s.shift; ; i = (i + 1) & mask {
		e := s.table[i]
		if e == 0 {
			id := s.keys.push(k)
			s.table[i] = tag | uint64(id+1)
			return id, true
		}
		if e&^(1<<32-1) == tag {
			if id := uint32(e) - 1; s.keys.at(id) == k {
				return id, false
			}
		}
	}
}

func (s *taggedStore[K]) find(k K) (uint32, bool) {
	h := s.hash(k)
	tag := h &^ (1<<32 - 1)
	mask := uint64(len(s.table) - 1)
	for i := h >> s.shift; ; i = (i + 1) & mask {
		e := s.table[i]
		if e == 0 {
			return 0, false
		}
		if e&^(1<<32-1) == tag {
			if id := uint32(e) - 1; s.keys.at(id) == k {
				return id, true
			}
		}
	}
}

// grow doubles the table. A slot's tag holds the high 32 bits of the
// key's hash and the slot is chosen by the hash's top bits, fewer than 32
// of them while the table has at most 2^32 slots, so entries move without
// rehashing or reading the arena.
func (s *taggedStore[K]) grow() {
	if s.shift <= 32 {
		panic("statespace: hash table past 2^32 slots")
	}
	old := s.table
	s.table = make([]uint64, 2*len(old))
	s.shift--
	mask := uint64(len(s.table) - 1)
	for _, e := range old {
		if e == 0 {
			continue
		}
		i := e >> s.shift
		for s.table[i] != 0 {
			i = (i + 1) & mask
		}
		s.table[i] = e
	}
}

func (s *taggedStore[K]) key(id uint32) K { return s.keys.at(id) }
func (s *taggedStore[K]) len() int        { return s.keys.n }
func (s *taggedStore[K]) bytes() int64    { return s.keys.bytes() + int64(len(s.table))*8 }

// denseStore marks seen keys in a bitmap indexed by Indexer.Index.
type denseStore[K comparable] struct {
	ix   Indexer[K]
	seen []uint64
	keys arena[K]
}

func newDenseStore[K comparable](ix Indexer[K]) *denseStore[K] {
	return &denseStore[K]{ix: ix, seen: make([]uint64, (ix.Size()+63)/64)}
}

// add records k. Only the first time a key is added is its number
// needed (by BFS); a key seen before gets the marker maxStored+1, which
// is no number, and searches that need numbers of old keys (the
// best-first ones) use the hash store.
func (s *denseStore[K]) add(k K) (uint32, bool) {
	x := s.ix.Index(k)
	w, bit := x/64, uint64(1)<<(x%64)
	if s.seen[w]&bit != 0 {
		return maxStored + 1, false
	}
	s.seen[w] |= bit
	return s.keys.push(k), true
}

// find reports whether k was seen; its number is not kept (see add).
func (s *denseStore[K]) find(k K) (uint32, bool) {
	x := s.ix.Index(k)
	return maxStored + 1, s.seen[x/64]&(1<<(x%64)) != 0
}

func (s *denseStore[K]) key(id uint32) K { return s.keys.at(id) }
func (s *denseStore[K]) len() int        { return s.keys.n }
func (s *denseStore[K]) bytes() int64    { return s.keys.bytes() + int64(len(s.seen))*8 }

// hasherOf returns a hash function for the keys of sp: its own Hash when
// it has one, a multiplicative hash for integer keys and arrays of 64-bit
// integers, and hash/maphash for the others.
func hasherOf[K comparable, A any](sp Space[K, A]) func(K) uint64 {
	if h, ok := sp.(Hasher[K]); ok {
		return h.Hash
	}
	t := reflect.TypeFor[K]()
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		switch t.Size() {
		case 8:
			return func(k K) uint64 { return mix64(*(*uint64)(unsafe.Pointer(&k))) }
		case 4:
			return func(k K) uint64 { return mix64(uint64(*(*uint32)(unsafe.Pointer(&k)))) }
		case 2:
			return func(k K) uint64 { return mix64(uint64(*(*uint16)(unsafe.Pointer(&k)))) }
		case 1:
			return func(k K) uint64 { return mix64(uint64(*(*uint8)(unsafe.Pointer(&k)))) }
		}
	case reflect.Array:
		switch t.Elem().Kind() {
		case reflect.Int64, reflect.Uint64:
			n := t.Len()
			return func(k K) uint64 { return mixWords(unsafe.Slice((*uint64)(unsafe.Pointer(&k)), n)) }
		}
	case reflect.String:
		seed := maphash.MakeSeed()
		return func(k K) uint64 { return maphash.String(seed, *(*string)(unsafe.Pointer(&k))) }
	}
	seed := maphash.MakeSeed()
	return func(k K) uint64 { return maphash.Comparable(seed, k) }
}

// mix64 is Fibonacci hashing: the product's top bits depend on every bit
// of x, and the tables index by top bits.
func mix64(x uint64) uint64 { return x * 0x9e3779b97f4a7c15 }

// mixWords hashes several words, each folded in by a 128-bit product.
func mixWords(ws []uint64) uint64 {
	h := uint64(len(ws)) * 0x9e3779b97f4a7c15
	for _, w := range ws {
		hi, lo := bits.Mul64(h^w, 0xbf58476d1ce4e5b9)
		h = hi ^ lo
	}
	hi, lo := bits.Mul64(h, 0x94d049bb133111eb)
	return hi ^ lo
}

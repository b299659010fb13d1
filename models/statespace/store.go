package statespace

import (
	"fmt"
	"hash/maphash"
	"math"
	"math/bits"
	"reflect"
	"unsafe"
)

// keyStore remembers distinct keys and numbers them 0, 1, 2, ... in the
// order they were first added, so that a search can use the numbers as
// its queue and index per-state data (parent links, actions, costs) by
// them. It is one concrete type whose mode picks the structure, so that
// the searches call it directly: an interface here would cost an indirect
// call and a generic wrapper per generated state.
//
//   - inline: an open-addressing hash table with linear probing whose
//     slots hold small keys themselves (with the high half of their hash),
//     so that finding a key already seen, the common case, reads one slot;
//   - tagged: the same for large keys, which live once, in the arena: a
//     slot holds the key's number and the high half of its hash, so that
//     most probes that miss are rejected without reading the arena;
//   - set: for searches that need the number of a key only when they
//     add it (breadth first), an open-addressing table of the keys
//     themselves, for keys of at most 8 bytes: a slot is one key, the zero
//     key marks a free slot (and is remembered apart), and the table is
//     kept at most half full, so that a probe reads one word and most end
//     at the first slot;
//   - dense: a bitmap indexed by Indexer.Index.
//
// The inline and tagged tables are kept at most three quarters full, and
// grow without rehashing: the slot of a key is taken from the top bits of
// its hash, fewer than 32 while the table has at most 2^32 slots, and
// those are in the stored high half. The set rehashes its keys when it
// grows, which for keys of one word is a multiplication.
type keyStore[K comparable] struct {
	mode  storeMode
	hashK hashKind
	words int            // for hashKind hashWords
	hash  func(K) uint64 // for hashKind hashFunc
	keys  arena[K]
	// growAt is the number of keys at which the next add grows the table
	// (the hash tables are kept at most three quarters full).
	growAt int
	// inline
	slots []inlineSlot[K]
	// set
	set     []K
	hasZero bool // the zero key is recorded (it cannot be in set)
	// tagged
	table []uint64
	shift uint // 64 - log2(table size)
	// dense
	ix   Indexer[K]
	seen []uint64
}

type storeMode uint8

const (
	modeInline storeMode = iota
	modeTagged
	modeSet
	modeDense
)

// hashKind says how keys are hashed: the common kinds inline, the others
// by a function.
type hashKind uint8

const (
	hashFunc   hashKind = iota
	hashWord            // a 64-bit integer
	hashWord32          // a 32-bit integer
	hashWords           // an array of 64-bit integers (keyStore.words of them)
)

type inlineSlot[K comparable] struct {
	key K
	id  uint32 // number + 1; 0 marks a free slot
	hi  uint32 // the high half of the key's hash
}

// maxStored is the most states a search stores: numbers are uint32, and
// one value is kept free as a marker.
const maxStored = 1<<32 - 2

// noID is the number add returns for a key seen before in the dense store
// and the set, which keep no numbers for such keys, and find for a key of
// the dense store.
const noID = maxStored + 1

const initialTableBits = 6

// numbering says which numbers a search asks the store for.
type numbering uint8

const (
	// numberAll: add and find return the number of every key recorded.
	numberAll numbering = iota
	// numberNew: add returns the number of a key it records, and noID
	// for a key seen before; find is not used.
	numberNew
)

// initStore makes s the store opts ask for, for the keys of sp, that
// gives the numbers want asks for. (It fills in a store rather than
// returning one, so that the store lives inside the search's tree.)
func initStore[K comparable, A any](s *keyStore[K], sp Space[K, A], opts Options, want numbering) error {
	ix, indexed := sp.(Indexer[K])
	limit := opts.DenseBits
	if limit == 0 {
		limit = DefaultDenseBits
	}
	switch opts.Store {
	case StoreAuto:
		if indexed && ix.Size() <= limit {
			*s = keyStore[K]{mode: modeDense, ix: ix, seen: make([]uint64, (ix.Size()+63)/64)}
			return nil
		}
	case StoreDense:
		if !indexed {
			return fmt.Errorf("statespace: the dense store needs a space that implements Indexer; %T does not", sp)
		}
		if ix.Size() > 1<<40 {
			return fmt.Errorf("statespace: a bitmap of %d bits is too large for the dense store", ix.Size())
		}
		*s = keyStore[K]{mode: modeDense, ix: ix, seen: make([]uint64, (ix.Size()+63)/64)}
		return nil
	case StoreHash:
	default:
		return fmt.Errorf("statespace: unknown store %v", opts.Store)
	}
	*s = keyStore[K]{shift: 64 - initialTableBits}
	s.hashK, s.hash = hasherOf(sp)
	if t := reflect.TypeFor[K](); s.hashK == hashFunc && s.hash == nil {
		s.hashK, s.words = hashWords, t.Len()
	}
	s.growAt = tableLoad(1 << initialTableBits)
	switch size := unsafe.Sizeof(*new(K)); {
	case want == numberNew && size <= 8:
		s.mode = modeSet
		s.growAt = setLoad(1 << initialTableBits)
		s.set = make([]K, 1<<initialTableBits)
	case size <= 16:
		s.mode = modeInline
		s.slots = make([]inlineSlot[K], 1<<initialTableBits)
	default:
		s.mode = modeTagged
		s.table = make([]uint64, 1<<initialTableBits)
	}
	return nil
}

// hashOf hashes k.
func (s *keyStore[K]) hashOf(k K) uint64 {
	switch s.hashK {
	case hashWord:
		return mix64(*(*uint64)(unsafe.Pointer(&k)))
	case hashWord32:
		return mix64(uint64(*(*uint32)(unsafe.Pointer(&k))))
	case hashWords:
		return mixWords(unsafe.Slice((*uint64)(unsafe.Pointer(&k)), s.words))
	}
	return s.hash(k)
}

// add records k and returns its number and whether it was new. For a key
// of the dense store seen before the number is noID.
func (s *keyStore[K]) add(k K) (uint32, bool) {
	if s.mode == modeDense {
		x := s.ix.Index(k)
		w, bit := x/64, uint64(1)<<(x%64)
		if s.seen[w]&bit != 0 {
			return noID, false
		}
		s.seen[w] |= bit
		return s.keys.push(k), true
	}
	if s.keys.n >= s.growAt {
		s.grow()
	}
	var h uint64
	switch s.hashK { // the common kinds inline: add runs once per successor
	case hashWord:
		h = mix64(*(*uint64)(unsafe.Pointer(&k)))
	case hashWords:
		h = mixWords(unsafe.Slice((*uint64)(unsafe.Pointer(&k)), s.words))
	default:
		h = s.hashOf(k)
	}
	switch s.mode {
	case modeSet:
		var zero K
		if k == zero {
			if s.hasZero {
				return noID, false
			}
			s.hasZero = true
			return s.keys.push(k), true
		}
		mask := uint64(len(s.set) - 1)
		for i := h >> s.shift; ; i = (i + 1) & mask {
			switch s.set[i] {
			case zero:
				s.set[i] = k
				return s.keys.push(k), true
			case k:
				return noID, false
			}
		}
	case modeInline:
		hi := uint32(h >> 32)
		mask := uint64(len(s.slots) - 1)
		for i := h >> s.shift; ; i = (i + 1) & mask {
			sl := &s.slots[i]
			if sl.id == 0 {
				id := s.keys.push(k)
				*sl = inlineSlot[K]{key: k, id: id + 1, hi: hi}
				return id, true
			}
			if sl.hi == hi && sl.key == k {
				return sl.id - 1, false
			}
		}
	}
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

// find returns the number of k and whether it is recorded (noID for the
// dense store and the set).
func (s *keyStore[K]) find(k K) (uint32, bool) {
	switch s.mode {
	case modeInline:
		h := s.hashOf(k)
		hi := uint32(h >> 32)
		mask := uint64(len(s.slots) - 1)
		for i := h >> s.shift; ; i = (i + 1) & mask {
			sl := &s.slots[i]
			if sl.id == 0 {
				return 0, false
			}
			if sl.hi == hi && sl.key == k {
				return sl.id - 1, true
			}
		}
	case modeTagged:
		h := s.hashOf(k)
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
	case modeSet:
		var zero K
		if k == zero {
			return noID, s.hasZero
		}
		h := s.hashOf(k)
		mask := uint64(len(s.set) - 1)
		for i := h >> s.shift; ; i = (i + 1) & mask {
			switch s.set[i] {
			case zero:
				return noID, false
			case k:
				return noID, true
			}
		}
	}
	x := s.ix.Index(k)
	return noID, s.seen[x/64]&(1<<(x%64)) != 0
}

// grow doubles the hash table.
func (s *keyStore[K]) grow() {
	if s.shift <= 32 {
		panic("statespace: hash table past 2^32 slots")
	}
	s.shift--
	switch s.mode {
	case modeSet:
		s.growSet()
	case modeInline:
		s.growInline()
	default:
		s.growTagged()
	}
}

// growSet doubles the set and puts the keys back from the arena, each
// hashed again: the arena holds them packed, and in the order they came.
func (s *keyStore[K]) growSet() {
	s.set = make([]K, 2*len(s.set))
	s.growAt = setLoad(len(s.set))
	mask := uint64(len(s.set) - 1)
	var zero K
	for _, chunk := range s.keys.chunks {
		for _, k := range chunk {
			if k == zero {
				continue // kept apart
			}
			i := s.hashOf(k) >> s.shift
			for s.set[i] != zero {
				i = (i + 1) & mask
			}
			s.set[i] = k
		}
	}
}

func (s *keyStore[K]) growInline() {
	old := s.slots
	s.slots = make([]inlineSlot[K], 2*len(old))
	s.growAt = tableLoad(len(s.slots))
	mask := uint64(len(s.slots) - 1)
	for _, sl := range old {
		if sl.id == 0 {
			continue
		}
		i := uint64(sl.hi) << 32 >> s.shift
		for s.slots[i].id != 0 {
			i = (i + 1) & mask
		}
		s.slots[i] = sl
	}
}

func (s *keyStore[K]) growTagged() {
	old := s.table
	s.table = make([]uint64, 2*len(old))
	s.growAt = tableLoad(len(s.table))
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

// tableLoad returns the most keys an inline or tagged table of size slots
// holds: a key more grows it.
func tableLoad(size int) int { return 3 * size / 4 }

// setLoad is tableLoad for the set, which is kept at most half full (the
// zero key, kept apart, counts too, so the set grows a key early).
func setLoad(size int) int { return size / 2 }

// nextGrowth returns the number of keys at which adding one more grows
// the hash table, and the bytes the new table takes; the dense store never
// grows (math.MaxInt, 0).
func (s *keyStore[K]) nextGrowth() (int, int64) {
	switch s.mode {
	case modeInline:
		return s.growAt, 2 * int64(len(s.slots)) * int64(unsafe.Sizeof(inlineSlot[K]{}))
	case modeTagged:
		return s.growAt, 2 * int64(len(s.table)) * 8
	case modeSet:
		return s.growAt, 2 * int64(len(s.set)) * int64(unsafe.Sizeof(*new(K)))
	}
	return math.MaxInt, 0
}

// key returns the key numbered id.
func (s *keyStore[K]) key(id uint32) K { return s.keys.at(id) }

// len returns how many keys are recorded.
func (s *keyStore[K]) len() int { return s.keys.n }

// bytes estimates the memory the store holds.
func (s *keyStore[K]) bytes() int64 {
	return s.keys.bytes() + int64(len(s.slots))*int64(unsafe.Sizeof(inlineSlot[K]{})) +
		int64(len(s.set))*int64(unsafe.Sizeof(*new(K))) + int64(len(s.table))*8 + int64(len(s.seen))*8
}

// arena holds keys in order of insertion, in chunks of fixed size so that
// growing never copies it.
type arena[K comparable] struct {
	chunks [][]K
	n      int
}

const chunkBits = 12

// firstChunkMax is the most keys the first chunk holds before it takes
// its full size.
const firstChunkMax = 256

func (a *arena[K]) push(k K) uint32 {
	switch {
	case a.n&(1<<chunkBits-1) == 0:
		// The first chunk starts small and doubles by append, so that a
		// search of a few states does not allocate and clear a whole
		// chunk; the others are full-sized from the start.
		size := 1 << chunkBits
		if a.n == 0 {
			size = 16
		}
		a.chunks = append(a.chunks, make([]K, 0, size))
	case a.n == firstChunkMax:
		// Past a few hundred keys, the first chunk becomes a full-sized
		// one at once rather than doubling its way up to it.
		a.chunks[0] = append(make([]K, 0, 1<<chunkBits), a.chunks[0]...)
	}
	last := len(a.chunks) - 1
	a.chunks[last] = append(a.chunks[last], k)
	a.n++
	return uint32(a.n - 1)
}

func (a *arena[K]) at(id uint32) K { return a.chunks[id>>chunkBits][id&(1<<chunkBits-1)] }

// growth returns the bytes of the chunks that n more keys would add.
func (a *arena[K]) growth(n int) int64 {
	chunks := (a.n+n+1<<chunkBits-1)>>chunkBits - len(a.chunks)
	return int64(max(chunks, 0)) << chunkBits * int64(unsafe.Sizeof(*new(K)))
}

func (a *arena[K]) bytes() int64 {
	if len(a.chunks) == 0 {
		return 0
	}
	return (int64(len(a.chunks)-1)<<chunkBits + int64(cap(a.chunks[0]))) * int64(unsafe.Sizeof(*new(K)))
}

// hasherOf returns how to hash the keys of sp: with its own Hash when
// it has one, inline for 64- and 32-bit integers, by a multiplicative hash
// for other integers and arrays of 64-bit integers (these inline too: the
// function is nil, and the store hashes them as hashWords), and with
// hash/maphash for the others.
func hasherOf[K comparable, A any](sp Space[K, A]) (hashKind, func(K) uint64) {
	if h, ok := sp.(Hasher[K]); ok {
		return hashFunc, h.Hash
	}
	t := reflect.TypeFor[K]()
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		switch t.Size() {
		case 8:
			return hashWord, nil
		case 4:
			return hashWord32, nil
		case 2:
			return hashFunc, func(k K) uint64 { return mix64(uint64(*(*uint16)(unsafe.Pointer(&k)))) }
		case 1:
			return hashFunc, func(k K) uint64 { return mix64(uint64(*(*uint8)(unsafe.Pointer(&k)))) }
		}
	case reflect.Array:
		switch t.Elem().Kind() {
		case reflect.Int64, reflect.Uint64:
			return hashFunc, nil // hashWords, inline in the store
		}
	case reflect.String:
		seed := maphash.MakeSeed()
		return hashFunc, func(k K) uint64 { return maphash.String(seed, *(*string)(unsafe.Pointer(&k))) }
	}
	seed := maphash.MakeSeed()
	return hashFunc, func(k K) uint64 { return maphash.Comparable(seed, k) }
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

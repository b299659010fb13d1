package watersort

import (
	"math/bits"
	"slices"
)

// stateSet stores packed states of a fixed number of words in an arena of
// fixed-size chunks (so growing never copies it) and finds them again through an open-addressing hash table with linear
// probing. A state is named by its index in the arena, in order of
// insertion, so the arena doubles as the breadth-first queue and parallel
// slices indexed the same way hold per-state data (parent, depth).
//
// Each table slot holds the state's index plus one in its low 32 bits (0
// marks a free slot) and the high 32 bits of its hash in the high bits, so
// most probes that miss are rejected without touching the arena.
type stateSet struct {
	words int
	arena [][]uint64 // chunks of 1<<chunkBits states
	table []uint64
	shift uint // 64 - log2(len(table)): the hash's top bits pick the slot
	n     int
}

const (
	minTableBits = 10
	chunkBits    = 12
)

func newStateSet(words int) *stateSet {
	return &stateSet{
		words: words,
		table: make([]uint64, 1<<minTableBits),
		shift: 64 - minTableBits,
	}
}

// len returns the number of states stored.
func (s *stateSet) len() int { return s.n }

// at returns the words of state i; the slice aliases the arena.
func (s *stateSet) at(i uint32) []uint64 {
	chunk := s.arena[i>>chunkBits]
	off := int(i&(1<<chunkBits-1)) * s.words
	return chunk[off : off+s.words : off+s.words]
}

func hashKey(key []uint64) uint64 {
	h := uint64(len(key)) * 0x9e3779b97f4a7c15
	for _, w := range key {
		hi, lo := bits.Mul64(h^w, 0xbf58476d1ce4e5b9)
		h = hi ^ lo
	}
	hi, lo := bits.Mul64(h, 0x94d049bb133111eb)
	return hi ^ lo
}

// insert adds key unless it is there already and returns its index and
// whether it was added. key is copied.
func (s *stateSet) insert(key []uint64) (uint32, bool) {
	if 4*(s.n+1) > 3*len(s.table) {
		s.grow()
	}
	h := hashKey(key)
	tag := h &^ (1<<32 - 1)
	mask := uint64(len(s.table) - 1)
	for slot := h >> s.shift; ; slot = (slot + 1) & mask {
		e := s.table[slot]
		if e == 0 {
			idx := uint32(s.n)
			s.table[slot] = tag | uint64(idx+1)
			if s.n&(1<<chunkBits-1) == 0 {
				s.arena = append(s.arena, make([]uint64, 0, s.words<<chunkBits))
			}
			last := len(s.arena) - 1
			s.arena[last] = append(s.arena[last], key...)
			s.n++
			return idx, true
		}
		if e&^(1<<32-1) == tag {
			idx := uint32(e) - 1
			if slices.Equal(s.at(idx), key) {
				return idx, false
			}
		}
	}
}

// grow doubles the table. A slot's tag holds the high 32 bits of the
// state's hash and the slot index is taken from the hash's top bits, fewer
// than 32 of them while the table has at most 1<<32 slots, so entries move
// to the new table without rehashing or touching the arena.
func (s *stateSet) grow() {
	if s.shift <= 32 {
		panic("watersort: state table past 1<<32 slots")
	}
	old := s.table
	s.table = make([]uint64, 2*len(old))
	s.shift--
	mask := uint64(len(s.table) - 1)
	for _, e := range old {
		if e == 0 {
			continue
		}
		slot := e >> s.shift
		for s.table[slot] != 0 {
			slot = (slot + 1) & mask
		}
		s.table[slot] = e
	}
}

// bytes estimates the memory the set holds.
func (s *stateSet) bytes() int64 {
	return int64(len(s.arena)*s.words<<chunkBits+len(s.table)) * 8
}

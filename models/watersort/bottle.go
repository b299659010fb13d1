package watersort

import (
	"math/bits"
	"slices"
)

// A bottle code packs one bottle into a uint64: unit k, counted from the
// bottom, sits in bits [k*width, (k+1)*width) as its colour id plus one, and
// 0 marks free space. Free space is always above the units, so the code of
// an empty bottle is 0 and the height is read off the highest set bit.
// Comparing codes as integers orders bottles by content, which is all the
// canonical (sorted) state needs.

// layout holds the packing parameters of one puzzle.
type layout struct {
	capacity int
	width    uint   // bits per unit
	unitMask uint64 // width low bits set
	// ones[n] has the low bit of each of the n lowest units set, so c*ones[n]
	// is a run of n units of colour code c from the bottom.
	ones    [MaxCapacity + 1]uint64
	bottles int // bottles per state
	words   int // uint64 words per packed state
	colours int
	// units[n] is the number of units whose bits span the n lowest bits,
	// (n + width - 1) / width, read from a table because integer division
	// is slow on the hot path.
	units [65]uint8
}

func newLayout(p *Puzzle) *layout {
	k := p.NumColors()
	l := &layout{capacity: p.Capacity, width: uint(bits.Len(uint(k))), bottles: len(p.Bottles), colours: k}
	l.width = max(l.width, 1)
	l.unitMask = 1<<l.width - 1
	for n := 1; n <= p.Capacity; n++ {
		l.ones[n] = l.ones[n-1] | 1<<(uint(n-1)*l.width)
	}
	l.words = (l.bottles*p.Capacity*int(l.width) + 63) / 64
	for n := range l.units {
		l.units[n] = uint8((n + int(l.width) - 1) / int(l.width))
	}
	return l
}

// encode packs a bottle given bottom to top as colour ids from 0.
func (l *layout) encode(units []int) uint64 {
	var code uint64
	for k, c := range units {
		code |= uint64(c+1) << (uint(k) * l.width)
	}
	return code
}

// decode returns the colour ids of a bottle code, bottom to top.
func (l *layout) decode(code uint64) []int {
	units := make([]int, 0, l.capacity)
	for ; code != 0; code >>= l.width {
		units = append(units, int(code&l.unitMask)-1)
	}
	return units
}

// bottle describes one bottle code for move generation, in 16 bytes.
type bottle struct {
	code     uint64
	top      uint8 // colour code of the top unit, 0 when empty
	height   uint8
	run      uint8 // length of the top run
	mono     bool  // not empty, and all units have one colour
	finished bool  // full of one colour
}

func (l *layout) describe(code uint64) bottle {
	h := l.units[bits.Len64(code)]
	if h == 0 {
		return bottle{}
	}
	top := code >> (uint(h-1) * l.width) & l.unitMask
	run := h - l.units[bits.Len64(code^top*l.ones[h])] // diff is 0 on the top run
	return bottle{code: code, top: uint8(top), height: h, run: run, mono: run == h, finished: int(run) == l.capacity}
}

// open returns 1 for a bottle that is neither empty nor full of one
// colour, and 0 otherwise.
func (l *layout) open(code uint64) int {
	if code == 0 || code == (code&l.unitMask)*l.ones[l.capacity] {
		return 0
	}
	return 1
}

// pour moves amount units of colour code top from src onto dst, whose
// heights are hs and hd, and returns the new codes.
func (l *layout) pour(src, dst uint64, hs, hd uint8, amount int, top uint8) (uint64, uint64) {
	src &= 1<<(uint(int(hs)-amount)*l.width) - 1
	dst |= uint64(top) * l.ones[amount] << (uint(hd) * l.width)
	return src, dst
}

// amount returns how many units a pour from s to d moves under rule, or 0
// when the move is illegal.
func (l *layout) amount(rule Rule, s, d bottle) int {
	if s.height == 0 || int(d.height) == l.capacity || (d.height > 0 && d.top != s.top) {
		return 0
	}
	room := l.capacity - int(d.height)
	if int(s.run) <= room {
		return int(s.run)
	}
	if rule == Whole {
		return 0
	}
	return room
}

// solved reports whether every bottle is empty or full of one colour.
func (l *layout) solved(codes []uint64) bool {
	for _, c := range codes {
		if l.open(c) != 0 {
			return false
		}
	}
	return true
}

// pack writes the bottle codes, in order, densely into key, which has
// l.words words.
func (l *layout) pack(codes []uint64, key []uint64) {
	clear(key)
	w := uint(l.capacity) * l.width
	for k, c := range codes {
		pos := uint(k) * w
		word, off := pos/64, pos%64
		key[word] |= c << off
		if off+w > 64 {
			key[word+1] |= c >> (64 - off)
		}
	}
}

// unpack is the inverse of pack.
func (l *layout) unpack(key []uint64, codes []uint64) {
	w := uint(l.capacity) * l.width
	var mask uint64 = 1<<w - 1 // all ones when w is 64: Go shifts past the width give 0
	for k := range codes {
		pos := uint(k) * w
		word, off := pos/64, pos%64
		c := key[word] >> off
		if off+w > 64 {
			c |= key[word+1] << (64 - off)
		}
		codes[k] = c & mask
	}
}

// canonical sorts a copy of codes into scratch and packs it into key: two
// states that differ only in bottle order get the same key.
func (l *layout) canonical(codes, scratch, key []uint64) {
	copy(scratch, codes)
	slices.Sort(scratch)
	l.pack(scratch, key)
}

// lowerBound returns an admissible and consistent estimate of the moves
// still needed from the bottles codes: the number of runs (maximal blocks
// of one colour within a bottle) minus the number of colours that sit at
// the bottom of some bottle.
//
// Why it is a lower bound: in a solved state every colour forms one run at
// the bottom of its bottle, so the estimate is 0 there. A pour into a
// non-empty bottle lands on the same colour, so it removes at most one run
// (the source's top run, when all of it moves) and creates no new colour at
// a bottom: the estimate drops by at most one. A pour into an empty bottle
// moves a whole run (a run never exceeds the capacity, so it always fits),
// leaving the number of runs unchanged, and puts at most one new colour at a
// bottom: again the estimate drops by at most one. Being consistent, A* with
// it never reopens a closed state. The same holds under both rules.
func (l *layout) lowerBound(codes []uint64) int {
	runs := 0
	var atBottom [4]uint64 // bit set of colour codes, up to 255
	for _, c := range codes {
		if c == 0 {
			continue
		}
		bottom := c & l.unitMask
		atBottom[bottom>>6] |= 1 << (bottom & 63)
		prev := uint64(0)
		for ; c != 0; c >>= l.width {
			if u := c & l.unitMask; u != prev {
				runs++
				prev = u
			}
		}
	}
	covered := 0
	for _, w := range atBottom {
		covered += bits.OnesCount64(w)
	}
	return runs - covered
}

package tiles

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"sync"
)

// A PatternDB is an additive set of disjoint pattern databases for one
// board size: for each pattern (a set of tiles) it stores, for every
// placement of those tiles, the fewest moves of those tiles that bring them
// home when the other tiles are indistinguishable and their moves are
// free. The patterns share no tile and a move slides a single tile, so the
// sum of the values over the patterns never overestimates (Korf and Felner
// 2002, "Disjoint pattern database heuristics").
//
// A table is indexed sparsely, for speed: with b bits per cell (4 on
// boards of 9 to 16 cells), the placement of a pattern's k tiles is the
// number p1<<b(k-1) | ... | pk, their cells in the pattern's order. Most
// of the 2^bk entries are never used (two tiles on one cell), but the
// index of a board is a few shifts, and a move changes it by one addition.
type PatternDB struct {
	width, height int
	patterns      [][]int
	tables        [][]uint8
	bits          uint
	// patternOf and shiftOf locate a tile: the pattern it belongs to (-1
	// for none) and the shift of its cell within that pattern's index.
	patternOf [MaxCells]int8
	shiftOf   [MaxCells]uint8
}

// unreached marks a table entry no BFS reached (an impossible placement).
const unreached = 0xFF

// MaxPatternBits bounds the sparse index of a pattern, bits per cell
// times tiles: the build keeps 4 bytes per index, 2^26 of them being
// 256 MiB.
const MaxPatternBits = 26

// MaxPatterns bounds the patterns of a database.
const MaxPatterns = 16

// MaxPatternCells bounds the boards pattern databases are built for: the
// build keeps the cells a placement's blank has reached in 24 bits.
const MaxPatternCells = 24

// Width returns the board width the database is for.
func (db *PatternDB) Width() int { return db.width }

// Height returns the board height the database is for.
func (db *PatternDB) Height() int { return db.height }

// Patterns returns a copy of the tile sets.
func (db *PatternDB) Patterns() [][]int {
	out := make([][]int, len(db.patterns))
	for i, p := range db.patterns {
		out[i] = slices.Clone(p)
	}
	return out
}

// Bytes returns the size of the tables.
func (db *PatternDB) Bytes() int {
	n := 0
	for _, t := range db.tables {
		n += len(t)
	}
	return n
}

// cellBits returns the bits that hold a cell number of a board of n cells.
func cellBits(n int) uint { return uint(bits.Len(uint(n - 1))) }

// newPatternDB checks the patterns and returns a database with empty
// tables of the right size.
func newPatternDB(w, h int, patterns [][]int) (*PatternDB, error) {
	if err := (&Puzzle{Width: w, Height: h, Tiles: Goal(w, h).Tiles}).Validate(); err != nil {
		return nil, err
	}
	n := w * h
	if n > MaxPatternCells {
		return nil, fmt.Errorf("pattern databases are built for boards of up to %d cells, not %d×%d", MaxPatternCells, w, h)
	}
	db := &PatternDB{width: w, height: h, bits: cellBits(n)}
	for i := range db.patternOf {
		db.patternOf[i] = -1
	}
	if len(patterns) == 0 || len(patterns) > MaxPatterns {
		return nil, fmt.Errorf("want 1..%d patterns, not %d", MaxPatterns, len(patterns))
	}
	for i, pat := range patterns {
		if len(pat) == 0 {
			return nil, fmt.Errorf("pattern %d is empty", i+1)
		}
		if need := db.bits * uint(len(pat)); need > MaxPatternBits {
			return nil, fmt.Errorf("pattern %d has %d tiles: that is %d index bits on a %d×%d board, more than %d",
				i+1, len(pat), need, w, h, MaxPatternBits)
		}
		for j, t := range pat {
			if t <= 0 || t >= n {
				return nil, fmt.Errorf("pattern %d names tile %d, outside 1..%d", i+1, t, n-1)
			}
			if db.patternOf[t] >= 0 {
				return nil, fmt.Errorf("tile %d is in patterns %d and %d; additive patterns must be disjoint", t, db.patternOf[t]+1, i+1)
			}
			db.patternOf[t] = int8(i)
			db.shiftOf[t] = uint8(db.bits * uint(len(pat)-1-j))
		}
		db.patterns = append(db.patterns, slices.Clone(pat))
		db.tables = append(db.tables, make([]uint8, 1<<(db.bits*uint(len(pat)))))
	}
	return db, nil
}

// BuildPatternDB computes the tables of the given disjoint patterns for a
// w×h board, one breadth-first search backwards from the goal per
// pattern, the patterns in parallel on up to workers goroutines (at least
// one). It stops with ctx's error when ctx ends.
func BuildPatternDB(ctx context.Context, w, h int, patterns [][]int, workers int) (*PatternDB, error) {
	db, err := newPatternDB(w, h, patterns)
	if err != nil {
		return nil, err
	}
	order := make([]int, len(patterns))
	for i := range order {
		order[i] = i
	}
	// Largest first, so the big searches start at once.
	slices.SortStableFunc(order, func(a, b int) int { return len(patterns[b]) - len(patterns[a]) })
	jobs := make(chan int)
	errs := make(chan error, len(patterns))
	var wg sync.WaitGroup
	for range max(workers, 1) {
		wg.Go(func() {
			for i := range jobs {
				errs <- db.build(ctx, i)
			}
		})
	}
	for _, i := range order {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	close(errs)
	for e := range errs {
		err = errors.Join(err, e)
	}
	if err != nil {
		return nil, err
	}
	return db, nil
}

// build fills table i. The abstract state is the placement of the
// pattern's tiles plus the blank's cell. Moving the blank into a cell of
// no pattern tile costs nothing; moving it into a pattern tile slides
// that tile, at cost 1. So the states that differ only by where the blank
// is within one region of free cells are one state, and the search runs
// level by level over (placement, region) pairs: every pattern tile next
// to the region of a pair of level d may slide into it, giving a pair of
// level d+1 unless its region was reached before.
//
// reach holds, per placement, the cells of the regions reached so far
// (low bits) and the level the placement was first reached at (top 8
// bits), so a successor costs one memory access, the dominant cost of the
// build. Each level's list is sorted before it is expanded: the
// successors by one tile's slide then come in increasing order too, and
// the accesses sweep the array instead of jumping about it (a third less
// time for a 6-tile pattern of the 15 puzzle).
func (db *PatternDB) build(ctx context.Context, i int) error {
	pat := db.patterns[i]
	w, b := db.width, db.bits
	k := len(pat)
	mask := uint64(1)<<b - 1
	shift := make([]uint, k)
	goal := uint64(0)
	for j, t := range pat {
		shift[j] = b * uint(k-1-j)
		goal |= uint64(t) << shift[j]
	}
	const distShift = 24
	reach := make([]uint32, 1<<(b*uint(k)))
	fl := newFlooder(w, db.height)
	var pos [MaxCells]int
	occupancy := func(pl uint64) uint64 {
		var occ uint64
		for j := range k {
			pos[j] = int(pl >> shift[j] & mask)
			occ |= 1 << pos[j]
		}
		return occ
	}
	// A level's list holds placement<<8 | a cell of the region.
	start := fl.flood(1, ^occupancy(goal)&fl.all)
	reach[goal] = uint32(start) | 1<<distShift // levels are stored plus one
	cur := []uint64{goal << 8}
	var next, scratch []uint64
	for d := 1; len(cur) > 0; d++ {
		if d >= unreached {
			return fmt.Errorf("pattern %d: distances beyond %d", i+1, unreached-2)
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		next = next[:0]
		cur, scratch = radixSort(cur, scratch)
		for n, s := range cur {
			if n&(1<<16-1) == 0 && n > 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			pl := s >> 8
			free := ^occupancy(pl) & fl.all
			region := fl.flood(1<<(s&0xFF), free)
			for j := range k {
				q := pos[j]
				for into := fl.neighbours[q] & region; into != 0; into &= into - 1 {
					c := bits.TrailingZeros64(into)
					// Tile j slides from q into c; the blank takes q.
					npl := pl + uint64(c)<<shift[j] - uint64(q)<<shift[j]
					r := reach[npl]
					if r&(1<<q) != 0 {
						continue
					}
					nfree := free&^(1<<c) | 1<<q
					if r == 0 {
						r = uint32(d+1) << distShift
					}
					reach[npl] = r | uint32(fl.flood(1<<q, nfree))
					next = append(next, npl<<8|uint64(q))
				}
			}
		}
		cur, next = next, cur
	}
	table := db.tables[i]
	for pl, r := range reach {
		if r == 0 {
			table[pl] = unreached
		} else {
			table[pl] = uint8(r>>distShift) - 1
		}
	}
	return nil
}

// flooder grows sets of cells of a board held as bit masks.
type flooder struct {
	w                 uint
	all               uint64
	notLeft, notRight uint64 // cells not in the first or last column
	neighbours        [MaxCells]uint64
}

func newFlooder(w, h int) flooder {
	f := flooder{w: uint(w)}
	for c := range w * h {
		for _, m := range Moves {
			if to, ok := Target(w, h, c, m); ok {
				f.neighbours[c] |= 1 << to
			}
		}
		f.all |= 1 << c
		if c%w != 0 {
			f.notLeft |= 1 << c
		}
		if c%w != w-1 {
			f.notRight |= 1 << c
		}
	}
	return f
}

// flood returns the cells of free reachable from seed through free cells
// (seed included).
func (f flooder) flood(seed, free uint64) uint64 {
	region := seed
	for {
		grown := region | (region<<1)&f.notLeft | (region>>1)&f.notRight | region<<f.w | region>>f.w
		grown &= free | seed
		if grown == region {
			return region
		}
		region = grown
	}
}

// Lookup returns the database's estimate for a board of its size: the sum
// over the patterns of the value of the placement of their tiles.
func (db *PatternDB) Lookup(p *Puzzle) int {
	var idx [MaxPatterns]uint64
	for cell, t := range p.Tiles {
		if t != 0 && db.patternOf[t] >= 0 {
			idx[db.patternOf[t]] |= uint64(cell) << db.shiftOf[t]
		}
	}
	h := 0
	for i, t := range db.tables {
		h += int(t[idx[i]])
	}
	return h
}

// errWrongDB explains why db cannot serve p.
func errWrongDB(p *Puzzle, db *PatternDB) error {
	if db == nil {
		return fmt.Errorf("no pattern database for the %d×%d board", p.Width, p.Height)
	}
	return fmt.Errorf("the pattern database is for %d×%d boards, not %d×%d", db.width, db.height, p.Width, p.Height)
}

// DefaultPatterns returns the partition the commands use on a w×h board,
// or nil when there is none (the searches then use Manhattan distance
// with linear conflicts):
//
//   - 4×4, the 15 puzzle: 6-6-3, tiles {1,4,5,8,9,12} (the two left
//     columns below the blank), {2,3,6,7,10,11} (the two right columns) and
//     {13,14,15} (the bottom row, less the corner). Two tables of 16 MiB
//     and one of 4 KiB in the sparse index, built in a few seconds. Of the
//     6-6-3 partitions tried on Korf's 100 with the reflected lookup, this
//     one expanded the fewest nodes (22 million in all, against 54 to 183
//     million for three others); 7-8 would expand fewer still but its
//     8-tile table needs 16^8 bytes in this index and a build of minutes;
//     5-5-5 builds in a fraction of a second but expands several times
//     more nodes.
//   - 3×3, the 8 puzzle: {1,2,3,4} and {5,6,7,8}, 64 KiB each.
func DefaultPatterns(w, h int) [][]int {
	switch {
	case w == 4 && h == 4:
		return [][]int{{1, 4, 5, 8, 9, 12}, {2, 3, 6, 7, 10, 11}, {13, 14, 15}}
	case w == 3 && h == 3:
		return [][]int{{1, 2, 3, 4}, {5, 6, 7, 8}}
	}
	return nil
}

// radixSort sorts keys by their low 32 bits in two passes of 16 bits,
// using scratch (grown as needed), and returns the sorted slice and the
// other buffer. The order only speeds the build up; any order is correct.
func radixSort(keys, scratch []uint64) ([]uint64, []uint64) {
	if cap(scratch) < len(keys) {
		scratch = make([]uint64, len(keys))
	}
	scratch = scratch[:len(keys)]
	var count [1 << 16]int
	for pass := uint(0); pass < 32; pass += 16 {
		clear(count[:])
		for _, k := range keys {
			count[k>>pass&0xFFFF]++
		}
		sum := 0
		for i, c := range count {
			count[i] = sum
			sum += c
		}
		for _, k := range keys {
			d := k >> pass & 0xFFFF
			scratch[count[d]] = k
			count[d]++
		}
		keys, scratch = scratch, keys
	}
	return keys, scratch
}

package tiles

import (
	"context"
	"fmt"

	"github.com/waterworks-solver/waterworks/models/statespace"
)

// Result is the answer of a search on a board.
type Result = statespace.Result[Move]

// unsolvable answers a board the parity test rules out, before any search.
func unsolvable(p *Puzzle) (Result, bool) {
	if p.Solvability() != nil {
		return Result{Status: statespace.Unsolvable, Optimal: true}, true
	}
	return Result{}, false
}

// SolveIDA finds a shortest plan for p with the state-space library's
// IDA* on a Walker keeping the estimate of db, or Manhattan distance plus
// linear conflicts when db is nil (see NewWalker). A board of the
// wrong parity is answered Unsolvable at once (Solvability says why).
// Stats.Expanded counts the nodes IDA* visited, over all its iterations.
func SolveIDA(ctx context.Context, p *Puzzle, db *PatternDB) (Result, error) {
	if err := p.Validate(); err != nil {
		return Result{}, err
	}
	if r, ok := unsolvable(p); ok {
		return r, nil
	}
	wk, err := NewWalker(p, db)
	if err != nil {
		return Result{}, err
	}
	return statespace.IDAStar(ctx, wk, statespace.Options{})
}

// MaxBFSCells bounds the boards BFS takes: a board packs into one 64-bit
// key of 4 bits per cell, the top 4 bits holding the blank's cell. (Past
// 3×4 the states would not fit in memory anyway.)
const MaxBFSCells = 15

// space is the board as the library's BFS sees it: keys of 4 bits per
// cell, the blank's cell in the top 4 bits.
type space struct {
	w, h int
	next [MaxCells][4]int8
}

const blankShift = 60

func pack(p *Puzzle) uint64 {
	var k uint64
	for i, t := range p.Tiles {
		k |= uint64(t) << (4 * i)
	}
	return k | uint64(p.Blank())<<blankShift
}

// Successors slides the blank each way it can.
func (s *space) Successors(k uint64, yield func(Move, uint64, int) bool) {
	b := int(k >> blankShift)
	for _, m := range Moves {
		to := int(s.next[b][m])
		if to < 0 {
			continue
		}
		t := k >> (4 * to) & 0xF
		// The tile moves from to to b; the blank's nibble at b was 0.
		nk := k&^(0xF<<(4*to)) | t<<(4*b)
		nk = nk&^(0xF<<blankShift) | uint64(to)<<blankShift
		if !yield(m, nk, 1) {
			return
		}
	}
}

// goalKey is the key of the goal: cell i holds i, the blank at 0.
func (s *space) goalKey() uint64 {
	var k uint64
	for i := range s.w * s.h {
		k |= uint64(i) << (4 * i)
	}
	return k
}

// Goal reports whether k is the solved board.
func (s *space) Goal(k uint64) bool { return k == s.goalKey() }

// SolveBFS finds a shortest plan for p by breadth-first search over
// packed boards, with the library's BFS, for boards of at most
// MaxBFSCells cells. It does not use the parity test: on a board of the
// wrong parity it explores the whole reachable half of the boards (181,440
// for the 8 puzzle) and proves the puzzle unsolvable by exhaustion, an
// independent check of Solvability.
func SolveBFS(ctx context.Context, p *Puzzle, opts statespace.Options) (Result, error) {
	if err := p.Validate(); err != nil {
		return Result{}, err
	}
	if p.Cells() > MaxBFSCells {
		return Result{}, fmt.Errorf("breadth-first search takes boards of at most %d cells, not %d×%d", MaxBFSCells, p.Width, p.Height)
	}
	s := &space{w: p.Width, h: p.Height}
	for c := range p.Cells() {
		for _, m := range Moves {
			s.next[c][m] = -1
			if to, ok := Target(p.Width, p.Height, c, m); ok {
				s.next[c][m] = int8(to)
			}
		}
	}
	return statespace.BFS(ctx, s, pack(p), opts)
}

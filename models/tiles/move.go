package tiles

import (
	"fmt"
	"strings"
)

// Move is a move of the blank: Up, Down, Left or Right. The tile on the
// other side slides the opposite way into the blank's cell.
type Move uint8

// The four moves of the blank, in the order the searches try them.
const (
	Up Move = iota
	Down
	Left
	Right
)

// Moves lists the four moves in order.
var Moves = [4]Move{Up, Down, Left, Right}

// String returns the move's letter: U, D, L or R.
func (m Move) String() string {
	if m <= Right {
		return "UDLR"[m : m+1]
	}
	return fmt.Sprintf("Move(%d)", uint8(m))
}

// Inverse returns the move that undoes m.
func (m Move) Inverse() Move { return m ^ 1 }

// Plan is a sequence of blank moves.
type Plan []Move

// String writes the plan as its letters run together ("RDLU"); the empty
// plan is "".
func (pl Plan) String() string {
	var b strings.Builder
	for _, m := range pl {
		b.WriteString(m.String())
	}
	return b.String()
}

// ParsePlan reads a plan of the letters U, D, L and R, upper or lower
// case; spaces and commas between them are ignored.
func ParsePlan(s string) (Plan, error) {
	var pl Plan
	for i, r := range s {
		switch r {
		case 'U', 'u':
			pl = append(pl, Up)
		case 'D', 'd':
			pl = append(pl, Down)
		case 'L', 'l':
			pl = append(pl, Left)
		case 'R', 'r':
			pl = append(pl, Right)
		case ' ', ',', '\t':
		default:
			return nil, fmt.Errorf("character %d of the plan is %q, not one of U, D, L, R", i+1, r)
		}
	}
	return pl, nil
}

// Target returns the cell the blank moves to from cell b of a w×h board
// under m, and false when m would leave the board.
func Target(w, h, b int, m Move) (int, bool) {
	r, c := b/w, b%w
	switch m {
	case Up:
		return b - w, r > 0
	case Down:
		return b + w, r < h-1
	case Left:
		return b - 1, c > 0
	case Right:
		return b + 1, c < w-1
	}
	return 0, false
}

// Apply plays plan on a copy of p and returns the board it ends on, with
// the tile each move slid. It fails on the first move that would take
// the blank off the board.
func (p *Puzzle) Apply(plan Plan) (*Puzzle, []int, error) {
	q := p.Clone()
	b := q.Blank()
	slid := make([]int, 0, len(plan))
	for i, m := range plan {
		to, ok := Target(q.Width, q.Height, b, m)
		if !ok {
			return nil, nil, fmt.Errorf("move %d (%v) takes the blank off the board", i+1, m)
		}
		slid = append(slid, q.Tiles[to])
		q.Tiles[b], q.Tiles[to] = q.Tiles[to], 0
		b = to
	}
	return q, slid, nil
}

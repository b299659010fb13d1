package rush

import (
	"github.com/waterworks-solver/waterworks/models/puzzleerr"
)

// ErrWrongPlan is wrapped by every error Check returns for a plan that
// breaks a rule or does not end solved (as opposed to an invalid puzzle).
var ErrWrongPlan = puzzleerr.ErrWrongPlan

// Check replays plan on p cell by cell on a grid of labels and reports
// the first illegal move (a piece that does not exist, a slide of zero
// cells, a slide off the board or through an occupied cell) or that the
// primary car does not end at the right edge. It shares no code with the
// search, so it can judge it. Moves are numbered from 1 in its messages.
func Check(p *Puzzle, plan Plan) error {
	if err := p.Validate(); err != nil {
		return err
	}
	w, h := p.Width, p.Height
	grid := make([][]byte, h)
	for r := range grid {
		grid[r] = make([]byte, w)
	}
	for _, c := range p.Walls {
		grid[c/w][c%w] = 'x'
	}
	type at struct{ row, col int }
	where := make([]at, len(p.Pieces))
	for i, pc := range p.Pieces {
		where[i] = at{pc.Row, pc.Col}
		for k := range pc.Len {
			if pc.Orientation == Horizontal {
				grid[pc.Row][pc.Col+k] = pc.Label
			} else {
				grid[pc.Row+k][pc.Col] = pc.Label
			}
		}
	}
	for n, m := range plan {
		if m.Piece < 0 || m.Piece >= len(p.Pieces) {
			return puzzleerr.Wrongf("move %d names piece %d; there are %d", n+1, m.Piece, len(p.Pieces))
		}
		if m.By == 0 {
			return puzzleerr.Wrongf("move %d slides %c by zero cells", n+1, p.Pieces[m.Piece].Label)
		}
		pc := p.Pieces[m.Piece]
		dr, dc := 0, 1
		if pc.Orientation == Vertical {
			dr, dc = 1, 0
		}
		step := 1
		if m.By < 0 {
			step = -1
		}
		for range max(m.By, -m.By) {
			pos := where[m.Piece]
			// The cell the piece enters and the one it leaves.
			enterR, enterC := pos.row+dr*pc.Len, pos.col+dc*pc.Len
			leaveR, leaveC := pos.row, pos.col
			if step < 0 {
				enterR, enterC = pos.row-dr, pos.col-dc
				leaveR, leaveC = pos.row+dr*(pc.Len-1), pos.col+dc*(pc.Len-1)
			}
			if enterR < 0 || enterR >= h || enterC < 0 || enterC >= w {
				return puzzleerr.Wrongf("move %d slides %c off the board", n+1, pc.Label)
			}
			if grid[enterR][enterC] != 0 {
				return puzzleerr.Wrongf("move %d slides %c into %c at row %d, column %d", n+1, pc.Label, grid[enterR][enterC], enterR+1, enterC+1)
			}
			grid[enterR][enterC], grid[leaveR][leaveC] = pc.Label, 0
			where[m.Piece] = at{pos.row + dr*step, pos.col + dc*step}
		}
	}
	a := where[0]
	if a.col+p.Pieces[0].Len != w {
		return puzzleerr.Wrongf("after %d moves the primary car A ends at column %d, not at the right edge", len(plan), a.col+p.Pieces[0].Len)
	}
	return nil
}

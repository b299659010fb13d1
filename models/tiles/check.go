package tiles

import (
	"github.com/waterworks-solver/waterworks/models/puzzleerr"
)

// ErrWrongPlan is wrapped by every error Check returns for a plan that
// leaves the board or does not end at the goal (as opposed to an invalid
// puzzle).
var ErrWrongPlan = puzzleerr.ErrWrongPlan

// Check replays plan on p and reports the first move that takes the blank
// off the board, or that the final board is not the goal. It keeps its
// own grid of rows and columns and shares no code with the searches or
// with Apply, so it can judge them all. Moves are numbered from 1 in its
// messages.
func Check(p *Puzzle, plan Plan) error {
	if err := p.Validate(); err != nil {
		return err
	}
	grid := make([][]int, p.Height)
	br, bc := -1, -1
	for r := range grid {
		grid[r] = append([]int(nil), p.Tiles[r*p.Width:(r+1)*p.Width]...)
		for c, t := range grid[r] {
			if t == 0 {
				br, bc = r, c
			}
		}
	}
	for k, m := range plan {
		nr, nc := br, bc
		switch m {
		case Up:
			nr--
		case Down:
			nr++
		case Left:
			nc--
		case Right:
			nc++
		default:
			return puzzleerr.Wrongf("move %d is not one of U, D, L, R", k+1)
		}
		if nr < 0 || nr >= p.Height || nc < 0 || nc >= p.Width {
			return puzzleerr.Wrongf("move %d (%v) takes the blank at row %d, column %d off the board", k+1, m, br+1, bc+1)
		}
		grid[br][bc], grid[nr][nc] = grid[nr][nc], 0
		br, bc = nr, nc
	}
	for r, row := range grid {
		for c, t := range row {
			if t != r*p.Width+c {
				return puzzleerr.Wrongf("after %d moves row %d, column %d holds %d instead of %d", len(plan), r+1, c+1, t, r*p.Width+c)
			}
		}
	}
	return nil
}

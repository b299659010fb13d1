package rush

import (
	"context"

	"github.com/waterworks-solver/waterworks/models/statespace"
)

// Result is the answer of a search on a board.
type Result = statespace.Result[Move]

// Solve finds a plan with the fewest moves for p by the state-space
// library's breadth-first search over packed boards, or proves that none
// exists by exhausting the boards reachable from p. Among the plans of
// fewest moves it returns the first BFS meets, not necessarily the one
// sliding the fewest cells.
func Solve(ctx context.Context, p *Puzzle, opts statespace.Options) (Result, error) {
	b, err := NewBoard(p)
	if err != nil {
		return Result{}, err
	}
	return statespace.BFS(ctx, b, b.Start(), opts)
}

// SolveAStar is Solve by the library's A* under Estimate: the same
// fewest moves, usually from fewer boards.
func SolveAStar(ctx context.Context, p *Puzzle, opts statespace.Options) (Result, error) {
	b, err := NewBoard(p)
	if err != nil {
		return Result{}, err
	}
	return statespace.AStar(ctx, b, b.Start(), opts)
}

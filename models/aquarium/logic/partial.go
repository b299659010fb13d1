package logic

import (
	"context"
	"fmt"

	"github.com/waterworks-solver/waterworks/cp"
	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqcp"
)

// CheckPartial reports whether some solution of p under rule agrees with
// the cells that partial decides. When none does, the error wraps
// ErrWrongSolution: it names the rule the cells break outright when they
// do, and otherwise, when p has exactly one solution, the decided cells
// that differ from it. The error is ctx.Err() when ctx ends the search.
func CheckPartial(ctx context.Context, p *aquarium.Puzzle, rule aquarium.Rule, partial aquarium.Solution) error {
	if _, err := NewReasonerContext(ctx, p, rule, partial); err != nil {
		return err
	}
	m, err := aqcp.NewModelContext(ctx, p, rule)
	if err != nil {
		return err
	}
	if err := m.Restrict(partial); err != nil {
		return err
	}
	found, err := m.Search(ctx, 1, cp.Limits{})
	if err != nil {
		return err
	}
	if len(found.Solutions) > 0 {
		return nil
	}
	all, err := aqcp.SolveCP(ctx, p, rule, 2, cp.Limits{})
	if err != nil {
		return err
	}
	if len(all.Solutions) != 1 || !all.Exhausted {
		return fmt.Errorf("%w: no solution agrees with the cells filled in", aquarium.ErrWrongSolution)
	}
	sol := all.Solutions[0]
	var wrong []string
	n := 0
	for i, c := range partial.Cells {
		if c == aquarium.Unknown || c == sol.Cells[i] {
			continue
		}
		n++
		if len(wrong) < 5 {
			wrong = append(wrong, fmt.Sprintf("row %d, column %d", i/p.Width+1, i%p.Width+1))
		}
	}
	more := ""
	if n > len(wrong) {
		more = fmt.Sprintf(" and %d more", n-len(wrong))
	}
	return fmt.Errorf("%w: no solution agrees with the cells filled in; %s wrong: %s%s",
		aquarium.ErrWrongSolution, plural(n, "cell")+isAre(n), andList(wrong), more)
}

func isAre(n int) string {
	if n == 1 {
		return " is"
	}
	return " are"
}

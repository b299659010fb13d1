package watersort

import (
	"fmt"

	"github.com/waterworks-solver/waterworks/models/puzzleerr"
)

// ErrWrongPlan is wrapped by every error Check returns for a plan that breaks
// a rule or does not end solved (as opposed to an invalid puzzle).
var ErrWrongPlan = puzzleerr.ErrWrongPlan

// Check replays plan on p under rule and reports the first illegal move, or
// that the final position is not solved. It works on plain slices of colour
// ids and shares no code with the solvers, so it can judge them all. Moves
// and bottles are numbered from 1 in its messages.
func Check(p *Puzzle, rule Rule, plan Plan) error {
	if err := p.Validate(); err != nil {
		return err
	}
	if rule != Whole && rule != Fits {
		return fmt.Errorf("unknown rule %v", rule)
	}
	wrong := func(step int, format string, args ...any) error {
		return puzzleerr.Wrongf("move %d: %s", step, fmt.Sprintf(format, args...))
	}
	bottles := make([][]int, len(p.Bottles))
	for i, b := range p.Bottles {
		bottles[i] = append(make([]int, 0, p.Capacity), b...)
	}
	for k, m := range plan {
		step := k + 1
		n := len(bottles)
		if m.From < 0 || m.From >= n || m.To < 0 || m.To >= n {
			return wrong(step, "bottle %d or %d does not exist (there are %d)", m.From+1, m.To+1, n)
		}
		if m.From == m.To {
			return wrong(step, "pours bottle %d into itself", m.From+1)
		}
		src, dst := bottles[m.From], bottles[m.To]
		if len(src) == 0 {
			return wrong(step, "bottle %d is empty", m.From+1)
		}
		colour := src[len(src)-1]
		run := 0
		for i := len(src) - 1; i >= 0 && src[i] == colour; i-- {
			run++
		}
		room := p.Capacity - len(dst)
		if room == 0 {
			return wrong(step, "bottle %d is full", m.To+1)
		}
		if len(dst) > 0 && dst[len(dst)-1] != colour {
			return wrong(step, "bottle %d shows %s on top, bottle %d shows %s",
				m.From+1, p.ColorName(colour), m.To+1, p.ColorName(dst[len(dst)-1]))
		}
		amount := run
		if run > room {
			if rule == Whole {
				return wrong(step, "the run of %d from bottle %d does not fit in the %d free units of bottle %d",
					run, m.From+1, room, m.To+1)
			}
			amount = room
		}
		for range amount {
			dst = append(dst, colour)
		}
		bottles[m.From], bottles[m.To] = src[:len(src)-amount], dst
	}
	for i, b := range bottles {
		for _, c := range b {
			if len(b) != p.Capacity || c != b[0] {
				return puzzleerr.Wrongf("after %d moves bottle %d is neither empty nor full of one colour", len(plan), i+1)
			}
		}
	}
	return nil
}

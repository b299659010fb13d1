package torch

import (
	"fmt"

	"github.com/waterworks-solver/waterworks/models/puzzleerr"
)

// ErrWrongPlan is wrapped by every error Check returns for a plan that
// breaks a rule, leaves someone behind or runs over the limit (as opposed
// to an invalid puzzle).
var ErrWrongPlan = puzzleerr.ErrWrongPlan

// Check replays plan on p with a side per person and the torch, and
// returns the plan's total time or the first broken rule: a crossing of
// nobody, of more than the capacity, naming someone twice or nobody known,
// of someone not on the torch's side, a direction that does not follow the
// torch; or someone left behind, or a total over the limit. It shares no
// code with the solvers, so it can judge them. Crossings are numbered from
// 1 in its messages.
func Check(p *Puzzle, plan Plan) (int, error) {
	if err := p.Validate(); err != nil {
		return 0, err
	}
	across := make([]bool, len(p.Times))
	torchAcross := false
	total := 0
	for n, c := range plan {
		wrong := func(format string, args ...any) error {
			return puzzleerr.Wrongf("crossing %d %s", n+1, fmt.Sprintf(format, args...))
		}
		if len(c.People) == 0 {
			return 0, wrong("has nobody on the bridge")
		}
		if len(c.People) > p.Capacity {
			return 0, wrong("has %d people on a bridge that holds %d", len(c.People), p.Capacity)
		}
		if c.Back != torchAcross {
			if torchAcross {
				return 0, wrong("goes forward, but the torch is on the far side")
			}
			return 0, wrong("goes back, but the torch is on the start side")
		}
		slowest := 0
		seen := map[int]bool{}
		for _, i := range c.People {
			if i < 0 || i >= len(p.Times) {
				return 0, wrong("names person %d; there are %d", i+1, len(p.Times))
			}
			if seen[i] {
				return 0, wrong("names person %d twice", i+1)
			}
			seen[i] = true
			if across[i] != torchAcross {
				return 0, wrong("takes person %d, who is not on the torch's side", i+1)
			}
			slowest = max(slowest, p.Times[i])
		}
		for _, i := range c.People {
			across[i] = !across[i]
		}
		torchAcross = !torchAcross
		total += slowest
	}
	for i, a := range across {
		if !a {
			return 0, puzzleerr.Wrongf("after %d crossings person %d is still on the start side", len(plan), i+1)
		}
	}
	if p.Limit > 0 && total > p.Limit {
		return 0, puzzleerr.Wrongf("the plan takes %d minutes, over the limit of %d", total, p.Limit)
	}
	return total, nil
}

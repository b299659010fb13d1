package river

import (
	"fmt"

	"github.com/waterworks-solver/waterworks/models/puzzleerr"
)

// ErrWrongPlan is wrapped by every error Check returns for a plan that
// breaks a rule or does not end with everything across (as opposed to an
// invalid puzzle).
var ErrWrongPlan = puzzleerr.ErrWrongPlan

// Check replays plan on p, bank by bank, and reports the first crossing
// that is not allowed (an empty boat, an overfull one, nobody to row, an
// item that is not on the boat's bank, a direction the boat is not on)
// or that leaves a bank (or, with InBoat, the boat) breaking a rule, or
// that the plan ends with something on the near bank. It shares no code
// with the solvers, so it can judge them. Crossings are numbered from 1.
func Check(p *Puzzle, plan Plan) error {
	if err := p.Validate(); err != nil {
		return err
	}
	n := len(p.Kinds)
	banks := [2][]int{make([]int, n), make([]int, n)} // near, far
	for i, k := range p.Kinds {
		banks[0][i] = k.Count
	}
	boat := 0
	for t, trip := range plan {
		wrong := func(format string, args ...any) error {
			return puzzleerr.Wrongf("crossing %d %s", t+1, fmt.Sprintf(format, args...))
		}
		if trip.Back != (boat == 1) {
			return wrong("goes the wrong way: the boat is on the %s bank", [2]string{"near", "far"}[boat])
		}
		if len(trip.Load) != n {
			return wrong("has a load of %d kinds; there are %d", len(trip.Load), n)
		}
		aboard, rowers := 0, 0
		for i, v := range trip.Load {
			if v < 0 || v > banks[boat][i] {
				return wrong("takes %d %s; the bank has %d", v, p.Kinds[i].Name, banks[boat][i])
			}
			aboard += v
			if p.Kinds[i].Rows {
				rowers += v
			}
		}
		switch {
		case aboard == 0:
			return wrong("is an empty boat")
		case aboard > p.Capacity:
			return wrong("takes %d in a boat for %d", aboard, p.Capacity)
		case rowers == 0:
			return wrong("has nobody who can row")
		}
		if p.InBoat {
			if why := ruleBroken(p, trip.Load); why != "" {
				return wrong("breaks a rule in the boat: %s", why)
			}
		}
		for i, v := range trip.Load {
			banks[boat][i] -= v
			banks[1-boat][i] += v
		}
		boat = 1 - boat
		for side, bank := range banks {
			if why := ruleBroken(p, bank); why != "" {
				return wrong("leaves the %s bank breaking a rule: %s", [2]string{"near", "far"}[side], why)
			}
		}
	}
	for i, v := range banks[0] {
		if v > 0 {
			return puzzleerr.Wrongf("after %d crossings %d %s still on the near bank", len(plan), v, p.Kinds[i].Name)
		}
	}
	return nil
}

// ruleBroken judges one group of items, given as counts per kind.
func ruleBroken(p *Puzzle, counts []int) string {
	here := func(i int) bool { return counts[i] > 0 }
	for _, f := range p.Forbids {
		guarded := false
		for _, u := range f.Unless {
			guarded = guarded || here(u)
		}
		missing := false
		for _, g := range f.Group {
			missing = missing || !here(g)
		}
		if !guarded && !missing {
			return "a forbidden group is left without a guard"
		}
	}
	for _, o := range p.Outnumbers {
		if here(o.Few) && counts[o.Many] > counts[o.Few] {
			return fmt.Sprintf("%s outnumber %s", p.Kinds[o.Many].Name, p.Kinds[o.Few].Name)
		}
	}
	men := 0
	for _, c := range p.Couples {
		if here(c.Husband) {
			men++
		}
	}
	for _, c := range p.Couples {
		if here(c.Wife) && !here(c.Husband) && men > 0 {
			return fmt.Sprintf("%s is with another man without her husband", p.Kinds[c.Wife].Name)
		}
	}
	return ""
}

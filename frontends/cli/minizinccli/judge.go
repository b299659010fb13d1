package minizinccli

import (
	"fmt"
	"time"

	"github.com/waterworks-solver/waterworks/frontends/minizinc"
)

// An instanceRun is one instance of a selection and every solver's run on
// it.
type instanceRun struct {
	Entry  Entry
	Method minizinc.Method // from the runs' statistics; "" when none said
	Runs   []*solverRun
}

// A solverRun is one solver's run on an instance, and how it is judged.
type solverRun struct {
	Label   string // the solver as the table names it
	Solver  string // the solver as minizinc is told it
	Trusted bool   // the reference (gecode): its solutions are not confirmed
	Result  *minizinc.Result
	// Confirms holds the reference's verdict on each solution, in order;
	// none for a trusted solver.
	Confirms []minizinc.Check
	// Claim is the reference's verdict on a proof of optimality or of
	// unsatisfiability that no trusted run made too; nil when none was
	// asked.
	Claim *minizinc.Check

	Solved  bool
	Wrong   []string // why the answer is wrong; empty when it is not
	Notes   []string // why it is not solved, or what is not confirmed
	Seconds float64  // its share of PAR-2
}

// trustedSolution reports whether solution k of r counts as found: a
// trusted solver printed it, or the reference confirmed it.
func (r *solverRun) trustedSolution(k int) bool {
	if r.Trusted {
		return true
	}
	return k < len(r.Confirms) && r.Confirms[k].Verdict == minizinc.Confirmed
}

// solutions returns the run's solutions, none when it did not run.
func (r *solverRun) solutions() []minizinc.Solution {
	if r.Result == nil {
		return nil
	}
	return r.Result.Solutions
}

// status returns the run's status, Error when it did not run.
func (r *solverRun) status() minizinc.Status {
	if r.Result == nil {
		return minizinc.Error
	}
	return r.Result.Status
}

// bestObjective returns the objective of the run's last solution.
func (r *solverRun) bestObjective() (int64, bool) {
	if r.Result == nil || r.Result.Best() == nil || r.Result.Best().Objective == nil {
		return 0, false
	}
	return *r.Result.Best().Objective, true
}

// settleMethod takes the instance's method from the first run that says
// it.
func (in *instanceRun) settleMethod() {
	for _, r := range in.Runs {
		if r.Result != nil && r.Result.Method != "" {
			in.Method = r.Result.Method
			return
		}
	}
}

// A claim is a proof by an untrusted run that the reference is asked to
// check: an optimum or unsatisfiability.
type claim struct {
	Run       *solverRun
	Optimum   bool  // an optimum (else unsatisfiability)
	Objective int64 // the optimum claimed
}

// claims lists the proofs of untrusted runs that no trusted run made too
// and that the runs do not already contradict (crossCheck).
func (in *instanceRun) claims() []claim {
	var out []claim
	for _, r := range in.Runs {
		if r.Trusted || len(r.Wrong) > 0 {
			continue
		}
		switch r.status() {
		case minizinc.Unsatisfiable:
			if !in.trustedSays(func(t *solverRun) bool { return t.status() == minizinc.Unsatisfiable }) {
				out = append(out, claim{Run: r})
			}
		case minizinc.Optimal:
			x, ok := r.bestObjective()
			if ok && !in.trustedSays(func(t *solverRun) bool {
				y, ok := t.bestObjective()
				return t.status() == minizinc.Optimal && ok && y == x
			}) {
				out = append(out, claim{Run: r, Optimum: true, Objective: x})
			}
		}
	}
	return out
}

func (in *instanceRun) trustedSays(pred func(*solverRun) bool) bool {
	for _, t := range in.Runs {
		if t.Trusted && pred(t) {
			return true
		}
	}
	return false
}

// crossCheck marks the answers the runs themselves contradict: a solution
// the reference refuted; unsatisfiability where another run found a
// solution; an optimum another run's solution beats; and, asked for every
// solution, a complete count that differs from a trusted complete count.
func (in *instanceRun) crossCheck(allSolutions bool) {
	for _, r := range in.Runs {
		for k, c := range r.Confirms {
			if c.Verdict == minizinc.Refuted {
				r.Wrong = append(r.Wrong, fmt.Sprintf("solution %d fails the check: %s", k+1, c.Reason))
			}
		}
		switch r.status() {
		case minizinc.Unsatisfiable:
			if o := in.otherWithSolution(r); o != nil {
				r.Wrong = append(r.Wrong, "says unsatisfiable, but "+o.Label+" found a solution")
			}
		case minizinc.Optimal:
			if x, ok := r.bestObjective(); ok {
				if o, y := in.otherBeats(r, x); o != nil {
					r.Wrong = append(r.Wrong, fmt.Sprintf("proves the optimum %d, but %s found %d", x, o.Label, y))
				}
			}
		case minizinc.AllSolutions:
			if !allSolutions || r.Trusted || in.Method != minizinc.Satisfy {
				break
			}
			for _, t := range in.Runs {
				if t.Trusted && t.status() == minizinc.AllSolutions && len(t.solutions()) != len(r.solutions()) {
					r.Wrong = append(r.Wrong, fmt.Sprintf("finds %d solutions in all, but %s finds %d",
						len(r.solutions()), t.Label, len(t.solutions())))
					break
				}
			}
		}
	}
}

// otherWithSolution returns a run other than r with a solution that counts.
func (in *instanceRun) otherWithSolution(r *solverRun) *solverRun {
	for _, o := range in.Runs {
		if o == r {
			continue
		}
		for k := range o.solutions() {
			if o.trustedSolution(k) {
				return o
			}
		}
	}
	return nil
}

// otherBeats returns a run other than r with a solution that counts and
// whose objective is better than x, and that objective.
func (in *instanceRun) otherBeats(r *solverRun, x int64) (*solverRun, int64) {
	for _, o := range in.Runs {
		if o == r {
			continue
		}
		for k, s := range o.solutions() {
			if s.Objective != nil && o.trustedSolution(k) && in.Method.Better(*s.Objective, x) {
				return o, *s.Objective
			}
		}
	}
	return nil, 0
}

// settle decides, once every check is in, whether each run solved the
// instance and its share of PAR-2: its time when solved, twice the limit
// otherwise. A wrong answer is never solved.
func (in *instanceRun) settle(allSolutions bool, limit time.Duration) {
	for _, r := range in.Runs {
		if r.Claim != nil && r.Claim.Verdict == minizinc.Refuted {
			what := "unsatisfiable"
			if r.status() == minizinc.Optimal {
				what = "optimal"
			}
			r.Wrong = append(r.Wrong, "claims "+what+", but "+r.Claim.Reason)
		}
		r.Solved, r.Notes = in.solved(r, allSolutions)
		r.Seconds = 2 * limit.Seconds()
		if r.Solved {
			r.Seconds = r.Result.Elapsed.Seconds()
		}
	}
}

// solved says whether r solved the instance and, when it did not or with
// a reservation, why.
func (in *instanceRun) solved(r *solverRun, allSolutions bool) (bool, []string) {
	if len(r.Wrong) > 0 {
		return false, nil
	}
	if r.Result == nil {
		return false, []string{"did not run"}
	}
	status, sols := r.status(), r.solutions()
	lastConfirmed := len(sols) > 0 && r.trustedSolution(len(sols)-1)
	var notes []string
	for k := range sols {
		if !r.trustedSolution(k) {
			notes = append(notes, fmt.Sprintf("solution %d unconfirmed: %s", k+1, r.Confirms[k].Reason))
		}
	}
	switch {
	case status == minizinc.Error:
		return false, append(notes, "error: "+firstLine(r.Result.Err()))
	case status == minizinc.Unsatisfiable:
		if r.Claim != nil && r.Claim.Verdict == minizinc.Undecided {
			notes = append(notes, "unsatisfiability unconfirmed: "+r.Claim.Reason)
		}
		return true, notes
	case in.Method == minizinc.Satisfy && !allSolutions:
		return lastConfirmed, notes
	case in.Method == minizinc.Satisfy:
		return status == minizinc.AllSolutions && len(notes) == 0, append(notes, notSolvedWhy(status)...)
	case status == minizinc.Optimal:
		if r.Claim != nil && r.Claim.Verdict == minizinc.Undecided {
			notes = append(notes, "optimum unconfirmed: "+r.Claim.Reason)
		}
		return lastConfirmed, notes
	}
	if x, ok := r.bestObjective(); ok {
		notes = append(notes, fmt.Sprintf("best objective %d, not proven optimal", x))
	}
	return false, append(notes, notSolvedWhy(status)...)
}

func notSolvedWhy(s minizinc.Status) []string {
	switch s {
	case minizinc.Unknown, minizinc.Satisfied:
		return []string{"search not finished within the limit"}
	case minizinc.Unbounded, minizinc.UnsatOrUnbounded:
		return []string{"status " + s.String()}
	}
	return nil
}

// firstLine is err's message, shortened for a note.
func firstLine(err error) string {
	if err == nil {
		return "no message"
	}
	msg := err.Error()
	if len(msg) > 200 {
		msg = msg[:200] + "..."
	}
	return msg
}

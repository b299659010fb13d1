package cp

import (
	"fmt"
	"math"
)

// RestartPolicy names the sequence of failure budgets of the runs of a
// restarting search.
type RestartPolicy uint8

// Restart policies, as FlatZinc's restart annotations name them.
const (
	RestartNone      RestartPolicy = iota // one run, no restart
	RestartConstant                       // Scale failures per run
	RestartLinear                         // Scale, 2·Scale, 3·Scale, ...
	RestartLuby                           // Scale times the Luby sequence 1 1 2 1 1 2 4 ...
	RestartGeometric                      // Scale, Scale·Base, Scale·Base², ...
)

var restartNames = [...]string{RestartNone: "none", RestartConstant: "constant", RestartLinear: "linear",
	RestartLuby: "luby", RestartGeometric: "geometric"}

// String returns the policy's name.
func (p RestartPolicy) String() string { return enumName(restartNames[:], "RestartPolicy", p) }

// Restarts makes Solve, Minimize and Maximize give up a run of the search
// once it has failed as often as the policy's sequence allows for that run,
// and start again from the root. What the search learned stays: the
// failure counts that DomWDeg and SelectDomWDeg weigh, the random state of
// ValueRandom, and an optimising search's bound, so each run goes another
// way. The linear, Luby and geometric (Base > 1) budgets grow without end,
// so a search under them still ends, with the same answer. A constant
// budget does not grow: such a search may run forever on a problem without
// solution, or to prove an optimum, unless a limit or its context stops
// it, as with other solvers. MiniZinc's documentation counts its restart
// budgets in nodes; Gecode, like this package, counts failures.
type Restarts struct {
	Policy RestartPolicy
	Scale  int64   // the unit of the sequence, in failures; at least 1
	Base   float64 // RestartGeometric's factor; at least 1
}

// check returns an error when r cannot make a sequence.
func (r Restarts) check() error {
	switch {
	case r.Policy == RestartNone:
		return nil
	case r.Policy > RestartGeometric:
		return fmt.Errorf("cp: unknown restart policy %v", r.Policy)
	case r.Scale < 1:
		return fmt.Errorf("cp: restart scale %d, want at least 1", r.Scale)
	case r.Policy == RestartGeometric && !(r.Base >= 1):
		return fmt.Errorf("cp: geometric restart base %v, want at least 1", r.Base)
	}
	return nil
}

// Limit returns the failure budget of run i, counted from 0.
func (r Restarts) Limit(i int) int64 {
	switch r.Policy {
	case RestartNone:
		return math.MaxInt64
	case RestartConstant:
		return r.Scale
	case RestartLinear:
		return saturatingMul(r.Scale, int64(i)+1)
	case RestartLuby:
		return saturatingMul(r.Scale, int64(luby(i)))
	}
	f := float64(r.Scale) * math.Pow(r.Base, float64(i))
	if f >= math.MaxInt64 {
		return math.MaxInt64
	}
	return int64(f)
}

// runs follows the runs of a restarting search.
type runs struct {
	s         *Solver
	r         Restarts
	i         int
	limit     int64 // the failures this run may make
	failures0 int64 // the solver's failures when this run began
}

func (r Restarts) runs(s *Solver) runs {
	return runs{s: s, r: r, limit: r.Limit(0), failures0: s.stats.Failures}
}

// over reports whether the run has used up its failures.
func (rs *runs) over() bool {
	return rs.r.Policy != RestartNone && rs.s.stats.Failures-rs.failures0 >= rs.limit
}

// next starts the next run.
func (rs *runs) next() {
	rs.i++
	rs.s.stats.Restarts++
	rs.limit = rs.r.Limit(rs.i)
	rs.failures0 = rs.s.stats.Failures
}

// saturatingMul returns a·b, or the int64 nearest to it when it overflows.
func saturatingMul(a, b int64) int64 {
	if a == 0 || b == 0 {
		return 0
	}
	p := a * b
	if p/b != a || (a == -1 && b == math.MinInt64) || (b == -1 && a == math.MinInt64) {
		if (a < 0) != (b < 0) {
			return math.MinInt64
		}
		return math.MaxInt64
	}
	return p
}

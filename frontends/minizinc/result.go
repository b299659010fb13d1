package minizinc

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"
)

// Status is how a run ended, in MiniZinc's words.
type Status int

// The statuses of a run. Satisfied is "solutions found, search not
// finished": a satisfaction problem asked for one solution, or an
// optimisation stopped before it proved its best solution optimal.
const (
	Unknown          Status = iota // no solution and no proof: a limit was reached
	Satisfied                      // at least one solution; the search did not finish
	AllSolutions                   // satisfaction: the search finished, every solution asked for was printed
	Optimal                        // optimisation: the last solution is proven optimal
	Unsatisfiable                  // proven to have no solution
	Unbounded                      // the objective is unbounded
	UnsatOrUnbounded               // unsatisfiable or unbounded, the solver cannot tell which
	Error                          // minizinc or the solver failed: see Result.Errors
)

var statusNames = []string{"UNKNOWN", "SATISFIED", "ALL_SOLUTIONS", "OPTIMAL_SOLUTION",
	"UNSATISFIABLE", "UNBOUNDED", "UNSAT_OR_UNBOUNDED", "ERROR"}

// String returns the status as minizinc's JSON stream spells it:
// UNKNOWN, SATISFIED, ALL_SOLUTIONS, OPTIMAL_SOLUTION, UNSATISFIABLE,
// UNBOUNDED, UNSAT_OR_UNBOUNDED or ERROR.
func (s Status) String() string {
	if s < 0 || int(s) >= len(statusNames) {
		return fmt.Sprintf("Status(%d)", int(s))
	}
	return statusNames[s]
}

// HasSolution reports whether a run that ended with status s printed a
// solution: Satisfied, AllSolutions or Optimal. (A run whose status is
// Error may have printed solutions before it failed.)
func (s Status) HasSolution() bool { return s == Satisfied || s == AllSolutions || s == Optimal }

// MarshalText writes the status as String does.
func (s Status) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a status as String writes it.
func (s *Status) UnmarshalText(text []byte) error {
	i := slices.Index(statusNames, string(text))
	if i < 0 {
		return fmt.Errorf("unknown status %q", text)
	}
	*s = Status(i)
	return nil
}

// Method is what the model's solve item asks for.
type Method string

// The solve methods. A Result whose statistics did not name the method
// has Method "".
const (
	Satisfy  Method = "satisfy"
	Minimize Method = "minimize"
	Maximize Method = "maximize"
)

// Better reports whether objective a is strictly better than b under m.
func (m Method) Better(a, b int64) bool {
	switch m {
	case Minimize:
		return a < b
	case Maximize:
		return a > b
	}
	return false
}

// A Solution is one solution as minizinc printed it.
type Solution struct {
	// Names lists the output variables in the order minizinc printed them,
	// and Values gives their values.
	Names  []string
	Values map[string]Value
	// Objective is the objective's value for an optimisation problem, nil
	// otherwise.
	Objective *int64
	// Output is the text of the model's output item, when it has one.
	Output string
	// Time is when minizinc printed the solution, from its start.
	Time time.Duration
	// raw holds the JSON text of each output variable, which Confirm hands
	// back to minizinc as data.
	raw map[string]json.RawMessage
}

// Set gives the output variable name the value v, after the others when
// it is new. Confirm then hands v to the reference solver in place of
// what minizinc printed.
func (s *Solution) Set(name string, v Value) {
	if s.Values == nil {
		s.Values = map[string]Value{}
	}
	if _, ok := s.Values[name]; !ok {
		s.Names = append(s.Names, name)
	}
	s.Values[name] = v
	delete(s.raw, name)
}

// Result is what one run of minizinc reported.
type Result struct {
	Status Status
	// Method is what the solve item asks for, from minizinc's statistics.
	Method Method
	// Solutions lists the solutions in the order they were printed; for an
	// optimisation problem the last is the best.
	Solutions []Solution
	// Statistics holds minizinc's and the solver's statistics (-s) by name,
	// the later of two with one name winning; strings lose their quotes.
	Statistics map[string]string
	// Warnings and Errors hold minizinc's messages, each a line:
	// "file:line.col: kind: text" where minizinc gave a place.
	Warnings []string
	Errors   []string
	// Stderr is the end of minizinc's standard error.
	Stderr string
	// Elapsed is the wall-clock time of the run.
	Elapsed time.Duration
	// Killed reports that the run outlived its time limit and grace, and
	// was killed with its process group.
	Killed bool
	// ExitCode is minizinc's exit status, -1 when it was killed.
	ExitCode int
}

// Best returns the last solution, the best of an optimisation, or nil.
func (r *Result) Best() *Solution {
	if len(r.Solutions) == 0 {
		return nil
	}
	return &r.Solutions[len(r.Solutions)-1]
}

// Err returns, for a run whose status is Error, an error with minizinc's
// first message; nil otherwise.
func (r *Result) Err() error {
	if r.Status != Error {
		return nil
	}
	switch {
	case len(r.Errors) > 0:
		return fmt.Errorf("minizinc: %s", r.Errors[0])
	case r.Stderr != "":
		return fmt.Errorf("minizinc failed (exit %d): %s", r.ExitCode, lastLine(r.Stderr))
	}
	return fmt.Errorf("minizinc failed (exit %d) without a message", r.ExitCode)
}

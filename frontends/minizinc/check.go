package minizinc

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// DefaultCheckLimit bounds each run of a reference solver when the
// Checker gives no limit.
const DefaultCheckLimit = 60 * time.Second

// A Checker judges the answers of a solver with reference solvers.
type Checker struct {
	Program *Program
	// Solvers are the reference solvers (ids or .msc paths), asked in
	// order: when one fails on the model, with status Error, the next one
	// is asked. (Gecode 6.2's own library fails to compile many models
	// under MiniZinc 2.6; Gecode on the standard library does not.)
	Solvers []string
	// TimeLimit bounds each reference run; DefaultCheckLimit when 0.
	TimeLimit time.Duration
}

// Verdict is a reference solver's judgement of an answer.
type Verdict int

// The verdicts.
const (
	Undecided Verdict = iota // the reference failed or ran out of time
	Confirmed                // the answer holds
	Refuted                  // the answer is wrong
)

var verdictNames = []string{"undecided", "confirmed", "refuted"}

// String returns "undecided", "confirmed" or "refuted".
func (v Verdict) String() string {
	if v < 0 || int(v) >= len(verdictNames) {
		return fmt.Sprintf("Verdict(%d)", int(v))
	}
	return verdictNames[v]
}

// MarshalText writes the verdict as String does.
func (v Verdict) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// A Check is the outcome of asking the reference solvers about an answer.
type Check struct {
	Verdict Verdict
	// Solver is the reference solver that decided, or the last one asked.
	Solver string
	// Reason says in words why, e.g. "with these values the model is
	// unsatisfiable (org.gecode.gecode)".
	Reason string
	// Better is, when CheckOptimum refutes an optimum, the better
	// objective the reference found.
	Better *int64
	// Elapsed is the time the reference runs took together.
	Elapsed time.Duration
}

// Confirm asks whether sol is a solution of the instance: it fixes sol's
// output variables (those the instance's data assigns already are left
// out), the integer and Boolean ones by constraints (see pinConstraints),
// the others as data (minizinc's own JSON of them), and, when sol has an
// objective, adds the constraint _objective = that value; the
// answer is Confirmed when a reference solver finds the model satisfiable
// so, and Refuted when one proves it unsatisfiable.
func (c *Checker) Confirm(ctx context.Context, in Instance, sol *Solution) (Check, error) {
	dir, err := os.MkdirTemp("", "minizinc-check-")
	if err != nil {
		return Check{}, err
	}
	defer os.RemoveAll(dir)
	given, err := assignedNames(in.Data)
	if err != nil {
		return Check{}, err
	}
	pins, pinned := sol.pinConstraints(given)
	for name := range given {
		pinned[name] = true
	}
	req := Request{Instance: Instance{Model: in.Model, Data: append([]string(nil), in.Data...)}}
	// minizinc refuses a JSON data file without a field: write one only
	// for the outputs left to data.
	if slices.ContainsFunc(sol.Names, func(name string) bool { return !pinned[name] }) {
		data, err := sol.dataJSON(pinned)
		if err != nil {
			return Check{}, err
		}
		solFile := filepath.Join(dir, "solution.json")
		if err := os.WriteFile(solFile, data, 0o600); err != nil {
			return Check{}, err
		}
		req.Data = append(req.Data, solFile)
	}
	what := "these values"
	if sol.Objective != nil {
		what = fmt.Sprintf("these values and objective %d", *sol.Objective)
		pins = append(pins, "_objective = "+fmt.Sprint(*sol.Objective))
	}
	if len(pins) > 0 {
		if req.Files, err = constraintFile(dir, pins...); err != nil {
			return Check{}, err
		}
	}
	return c.ask(ctx, req, dir, func(r *Result) (Verdict, string) {
		switch {
		case r.Status.HasSolution():
			return Confirmed, "the model is satisfiable with " + what
		case r.Status == Unsatisfiable:
			return Refuted, "with " + what + " the model is unsatisfiable"
		}
		return Undecided, "no answer within the limit"
	})
}

// CheckOptimum asks whether objective is optimal for the instance under
// method (Minimize or Maximize): it adds the constraint that _objective be
// strictly better. The answer is Refuted, with Check.Better, when a
// reference solver finds a better solution, and Confirmed when one proves
// there is none.
func (c *Checker) CheckOptimum(ctx context.Context, in Instance, method Method, objective int64) (Check, error) {
	op := map[Method]string{Minimize: "<", Maximize: ">"}[method]
	if op == "" {
		return Check{}, fmt.Errorf("CheckOptimum: method %q is not an optimisation", method)
	}
	dir, err := os.MkdirTemp("", "minizinc-check-")
	if err != nil {
		return Check{}, err
	}
	defer os.RemoveAll(dir)
	files, err := constraintFile(dir, fmt.Sprintf("_objective %s %d", op, objective))
	if err != nil {
		return Check{}, err
	}
	var better *int64
	check, err := c.ask(ctx, Request{Instance: in, Files: files}, dir, func(r *Result) (Verdict, string) {
		switch {
		case r.Status.HasSolution() && r.Best().Objective != nil:
			better = r.Best().Objective
			return Refuted, fmt.Sprintf("objective %d beats %d", *better, objective)
		case r.Status == Unsatisfiable:
			return Confirmed, fmt.Sprintf("no objective beats %d", objective)
		}
		return Undecided, fmt.Sprintf("no objective better than %d found within the limit", objective)
	})
	check.Better = better
	return check, err
}

// CheckUnsatisfiable asks whether the instance has no solution: Refuted
// when a reference solver finds one, Confirmed when one proves there is
// none.
func (c *Checker) CheckUnsatisfiable(ctx context.Context, in Instance) (Check, error) {
	dir, err := os.MkdirTemp("", "minizinc-check-")
	if err != nil {
		return Check{}, err
	}
	defer os.RemoveAll(dir)
	return c.ask(ctx, Request{Instance: in}, dir, func(r *Result) (Verdict, string) {
		switch {
		case r.Status.HasSolution():
			return Refuted, "the model has a solution"
		case r.Status == Unsatisfiable:
			return Confirmed, "the model is unsatisfiable"
		}
		return Undecided, "no answer within the limit"
	})
}

// ask runs req with each reference solver in turn until one does not fail,
// and judges its result.
func (c *Checker) ask(ctx context.Context, req Request, dir string, judge func(*Result) (Verdict, string)) (Check, error) {
	if len(c.Solvers) == 0 {
		return Check{}, errors.New("minizinc: the checker has no reference solver")
	}
	req.TimeLimit = cmp.Or(c.TimeLimit, DefaultCheckLimit)
	var check Check
	var failures []string
	for _, s := range c.Solvers {
		req.Solver = s
		r, err := c.Program.solveIn(ctx, req, dir)
		if r != nil {
			check.Elapsed += r.Elapsed
		}
		if err != nil {
			return check, err
		}
		check.Solver = s
		if r.Status == Error {
			failures = append(failures, fmt.Sprintf("%s: %v", s, r.Err()))
			continue
		}
		v, reason := judge(r)
		check.Verdict, check.Reason = v, reason+" ("+s+")"
		return check, nil
	}
	check.Verdict, check.Reason = Undecided, "every reference solver failed: "+strings.Join(failures, "; ")
	return check, nil
}

// dataJSON writes the output variables of sol as a JSON data file, but
// for those in skip.
func (sol *Solution) dataJSON(skip map[string]bool) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("{")
	first := true
	for _, name := range sol.Names {
		if skip[name] {
			continue
		}
		raw, ok := sol.raw[name]
		if !ok { // a Solution built by hand rather than read from minizinc
			var err error
			if raw, err = json.Marshal(sol.Values[name]); err != nil {
				return nil, fmt.Errorf("variable %s: %w", name, err)
			}
		}
		if !first {
			b.WriteString(",")
		}
		first = false
		key, _ := json.Marshal(name)
		b.Write(key)
		b.WriteString(":")
		b.Write(raw)
		b.WriteString("\n")
	}
	b.WriteString("}\n")
	return b.Bytes(), nil
}

// constraintFile writes a model file in dir that holds the constraints
// and returns it as a list of files for a Request.
func constraintFile(dir string, constraints ...string) ([]string, error) {
	var b strings.Builder
	for _, c := range constraints {
		b.WriteString("constraint " + c + ";\n")
	}
	path := filepath.Join(dir, "constraint.mzn")
	err := os.WriteFile(path, []byte(b.String()), 0o600)
	return []string{path}, err
}

// pinConstraints returns the constraints that fix the output variables of
// sol, but for those in skip, whose values are integers or Booleans or
// arrays of them (an array through array1d, whatever its index sets), and
// the names it fixed; Confirm gives the others as data. Constraints leave
// the model's declarations as they are, where data would not: a model may
// declare a variable's domain from another's bounds (routing-flexible of
// the MiniZinc benchmarks: lb_array(x)..ub_array(x)), which a value given
// as data narrows, so that a correct solution would be refuted.
func (sol *Solution) pinConstraints(skip map[string]bool) ([]string, map[string]bool) {
	var pins []string
	pinned := map[string]bool{}
	for _, name := range sol.Names {
		if skip[name] {
			continue
		}
		raw, ok := sol.raw[name]
		if !ok {
			var err error
			if raw, err = json.Marshal(sol.Values[name]); err != nil {
				continue // dataJSON reports it
			}
		}
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.UseNumber()
		var v any
		if dec.Decode(&v) != nil {
			continue
		}
		if list, ok := v.([]any); ok {
			var elems []string
			if !flattenScalars(list, &elems) || len(elems) == 0 {
				continue
			}
			pins = append(pins, fmt.Sprintf("array1d(%s) = [%s]", name, strings.Join(elems, ", ")))
		} else if lit, ok := scalarLiteral(v); ok {
			pins = append(pins, name+" = "+lit)
		} else {
			continue
		}
		pinned[name] = true
	}
	return pins, pinned
}

// flattenScalars appends the MiniZinc literals of a JSON array's leaves,
// in row-major order, and reports whether every leaf is an integer or a
// Boolean.
func flattenScalars(list []any, out *[]string) bool {
	for _, e := range list {
		if sub, ok := e.([]any); ok {
			if !flattenScalars(sub, out) {
				return false
			}
			continue
		}
		lit, ok := scalarLiteral(e)
		if !ok {
			return false
		}
		*out = append(*out, lit)
	}
	return true
}

// scalarLiteral returns the MiniZinc literal of a JSON integer or Boolean.
func scalarLiteral(v any) (string, bool) {
	switch x := v.(type) {
	case bool:
		return fmt.Sprint(x), true
	case json.Number:
		if _, err := x.Int64(); err == nil {
			return x.String(), true
		}
	}
	return "", false
}

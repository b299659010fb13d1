package fzn

import (
	"strconv"
	"time"
)

// Status is how the solving of a model ended, in the terms of the
// FlatZinc output: what the lines after the last solution say.
type Status uint8

// The statuses.
const (
	// Unknown: stopped (a limit, a cancellation) before any answer.
	Unknown Status = iota
	// Satisfied: solutions were found, and the search did not finish:
	// satisfaction stopped after the solutions asked for, or optimisation
	// stopped before proving the last solution optimal.
	Satisfied
	// AllSolutions: the search found every solution of a satisfaction
	// problem ("==========").
	AllSolutions
	// Optimal: the last solution is proven optimal ("==========").
	Optimal
	// Unsatisfiable: the model has no solution ("=====UNSATISFIABLE=====").
	Unsatisfiable
)

var statusNames = [...]string{
	Unknown: "unknown", Satisfied: "satisfied", AllSolutions: "all solutions",
	Optimal: "optimal", Unsatisfiable: "unsatisfiable",
}

// String returns the status in words: "optimal", "unsatisfiable", ...
func (st Status) String() string {
	if int(st) < len(statusNames) {
		return statusNames[st]
	}
	return "Status(" + strconv.Itoa(int(st)) + ")"
}

// Complete reports whether the status closes the search: every solution
// found, the optimum proven, or no solution.
func (st Status) Complete() bool {
	return st == AllSolutions || st == Optimal || st == Unsatisfiable
}

// Result is the outcome of solving a model with one engine.
type Result struct {
	Status Status
	// Solutions counts the solutions handed out.
	Solutions int
	// Objective is the objective's value in the last solution, when the
	// model optimises and a solution was found.
	Objective int64
	// Stats are the engine's statistics, in the order it reports them.
	Stats []Stat
	// Time is how long the solving took.
	Time time.Duration
}

// Stat is one statistic of an engine, named as MiniZinc's statistics
// are (nodes, failures, propagations, solutions, peakDepth, ...).
type Stat struct {
	Name  string
	Value int64
}

package statespace

// This file is the loop every bounded-horizon engine shares: ask "is
// there a plan of horizon k?" for k = From, From+1, ... The first yes is
// optimal; the no answers before it, and From (a lower bound the caller
// proved), are the proof. A horizon is a number of actions unless the
// model says otherwise (Budgeted).
//
// Proving unsolvability. On its own a bounded search proves only that no
// plan within some horizon exists. Two ways go further:
//
//   - HorizonOptions.Bound: the caller knows that if any plan exists, one
//     exists within horizon Bound (a shortest plan never visits a state
//     twice, so it has fewer actions than there are states; Explore gives
//     the exact largest distance from the start). Refuting every horizon
//     up to Bound proves the puzzle unsolvable.
//   - HorizonOptions.Complete: the engine also forbids paths that visit a
//     state twice (the model's Distinct), and before the question of
//     horizon k asks whether any such path of k actions exists at all,
//     wherever it ends. When none does, every reachable state has a
//     shortest path of fewer than k actions, and the earlier horizons
//     found no goal at any of them: the puzzle is unsolvable. This is the
//     recurrence-diameter test of bounded model checking; it ends only
//     once k passes the longest loop-free path.

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/waterworks-solver/waterworks/cp"
	"github.com/waterworks-solver/waterworks/models/enumname"
	"github.com/waterworks-solver/waterworks/sat"
)

// ErrHorizon is wrapped by the error of a bounded-horizon engine that has
// refuted every horizon up to HorizonOptions.MaxHorizon and looked no
// further. Plans of a longer horizon may exist.
var ErrHorizon = errors.New("no plan within the horizon")

// ErrFormulaLimit is wrapped by the error of SolveSAT when the next step
// would take the formula past HorizonOptions.MaxClauses.
var ErrFormulaLimit = errors.New("formula limit reached")

// ErrTooLargeForSAT is wrapped by the error of a model's SAT solving (such
// as the crossing puzzles' SolveSAT) when it can tell, before it encodes
// anything, that its encoding of the puzzle would be too large to build:
// the puzzle is for a search over keys instead.
var ErrTooLargeForSAT = errors.New("too large for the SAT method")

// HorizonOptions tune the bounded-horizon engines. The zero value starts
// at horizon 0 and goes on until a plan is found or the context ends.
type HorizonOptions struct {
	// From is the first horizon asked about: a proven lower bound on the
	// horizon of every plan (such as an admissible estimate of the start).
	From int
	// MaxHorizon, when positive, stops the search with ErrHorizon once
	// every horizon up to it is refuted.
	MaxHorizon int
	// Bound, when positive, is a proven upper bound: if any plan exists,
	// one exists within horizon Bound. Refuting every horizon up to it
	// proves the puzzle unsolvable (Proof ProofBound).
	Bound int
	// Complete forbids plans that visit a state twice and proves the
	// puzzle unsolvable when no loop-free path of the horizon's length
	// exists (Proof ProofLoopFree); see the comment of horizon.go. The
	// model must implement Distinct (SAT) or CPDistinct (CP).
	Complete bool
	// MaxClauses, when positive, bounds the size of SolveSAT's formula: a
	// step that would take it past this many clauses is not added, and
	// the search stops with ErrFormulaLimit.
	MaxClauses int
	// Progress, when set, is called after every horizon is decided.
	Progress func(Round)
}

// Answer is what the question of one horizon got.
type Answer uint8

const (
	// AnswerUnknown: the question was not decided (stopped, or failed).
	AnswerUnknown Answer = iota
	// AnswerPlan: a plan of this horizon exists; Round is the last one.
	AnswerPlan
	// AnswerNone: no plan of this horizon exists.
	AnswerNone
	// AnswerNoPath: with Complete, no loop-free path of this horizon's
	// length exists at all, so the puzzle is unsolvable.
	AnswerNoPath
)

// answers names the answers as the command line prints them.
var answers = enumname.Table[Answer]{Type: "Answer", Names: []string{AnswerUnknown: "unknown", AnswerPlan: "plan", AnswerNone: "none", AnswerNoPath: "no path"}}

// String returns "unknown", "plan", "none" or "no path".
func (a Answer) String() string { return answers.String(a) }

// Round records the question of one horizon.
type Round struct {
	// K is the horizon.
	K int
	// Steps is the number of steps unrolled for it (K unless the model is
	// Budgeted).
	Steps  int
	Answer Answer
	// Vars and Clauses give the size of the formula (SAT) or of the model
	// (CP: variables and propagators) the question was put to.
	Vars, Clauses int
	// SAT holds the backend's work on this horizon (SAT engines; zero for
	// backends that do not report it).
	SAT sat.Stats
	// CP holds the search's work on this horizon (CP engines).
	CP cp.Stats
	// Time covers encoding, loading and solving this horizon.
	Time time.Duration
}

// Proof says how a bounded-horizon engine proved a puzzle unsolvable.
type Proof uint8

const (
	// ProofNone: no proof (the puzzle was solved, or the search stopped).
	ProofNone Proof = iota
	// ProofBound: every horizon up to HorizonOptions.Bound was refuted.
	ProofBound
	// ProofLoopFree: no loop-free path as long as the last horizon exists
	// (HorizonOptions.Complete).
	ProofLoopFree
)

// proofs names the proofs; ProofNone has no name.
var proofs = enumname.Table[Proof]{Type: "Proof", Names: []string{ProofBound: "bound", ProofLoopFree: "loop-free"}}

// String returns "", "bound" or "loop-free".
func (p Proof) String() string {
	if p == ProofNone {
		return ""
	}
	return proofs.String(p)
}

// HorizonResult is the answer of a bounded-horizon engine.
type HorizonResult[A any] struct {
	// Status is Solved with an optimal plan, Unsolvable with a Proof, or
	// Unknown when the search stopped.
	Status Status
	Plan   []A
	// Horizon is the last horizon asked about: the optimum when Solved.
	Horizon int
	Proof   Proof
	// LongestPath is, for ProofLoopFree, the length of the longest
	// loop-free path from the start, and for ProofBound the bound.
	LongestPath int
	// Rounds has one entry per horizon asked about, in order.
	Rounds []Round
}

// Totals sums the rounds: their SAT and CP work and time, with the size of
// the last formula or model.
func (r HorizonResult[A]) Totals() Round {
	var t Round
	for _, rd := range r.Rounds {
		t.SAT = t.SAT.Add(rd.SAT)
		t.CP = addCPStats(t.CP, rd.CP)
		t.Time += rd.Time
	}
	if n := len(r.Rounds); n > 0 {
		last := r.Rounds[n-1]
		t.K, t.Steps, t.Answer, t.Vars, t.Clauses = last.K, last.Steps, last.Answer, last.Vars, last.Clauses
	}
	return t
}

func addCPStats(a, b cp.Stats) cp.Stats {
	return cp.Stats{Nodes: a.Nodes + b.Nodes, Failures: a.Failures + b.Failures,
		Propagations: a.Propagations + b.Propagations, Solutions: a.Solutions + b.Solutions,
		MaxDepth: max(a.MaxDepth, b.MaxDepth), Time: a.Time + b.Time}
}

// unrolling is one engine's way of putting the question of a horizon.
type unrolling[A any] interface {
	// pathExists reports whether a loop-free path of the horizon's steps
	// exists (Complete), adding its work to rd.
	pathExists(ctx context.Context, k int, rd *Round) (bool, error)
	// ask looks for a plan of horizon k, adding its work to rd: the plan,
	// or nil when there is none.
	ask(ctx context.Context, k int, rd *Round) ([]A, error)
	// steps returns the number of steps horizon k unrolls.
	steps(k int) int
}

// deepen asks u the question of every horizon from opts.From on, checks
// every plan with check, and records the rounds.
func deepen[A any](ctx context.Context, u unrolling[A], opts HorizonOptions, check func(plan []A, k int) error) (HorizonResult[A], error) {
	r := HorizonResult[A]{Status: Unknown}
	if opts.From < 0 || opts.MaxHorizon < 0 || opts.Bound < 0 {
		return r, fmt.Errorf("statespace: negative horizon option (from %d, max %d, bound %d)", opts.From, opts.MaxHorizon, opts.Bound)
	}
	closeRound := func(rd Round, began time.Time) {
		rd.Time = time.Since(began)
		r.Rounds = append(r.Rounds, rd)
		if opts.Progress != nil {
			opts.Progress(rd)
		}
	}
	for k := opts.From; ; k++ {
		switch {
		case opts.Bound > 0 && k > opts.Bound:
			r.Status, r.Proof, r.LongestPath = Unsolvable, ProofBound, opts.Bound
			return r, nil
		case opts.MaxHorizon > 0 && k > opts.MaxHorizon:
			return r, fmt.Errorf("%w: no plan of horizon at most %d", ErrHorizon, opts.MaxHorizon)
		}
		if err := ctx.Err(); err != nil {
			return r, err
		}
		r.Horizon = k
		began := time.Now()
		rd := Round{K: k, Steps: u.steps(k)}
		if opts.Complete && rd.Steps > 0 {
			ok, err := u.pathExists(ctx, k, &rd)
			if err != nil {
				closeRound(rd, began)
				return r, err
			}
			if !ok {
				rd.Answer = AnswerNoPath
				closeRound(rd, began)
				r.Status, r.Proof, r.LongestPath = Unsolvable, ProofLoopFree, rd.Steps-1
				return r, nil
			}
		}
		plan, err := u.ask(ctx, k, &rd)
		if err != nil {
			closeRound(rd, began)
			return r, err
		}
		if plan == nil {
			rd.Answer = AnswerNone
			closeRound(rd, began)
			continue
		}
		if err := check(plan, k); err != nil {
			closeRound(rd, began)
			return r, fmt.Errorf("internal error: the plan decoded at horizon %d fails the check: %w", k, err)
		}
		rd.Answer = AnswerPlan
		closeRound(rd, began)
		r.Status, r.Plan = Solved, plan
		return r, nil
	}
}

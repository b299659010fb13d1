package jugs

// This file holds what the bounded-horizon engines can hold. Both keep an
// amount as one value per unit of water: a cp domain of capacity+1 values,
// or an order encoding of capacity variables per step. BFS keeps amounts
// as numbers and takes every puzzle Validate accepts (up to MaxCapacity),
// so a puzzle too large for SolveCP or SolveSAT is an input error that
// names BFS, found before anything is allocated for it.

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/waterworks-solver/waterworks/models/membudget"
)

// ErrTooLarge is wrapped by the errors of SolveCP and SolveSAT, and of
// FitsCP and FitsSAT, for a valid puzzle whose capacities their encodings
// cannot hold. BFS has no such limit.
var ErrTooLarge = errors.New("too large for this method")

// MaxUnitCapacity is the largest capacity SolveCP and SolveSAT take, in
// units of the greatest common divisor of the capacities and initial
// amounts: the cp core's domains hold at most 2^24 values, and the SAT
// encoding, one variable per unit per step, would need as many variables
// per step as the int32 literals of package sat can number after a few
// hundred steps.
const MaxUnitCapacity = 1<<24 - 1

// satBytesPerClause is the memory a clause of the SAT encoding costs,
// formula and solver together: jugs solve --method sat on capacities
// 503,499,13 peaked at 1.15 GB with 4.4 million clauses.
const satBytesPerClause = 250

// FitsCP returns nil when SolveCP can take p, and otherwise an error
// wrapping ErrTooLarge that names the capacity and the limit. A puzzle
// that number theory proves unsolvable (Decide) fits whatever its size:
// nothing is encoded for it.
func FitsCP(p *Puzzle) error {
	return fitsUnits(p, "the CP model", "a domain of at most 2^24 values per amount")
}

// FitsSAT returns nil when SolveSAT can take p under opts, and otherwise
// an error wrapping ErrTooLarge that names the limit: a capacity over
// MaxUnitCapacity, or a single step of the encoding over
// opts.MaxClauses. As for FitsCP, a puzzle Decide rules out fits.
func FitsSAT(p *Puzzle, opts HorizonOptions) error {
	if err := fitsUnits(p, "the SAT encoding", "one variable per unit of water and step"); err != nil {
		return err
	}
	if solvable, decided := Decide(p); decided && !solvable {
		return nil
	}
	q, _ := scaleDown(p)
	if opts.Encoding.For(p) == EncodingBinary {
		if need := binStepClauses(q.Capacities); opts.MaxClauses > 0 && need > opts.MaxClauses {
			return fmt.Errorf("%w: one step of the binary SAT encoding needs up to %d clauses, more than the clause limit of %d",
				ErrTooLarge, need, opts.MaxClauses)
		}
		return nil
	}
	if need := satStepClauses(q.Capacities); opts.MaxClauses > 0 && need > int64(opts.MaxClauses) {
		return fmt.Errorf("%w: one step of the SAT encoding needs at least %d clauses (about 2(a+1)(b+1) per pair of jugs of capacities a and b), more than the clause limit of %d",
			ErrTooLarge, need, opts.MaxClauses)
	}
	return nil
}

// fitsUnits checks every capacity of p, in units of its common divisor,
// against MaxUnitCapacity; what and why name the encoding and its reason
// in the message.
func fitsUnits(p *Puzzle, what, why string) error {
	if err := p.Validate(); err != nil {
		return err
	}
	if solvable, decided := Decide(p); decided && !solvable {
		return nil
	}
	q, unit := scaleDown(p)
	for j, c := range q.Capacities {
		if c <= MaxUnitCapacity {
			continue
		}
		units := ""
		if unit > 1 {
			units = fmt.Sprintf(" (%d units of %d)", c, unit)
		}
		return fmt.Errorf("%w: jug %d has capacity %d%s; %s holds at most %d (%s)",
			ErrTooLarge, j+1, p.Capacities[j], units, what, MaxUnitCapacity, why)
	}
	return nil
}

// satStepClauses bounds from below the clauses one step of the SAT
// encoding needs: the unary sum of every pair of jugs, and the frame
// axioms and effects of every jug. It saturates at math.MaxInt64.
func satStepClauses(caps []int) int64 {
	var total float64
	for i, a := range caps {
		for _, b := range caps[i+1:] {
			total += 2 * float64(a+1) * float64(b+1)
		}
		total += 6 * float64(a)
	}
	if total >= math.MaxInt64 {
		return math.MaxInt64
	}
	return int64(total)
}

// cpModelBytes estimates the memory of a cp model of k steps of p: per
// amount variable, a bitset of capacity+1 bits and three words of bounds,
// each word costing its value, its owner and its stamp (16 bytes), twice
// over for the slack of growing slices and the trail.
func cpModelBytes(p *Puzzle, k int) int64 {
	var words int64
	for _, c := range p.Capacities {
		words += 3 + (int64(c)+64)/64
	}
	return 2 * 16 * words * int64(k+1)
}

// checkCPBudget fails with a *membudget.Error when the cp model of k steps
// would not fit the budget ctx carries.
func checkCPBudget(ctx context.Context, p *Puzzle, k int) error {
	return membudget.Check(ctx, cpModelBytes(p, k), fmt.Sprintf("the CP model of %d steps", k))
}

// checkSATBudget fails with a *membudget.Error when a SAT formula of
// clauses clauses would not fit the budget ctx carries.
func checkSATBudget(ctx context.Context, clauses, k int) error {
	return membudget.Check(ctx, int64(clauses)*satBytesPerClause, fmt.Sprintf("step %d of the SAT formula (%d clauses)", k, clauses))
}

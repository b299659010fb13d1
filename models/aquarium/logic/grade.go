package logic

import (
	"context"
	"errors"
	"fmt"

	"github.com/waterworks-solver/waterworks/cp"
	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqcp"
	"github.com/waterworks-solver/waterworks/models/enumname"
)

// Difficulty grades a puzzle by the reasoning a person needs for it.
type Difficulty uint8

const (
	// Easy puzzles fall to gravity and simple counting: a line's count met
	// or needing every open cell, an aquarium too large for what a line
	// still needs or one a line cannot do without (and, under the pool
	// rule, flat water levels).
	Easy Difficulty = iota
	// Medium puzzles also need a line's sums: which combinations of its
	// aquariums make its count. This is what propagation does.
	Medium
	// Hard puzzles need probing: supposing a block full or empty and
	// following the consequences to a contradiction.
	Hard
	// Extreme puzzles need nested probing (a supposition examined by
	// probing), or guessing.
	Extreme
)

// Difficulties lists the grades from the easiest.
var Difficulties = []Difficulty{Easy, Medium, Hard, Extreme}

// difficulties names the grades.
var difficulties = enumname.Table[Difficulty]{Type: "Difficulty", What: "difficulty",
	Names: []string{Easy: "easy", Medium: "medium", Hard: "hard", Extreme: "extreme"}}

// String returns the grade's name.
func (d Difficulty) String() string {
	return difficulties.String(d)
}

// ParseDifficulty turns a grade's name into a Difficulty.
func ParseDifficulty(s string) (Difficulty, error) {
	return difficulties.Parse(s)
}

// Grade is how hard a puzzle is to solve without guessing, and why.
type Grade struct {
	Difficulty Difficulty
	// Depth is the probing depth reasoning needed: 0 for none, 1 for
	// probing, 2 and more for nested probing. It is the depth reached when
	// Logic is false.
	Depth int
	// Logic reports that reasoning without guessing solves the puzzle.
	Logic bool
	// Nodes counts the search nodes needed to finish (and prove the
	// solution unique) when Logic is false.
	Nodes int64
	// Unique reports that the puzzle has exactly one solution; Solutions
	// is 0, 1, or 2 for two or more.
	Unique    bool
	Solutions int
	// Truncated reports that nested probing stopped at GradeBudget before
	// deciding, so the grade says guessing where deeper reasoning might
	// still have done.
	Truncated bool
}

// GradeBudget bounds the suppositions that nested probing examines when
// grading (see Model.LogicWithin): about a second on a 30×30 grid, and
// far more than graded 15×15 puzzles need (the hardest corpus puzzle
// needs 48).
const GradeBudget = 2000

// Why says in a few words what made the grade: "gravity and counting",
// "a line's sums", "probing (depth 1)", "nested probing (depth 2)",
// "guessing (153 search nodes)".
func (g Grade) Why() string {
	switch {
	case !g.Logic && g.Solutions == 0:
		return "no solution"
	case !g.Logic && g.Solutions > 1:
		return "several solutions"
	case !g.Logic && g.Truncated:
		return fmt.Sprintf("guessing (%d search nodes after probing to depth %d, cut short by its budget)", g.Nodes, g.Depth)
	case !g.Logic:
		return fmt.Sprintf("guessing (%d search nodes after probing to depth %d)", g.Nodes, g.Depth)
	case g.Depth > 1:
		return fmt.Sprintf("nested probing (depth %d)", g.Depth)
	case g.Depth == 1:
		return "probing (depth 1)"
	case g.Difficulty == Medium:
		return "a line's sums"
	}
	return "gravity and counting"
}

// String returns the grade and why: "hard: probing (depth 1)".
func (g Grade) String() string { return g.Difficulty.String() + ": " + g.Why() }

// GradePuzzle grades p under rule: the simple rules of the Reasoner first
// (easy), then the CP model's propagation (medium), probing (hard) and
// nested probing up to maxDepth within GradeBudget (extreme); when logic
// falls short, the search that finishes the puzzle counts its nodes and up
// to two solutions (extreme). The error is ctx.Err() when ctx ends the
// work.
func GradePuzzle(ctx context.Context, p *aquarium.Puzzle, rule aquarium.Rule, maxDepth int) (Grade, error) {
	if easy, err := simpleRulesSolve(ctx, p, rule); err != nil || easy {
		return Grade{Difficulty: Easy, Logic: true, Unique: true, Solutions: 1}, err
	}
	m, err := aqcp.NewModelContext(ctx, p, rule)
	if err != nil {
		return Grade{}, err
	}
	return gradeModel(ctx, m, maxDepth)
}

// gradeModel is GradePuzzle's part on the CP model, from its current state.
func gradeModel(ctx context.Context, m *aqcp.Model, maxDepth int) (Grade, error) {
	res, err := m.LogicWithin(ctx, maxDepth, GradeBudget)
	if err != nil {
		return Grade{}, err
	}
	g := Grade{Depth: res.Depth, Truncated: res.Truncated}
	switch {
	case res.Contradiction:
		g.Difficulty = Extreme
		return g, nil
	case res.Solved:
		g.Logic, g.Unique, g.Solutions = true, true, 1
		g.Difficulty = Medium
		if res.Depth == 1 {
			g.Difficulty = Hard
		} else if res.Depth > 1 {
			g.Difficulty = Extreme
		}
		return g, nil
	}
	g.Difficulty = Extreme
	g.Depth = maxDepth
	nodes := m.Solver.Stats().Nodes
	found, err := m.Search(ctx, 2, cp.Limits{})
	if err != nil {
		return g, err
	}
	g.Nodes = found.Stats.Nodes - nodes
	g.Solutions = len(found.Solutions)
	g.Unique = g.Solutions == 1 && found.Exhausted
	return g, nil
}

// SimpleRulesSolve reports whether the Reasoner's simple rules (up to
// ByBounds) solve p from an empty grid.
func SimpleRulesSolve(p *aquarium.Puzzle, rule aquarium.Rule) (bool, error) {
	return simpleRulesSolve(context.Background(), p, rule)
}

// simpleRulesSolve is SimpleRulesSolve that stops with ctx's error when
// ctx is done.
func simpleRulesSolve(ctx context.Context, p *aquarium.Puzzle, rule aquarium.Rule) (bool, error) {
	r, err := NewReasonerContext(ctx, p, rule, aquarium.Solution{})
	if errors.Is(err, aquarium.ErrWrongSolution) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	ok, err := r.propagateContext(ctx, ByBounds)
	return err == nil && ok && r.Solved(), err
}

package aquariumkind

import (
	"context"
	"fmt"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqasp"
	"github.com/waterworks-solver/waterworks/sat/backends"
)

// raceSAT is the SAT backend the race runs, with its default encoding.
const raceSAT = backends.Gini

// raceEngines returns the engines --backend race runs, one per core but at
// least two: the first of the CP core, clingo when it is on the PATH, and
// the SAT backend raceSAT on its default encoding. On two cores the SAT
// backend sits out: on large grids its CNF alone (7 million clauses for
// a 200×200 grown grid, seconds to build) would take a core from the
// engines that win there.
func raceEngines(cores int) ([]Engine, error) {
	engines := []Engine{CP()}
	if aqasp.Available() {
		engines = append(engines, clingo())
	}
	satEngine, err := Open(Options{Backend: raceSAT, Timeouts: true})
	if err != nil {
		return nil, err
	}
	engines = append(engines, satEngine)
	return engines[:min(len(engines), max(cores, 2))], nil
}

// raceResult is what one engine of a race came back with.
type raceResult struct {
	engine int
	got    Outcome
	err    error
}

// race returns the engine that runs the engines (those that model the
// puzzle's rule) at once, each in its own goroutine and external solvers in
// their own process groups, and takes the first complete answer: up to
// limit solutions, each passing the independent checker, that either
// reach the limit or come with the proof that there are no more. As soon
// as one engine answers, the others are stopped and reaped: race returns
// only when every engine has returned, so no goroutine keeps computing and
// no child process is left running. An engine that fails, crashes (a
// panic is caught) or gives a wrong or incomplete answer does not win; the
// race goes on with the others. The outcome's statistics name the winner
// first, then its own statistics.
//
// When no engine answers, race returns what the most successful one found
// and ctx's error when ctx ended the race, else every engine's error.
func race(engines []Engine) Solver {
	return func(ctx context.Context, p *aquarium.Puzzle, rule aquarium.Rule, limit int) (Outcome, error) {
		var running []Engine
		for _, e := range engines {
			if e.Takes(rule) {
				running = append(running, e)
			}
		}
		ctx, stop := context.WithCancel(ctx)
		defer stop()
		results := make(chan raceResult, len(running))
		for i, e := range running {
			go func() { results <- runRaceEngine(ctx, i, e, p, rule, limit) }()
		}
		var failures []string
		var best raceResult
		won := -1
		for range running {
			r := <-results
			if won >= 0 {
				continue // reaping the stopped engines
			}
			why := raceVerdict(r, p, rule, limit)
			if why == "" {
				won, best = r.engine, r
				stop()
				continue
			}
			failures = append(failures, running[r.engine].Name+": "+why)
			if len(r.got.Solutions) > len(best.got.Solutions) && r.err != nil {
				best = r // the most found so far, should nobody finish
			}
		}
		if won >= 0 {
			stats := kind.StatList{{Name: "winner", Value: running[won].Name}}
			if len(failures) > 0 {
				stats = append(stats, kind.Stat{Name: "failed", Value: strings.Join(failures, "; ")})
			}
			best.got.Stats = append(stats, best.got.Stats...)
			return best.got, nil
		}
		if err := ctx.Err(); err != nil { // the caller's timeout or interrupt
			return Outcome{Solutions: best.got.Solutions}, err
		}
		return Outcome{}, fmt.Errorf("race: no engine answered: %s", strings.Join(failures, "; "))
	}
}

// runRaceEngine runs one engine, turning a panic into an error.
func runRaceEngine(ctx context.Context, i int, e Engine, p *aquarium.Puzzle, rule aquarium.Rule, limit int) (r raceResult) {
	r.engine = i
	defer func() {
		if x := recover(); x != nil {
			r.got, r.err = Outcome{}, fmt.Errorf("crashed: %v", x)
		}
	}()
	r.got, r.err = e.Solve(ctx, p, rule, limit)
	return r
}

// raceVerdict returns "" when r is a complete answer, else why it is not.
func raceVerdict(r raceResult, p *aquarium.Puzzle, rule aquarium.Rule, limit int) string {
	if r.err != nil {
		return r.err.Error()
	}
	n := len(r.got.Solutions)
	if limit > 0 && n > limit {
		return fmt.Sprintf("%d solutions, more than the %d asked for", n, limit)
	}
	for i, s := range r.got.Solutions {
		if err := aquarium.Check(p, s, rule); err != nil {
			return fmt.Sprintf("solution %d fails the check: %v", i+1, err)
		}
	}
	if !r.got.Exhausted && (limit <= 0 || n < limit) {
		return "stopped without a complete answer"
	}
	return ""
}

package aquariumkind

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/waterworks-solver/waterworks/cp"
	"github.com/waterworks-solver/waterworks/cp/progress"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqasp"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqcp"
	"github.com/waterworks-solver/waterworks/models/aquarium/generate"
	"github.com/waterworks-solver/waterworks/sat/sattest"
)

var (
	scale        = flag.Bool("scale", false, "run BenchmarkScale: grown grids of 250x250 to 400x400, minutes per grid and engine")
	scaleTimeout = flag.Duration("scale.timeout", time.Hour, "BenchmarkScale: give up on one engine and grid after this long (reported as timedout=1)")
	scaleCPU     = flag.Duration("scale.cpu", 5*time.Minute, "BenchmarkScale: give up on one engine and grid after this much CPU time per engine it runs (reported as timedout=1)")
)

// scaleGrid is grown grids of size n×n, one for each seed.
type scaleGrid struct {
	n     int
	seeds []uint64
}

// scaleGrids are the grids of BenchmarkScale: grown grids
// (generate.GrownPuzzle, the family of 'aquarium generate --layout grown'
// and of issue 14) drawn from a PCG of (seed, 14), like aqcp's
// BenchmarkGrownNodes. They are made in a few milliseconds, so they are
// not stored. The seeds are the first of each size, none passed over for
// being slow for some engine; TestScaleGridsUnique (with -scale) checks
// that each grid has exactly one solution.
var scaleGrids = []scaleGrid{
	{250, []uint64{0, 1, 2, 3, 4}},
	{300, []uint64{0, 1, 2, 3, 4}},
	{400, []uint64{0, 1}},
}

// unseenGrids are the grids of BenchmarkScaleUnseen: the next seeds of
// the same family, which no engine was tuned on when they were added
// (issue 26). Keep them apart from scaleGrids, so that a change is judged
// on grids it was not made for.
var unseenGrids = []scaleGrid{
	{250, []uint64{5, 6, 7}},
	{300, []uint64{5, 6}},
}

// scaleEngines are the engines BenchmarkScale compares: the CP core and
// clingo alone, one core each, and their race (with the engines raceEngines
// picks for this machine's cores).
func scaleEngines(b *testing.B) (engines []Engine, racers int) {
	engines = []Engine{{Name: "cp", Solve: solveCPDetailed}}
	if aqasp.Available() {
		engines = append(engines, Engine{Name: ClingoBackend, Solve: solveClingo})
	} else {
		b.Log("clingo is not on the PATH: CP and race only")
	}
	rs, err := raceEngines(runtime.NumCPU())
	if err != nil {
		b.Fatal(err)
	}
	return append(engines, Engine{Name: RaceBackend, Solve: race(rs)}), len(rs)
}

// scalePuzzle is grid seed of size n×n of BenchmarkScale.
func scalePuzzle(n int, seed uint64) *aquarium.Puzzle {
	p, _ := generate.GrownPuzzle(rand.New(rand.NewPCG(seed, 14)), n, n, generate.GrownAquariums(n, n), aquarium.RegionRule)
	return p
}

// BenchmarkScale solves each grown grid of scaleGrids and proves it unique
// (or finds a second solution) with each engine of scaleEngines, once per
// run (use -benchtime 1x):
//
//	go test -run '^$' -bench Scale -benchtime 1x -timeout 0 ./frontends/kind/aquariumkind -scale
//
// (-bench 'Scale/300x300/.*/cp' picks grids and engines; -bench 'Scale'
// runs BenchmarkScaleUnseen too.)
// Besides the wall time it reports cpu-ns/op, the CPU time of this process
// and its children (clingo), which a loaded machine does not inflate as
// much, and timedout=1 for an engine stopped by -scale.cpu (CPU time per
// engine it runs) or -scale.timeout (wall time). Of the CP core, answered
// or stopped, it reports how far it came: nodes, props/node and nodes/s
// (per CPU second), failures, restarts, learned clauses and lits/learned
// (their mean length), open (the blocks probing left open), search-cpu-s
// and found-cpu-s (the CPU time at which the search began and found its
// first solution), found (the solutions found) and first_failures (the
// failures before the first).
// Every answer passes the independent checker, and the engines must agree
// on the number of solutions.
func BenchmarkScale(b *testing.B) { benchScaleGrids(b, scaleGrids) }

// BenchmarkScaleUnseen is BenchmarkScale on unseenGrids, the seeds kept
// for judging changes (-bench 'Scale' runs both).
func BenchmarkScaleUnseen(b *testing.B) { benchScaleGrids(b, unseenGrids) }

// benchScaleGrids runs every engine of scaleEngines on grids.
func benchScaleGrids(b *testing.B, grids []scaleGrid) {
	if !*scale {
		b.Skip("grids of 250x250 and more take minutes: run with -scale")
	}
	engines, racers := scaleEngines(b)
	for _, g := range grids {
		size := fmt.Sprintf("%dx%d", g.n, g.n)
		for _, seed := range g.seeds {
			p := scalePuzzle(g.n, seed)
			found := -1 // solutions found by the first engine that finished
			for _, e := range engines {
				b.Run(fmt.Sprintf("%s/seed=%d/%s", size, seed, e.Name), func(b *testing.B) {
					engines := 1
					if e.Name == RaceBackend {
						engines = racers
					}
					if n, ok := benchScaleRun(b, e.Solve, engines, p); ok {
						if found >= 0 && n != found {
							b.Errorf("%s found %d solutions, an engine before it %d", e.Name, n, found)
						}
						found = n
					}
				})
			}
		}
	}
}

// solveCPDetailed is SolveCP with the figures that say how far a search
// came when its budget stopped it: restarts, learned clauses and their
// literals, the blocks probing left open, and the failures and nodes
// when the first solution was found.
func solveCPDetailed(ctx context.Context, p *aquarium.Puzzle, rule aquarium.Rule, limit int) (Outcome, error) {
	res, err := aqcp.SolveCP(ctx, p, rule, limit, cp.Limits{})
	st := CPStats(res.Stats)
	st = append(st,
		kind.Stat{Name: "restarts", Value: res.Stats.Restarts},
		kind.Stat{Name: "learned", Value: res.Stats.Learned},
		kind.Stat{Name: "learned_lits", Value: res.Stats.LearnedLits},
		kind.Stat{Name: "open", Value: int64(res.Open)},
		kind.Stat{Name: "found", Value: int64(len(res.Solutions))})
	if len(res.Solutions) > 0 {
		st = append(st, kind.Stat{Name: "first_failures", Value: res.First.Failures})
	}
	return Outcome{Solutions: res.Solutions, Exhausted: res.Exhausted, Stats: st}, err
}

// benchScaleRun runs solve, made of so many engines, on p for up to two
// solutions, once per iteration, checks the answer and reports the
// figures of BenchmarkScale. It returns the number of solutions and whether the run
// came to an answer.
func benchScaleRun(b *testing.B, solve Solver, engines int, p *aquarium.Puzzle) (int, bool) {
	var got Outcome
	var err error
	var phases map[string]time.Duration
	cpu0, _ := sattest.CPUTime()
	for b.Loop() {
		ctx, cancel := context.WithTimeout(context.Background(), *scaleTimeout)
		ctx, stop := cpuBudget(ctx, time.Duration(engines)**scaleCPU)
		meter := new(progress.Meter)
		ctx = progress.WithMeter(ctx, meter)
		watched := watchPhases(meter)
		got, err = solve(ctx, p, aquarium.RegionRule, 2)
		phases = watched()
		stop()
		cancel()
	}
	cpu1, _ := sattest.CPUTime()
	// The CPU time, from the start of the run, at which the CP core
	// began its search and found its first solution.
	for phase, metric := range map[string]string{"search": "search-cpu-s", "search, a solution found": "found-cpu-s"} {
		if at, ok := phases[phase]; ok {
			b.ReportMetric((at - cpu0).Seconds(), metric)
		}
	}
	cpu := (cpu1 - cpu0) / time.Duration(b.N)
	b.ReportMetric(float64(cpu.Nanoseconds()), "cpu-ns/op")
	timedOut := errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled)
	if err != nil && !timedOut {
		b.Fatal(err)
	}
	reportSearch(b, got.Stats, cpu)
	if timedOut {
		b.ReportMetric(1, "timedout")
		return 0, false
	}
	for i, s := range got.Solutions {
		if err := aquarium.Check(p, s, aquarium.RegionRule); err != nil {
			b.Fatalf("solution %d fails the check: %v", i+1, err)
		}
	}
	if !got.Exhausted && len(got.Solutions) < 2 {
		b.Fatalf("%d solutions without the proof that there are no more", len(got.Solutions))
	}
	if w, ok := statValue(got.Stats, "winner"); ok {
		b.Logf("winner %v", w)
	}
	b.ReportMetric(float64(len(got.Solutions)), "solutions")
	return len(got.Solutions), true
}

// cpuBudget returns a context that is canceled once this process and its
// children have used budget of CPU time from now on, and the function
// that releases it. On a loaded machine an engine's wall time says little
// of its work, and a wall-clock limit would stop engines after very
// different amounts of it.
func cpuBudget(ctx context.Context, budget time.Duration) (context.Context, func()) {
	ctx, cancel := context.WithCancel(ctx)
	start := treeCPU()
	done := make(chan struct{})
	go func() {
		tick := time.NewTicker(50 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				if treeCPU()-start > budget {
					cancel()
					return
				}
			}
		}
	}()
	return ctx, func() { close(done); cancel() }
}

// watchPhases records, every 20 ms, the CPU time (treeCPU) at which
// meter first names each phase, until the function it returns is called;
// that function returns the times.
func watchPhases(meter *progress.Meter) func() map[string]time.Duration {
	seen := make(map[string]time.Duration)
	note := func() {
		if ph := meter.Phase(); ph != "" {
			if _, ok := seen[ph]; !ok {
				seen[ph] = treeCPU()
			}
		}
	}
	done, out := make(chan struct{}), make(chan map[string]time.Duration)
	go func() {
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			note()
			select {
			case <-done:
				note() // a phase named since the last tick
				out <- seen
				return
			case <-tick.C:
			}
		}
	}()
	return func() map[string]time.Duration { close(done); return <-out }
}

// treeCPU returns the CPU time of this process, of its children waited
// for, and of its running children (read from /proc, where there is one).
func treeCPU() time.Duration {
	total, _ := sattest.CPUTime()
	tasks, _ := filepath.Glob("/proc/self/task/*/children")
	for _, task := range tasks {
		kids, _ := os.ReadFile(task)
		for _, pid := range strings.Fields(string(kids)) {
			stat, err := os.ReadFile("/proc/" + pid + "/stat")
			if err != nil {
				continue
			}
			// utime and stime, fields 14 and 15, in clock ticks of 10ms.
			fields := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
			if len(fields) > 12 {
				u, _ := strconv.ParseInt(fields[11], 10, 64)
				s, _ := strconv.ParseInt(fields[12], 10, 64)
				total += time.Duration(u+s) * 10 * time.Millisecond
			}
		}
	}
	return total
}

// reportSearch reports the CP core's search figures when stats, of a
// run that took cpu, hold them: those of a run stopped by its budget too.
func reportSearch(b *testing.B, stats kind.StatList, cpu time.Duration) {
	nodes, okN := statValue(stats, "nodes")
	props, okP := statValue(stats, "propagations")
	if n, isInt := nodes.(int64); okN && okP && isInt {
		// Search from the root only when probing leaves the grid open.
		p := props.(int64)
		b.ReportMetric(float64(n), "nodes")
		b.ReportMetric(float64(p), "props")
		b.ReportMetric(float64(n)/cpu.Seconds(), "nodes/s")
		if n > 0 {
			b.ReportMetric(float64(p)/float64(n), "props/node")
		}
	}
	for _, name := range []string{"failures", "restarts", "learned", "open", "found", "first_failures"} {
		if v, ok := statValue(stats, name); ok {
			b.ReportMetric(float64(v.(int64)), name)
		}
	}
	learned, okL := statValue(stats, "learned")
	lits, okLits := statValue(stats, "learned_lits")
	if okL && okLits && learned.(int64) > 0 {
		b.ReportMetric(float64(lits.(int64))/float64(learned.(int64)), "lits/learned")
	}
}

// statValue returns the value of the statistic called name, the first
// one when several engines' statistics follow each other.
func statValue(l kind.StatList, name string) (any, bool) {
	for _, s := range l {
		if s.Name == name {
			return s.Value, true
		}
	}
	return nil, false
}

// TestScaleGridsUnique checks, with -scale, that every grid of
// BenchmarkScale has exactly one solution, as the race decides it.
func TestScaleGridsUnique(t *testing.T) {
	if !*scale {
		t.Skip("grids of 250x250 and more take minutes: run with -scale")
	}
	racers, err := raceEngines(runtime.NumCPU())
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range append(scaleGrids, unseenGrids...) {
		for _, seed := range g.seeds {
			t.Run(fmt.Sprintf("%dx%d/seed=%d", g.n, g.n, seed), func(t *testing.T) {
				ctx, cancel := context.WithTimeout(context.Background(), *scaleTimeout)
				defer cancel()
				got, err := race(racers)(ctx, scalePuzzle(g.n, seed), aquarium.RegionRule, 2)
				if err != nil {
					t.Fatal(err)
				}
				if len(got.Solutions) != 1 || !got.Exhausted {
					t.Errorf("%d solutions (exhausted %v), want exactly one", len(got.Solutions), got.Exhausted)
				}
			})
		}
	}
}

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

	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqasp"
	"github.com/waterworks-solver/waterworks/models/aquarium/generate"
	"github.com/waterworks-solver/waterworks/sat/sattest"
)

var (
	scale        = flag.Bool("scale", false, "run BenchmarkScale: grown grids of 250x250 to 400x400, minutes per grid and engine")
	scaleTimeout = flag.Duration("scale.timeout", time.Hour, "BenchmarkScale: give up on one engine and grid after this long (reported as timedout=1)")
	scaleCPU     = flag.Duration("scale.cpu", 5*time.Minute, "BenchmarkScale: give up on one engine and grid after this much CPU time per engine it runs (reported as timedout=1)")
)

// scaleGrids are the grids of BenchmarkScale: grown grids
// (generate.GrownPuzzle, the family of 'aquarium generate --layout grown'
// and of issue 14) drawn from a PCG of (seed, 14), like aqcp's
// BenchmarkGrownNodes. They are made in a few milliseconds, so they are
// not stored. The seeds are the first of each size, none passed over for
// being slow for some engine; TestScaleGridsUnique (with -scale) checks
// that each grid has exactly one solution.
var scaleGrids = []struct {
	n     int
	seeds []uint64
}{
	{250, []uint64{0, 1, 2, 3, 4}},
	{300, []uint64{0, 1, 2, 3, 4}},
	{400, []uint64{0, 1}},
}

// scaleEngines are the engines BenchmarkScale compares: the CP core and
// clingo alone, one core each, and their race (with the engines raceEngines
// picks for this machine's cores).
func scaleEngines(b *testing.B) (engines []Engine, racers int) {
	engines = []Engine{{Name: "cp", Solve: SolveCP}}
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
// (-bench 'Scale/300x300/.*/cp' picks grids and engines.)
// Besides the wall time it reports cpu-ns/op, the CPU time of this process
// and its children (clingo), which a loaded machine does not inflate as
// much; nodes, props/node and nodes/s (per CPU second) of the CP core when
// it gave the answer; timedout=1 for an engine stopped by -scale.cpu (CPU
// time per engine it runs) or -scale.timeout (wall time).
// Every answer passes the independent checker, and the engines must agree
// on the number of solutions.
func BenchmarkScale(b *testing.B) {
	if !*scale {
		b.Skip("grids of 250x250 and more take minutes: run with -scale")
	}
	engines, racers := scaleEngines(b)
	for _, g := range scaleGrids {
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

// benchScaleRun runs solve, made of so many engines, on p for up to two
// solutions, once per iteration, checks the answer and reports the
// figures of BenchmarkScale. It returns the number of solutions and whether the run
// came to an answer.
func benchScaleRun(b *testing.B, solve Solver, engines int, p *aquarium.Puzzle) (int, bool) {
	var got Outcome
	var err error
	cpu0, _ := sattest.CPUTime()
	for b.Loop() {
		ctx, cancel := context.WithTimeout(context.Background(), *scaleTimeout)
		ctx, stop := cpuBudget(ctx, time.Duration(engines)**scaleCPU)
		got, err = solve(ctx, p, aquarium.RegionRule, 2)
		stop()
		cancel()
	}
	cpu1, _ := sattest.CPUTime()
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
	for _, g := range scaleGrids {
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

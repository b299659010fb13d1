package fzncli

import (
	"io"
	"strings"
	"sync"

	"github.com/waterworks-solver/waterworks/frontends/fznfmt"
	"github.com/waterworks-solver/waterworks/frontends/kind/fznkind"
	"github.com/waterworks-solver/waterworks/models/fzn"
)

// printer prints the solutions of one run as the FlatZinc specification
// has them. An optimisation without -a holds its best solution back until
// the search ends (finish) or is stopped (flush): then it prints it at
// once, even while the engine is still returning, so that minizinc, which
// sends a second signal soon after the first, gets it.
type printer struct {
	mu      sync.Mutex
	w       io.Writer
	m       *fzn.Model
	hold    bool
	pending fzn.Solution
	closed  bool // stopped: no more solutions are printed
	dropped bool // a solution came after that
	printed int
	err     error // the first write error
}

func newPrinter(w io.Writer, m *fzn.Model, o fznkind.Options) *printer {
	return &printer{w: w, m: m, hold: m.Solve.Method != fzn.Satisfy && !o.All && o.Limit == 0}
}

// solution takes one checked solution, as the engine finds it.
func (p *printer) solution(s fzn.Solution) {
	p.mu.Lock()
	defer p.mu.Unlock()
	switch {
	case p.closed:
		p.dropped = true
	case p.hold:
		p.pending = s
	default:
		p.write(s)
	}
}

// flush prints the solution held back, and takes no more.
func (p *printer) flush() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.flushLocked()
}

func (p *printer) flushLocked() {
	if p.pending != nil {
		p.write(p.pending)
		p.pending = nil
	}
	p.closed = true
}

func (p *printer) write(s fzn.Solution) {
	if p.err != nil {
		return
	}
	if p.err = fznfmt.WriteSolution(p.w, p.m, s); p.err == nil {
		p.printed++
	}
}

// finish prints what is held back, the statistics when asked for, and
// the status line of the run's result.
func (p *printer) finish(res fznkind.Result, stats bool, engine fznkind.Engine) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.flushLocked()
	if p.err != nil {
		return
	}
	if stats {
		p.err = fznfmt.WriteStats(p.w, statsOf(res, engine)...)
	}
	if st := p.status(res); st != fznfmt.StatusNone && p.err == nil {
		p.err = fznfmt.WriteStatus(p.w, st)
	}
}

// status is the status line that closes the output of res: never
// "==========" when a solution the engine found was not printed.
func (p *printer) status(res fznkind.Result) fznfmt.Status {
	switch {
	case res.Err != nil:
		return fznfmt.StatusNone // the engine failed: its message says so
	case res.Result.Status == fzn.Unsatisfiable && p.printed == 0:
		return fznfmt.StatusUnsatisfiable
	case res.Result.Status.Complete() && p.printed > 0 && !p.dropped:
		return fznfmt.StatusComplete
	case p.printed == 0:
		return fznfmt.StatusUnknown
	}
	return fznfmt.StatusNone
}

// statsOf returns the statistics of res, MiniZinc's names first, then
// the engine's name (and a race's engines, in the order its raceWinner
// counts them from 0).
func statsOf(res fznkind.Result, engine fznkind.Engine) []fznfmt.Stat {
	stats := []fznfmt.Stat{
		{Name: "solveTime", Value: res.Time},
		{Name: "solutions", Value: int64(res.Solutions)},
	}
	if res.Optimising && res.Solutions > 0 {
		stats = append(stats, fznfmt.Stat{Name: "objective", Value: res.Objective})
	}
	stats = append(stats, fznfmt.Stat{Name: "engine", Value: engine.Name})
	if engine.Members != nil {
		stats = append(stats, fznfmt.Stat{Name: "raceEngines", Value: strings.Join(engine.Members, ",")})
	}
	seen := map[string]bool{"solveTime": true, "solutions": true, "objective": true, "engine": true, "raceEngines": true}
	for _, s := range res.Result.Stats {
		if !seen[s.Name] {
			seen[s.Name] = true
			stats = append(stats, fznfmt.Stat{Name: s.Name, Value: s.Value})
		}
	}
	return stats
}

package aquariumkind

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/waterworks-solver/waterworks/frontends/aquariumfmt"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/minizinc"
	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// MiniZincPrefix begins the names of the engines that solve a puzzle with
// waterworks' MiniZinc model (aquariumfmt.MiniZincModel) under minizinc:
// "minizinc:gecode" runs it on Gecode, "minizinc:waterworks" on our
// FlatZinc solver once "waterworks minizinc install" has made it known,
// and any solver minizinc knows (an id, its last part, or a .msc file)
// may follow the colon. compare runs them only when --engines names them.
const MiniZincPrefix = "minizinc:"

// MiniZinc returns the engine called MiniZincPrefix+solver.
func MiniZinc(solver string) Engine {
	return Engine{Name: MiniZincPrefix + solver, Backend: MiniZincPrefix + solver, Solve: solveMiniZinc(solver)}
}

// ErrUnavailable is wrapped by the error MiniZincAvailable returns when
// minizinc or the solver is not installed.
var ErrUnavailable = errors.New("unavailable")

// availability caches MiniZincAvailable's answers by solver: asking
// minizinc takes a few tenths of a second.
var availability sync.Map // solver -> error

// MiniZincAvailable reports, with an error wrapping ErrUnavailable, when
// the engine MiniZinc(solver) cannot run here: minizinc is not installed,
// or it does not know the solver. The answer is remembered for the life
// of the program, except when ctx ends first.
func MiniZincAvailable(ctx context.Context, solver string) error {
	if err, ok := availability.Load(solver); ok {
		return nilOrError(err)
	}
	err := checkSolverName(solver)
	var prog *minizinc.Program
	if err == nil {
		prog, err = minizinc.Find()
	}
	if err == nil {
		err = prog.CheckSolver(ctx, solver)
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if err != nil {
		err = fmt.Errorf("engine %s%s is %w: %w", MiniZincPrefix, solver, ErrUnavailable, err)
	}
	availability.Store(solver, err)
	return err
}

func nilOrError(v any) error {
	if v == nil {
		return nil
	}
	return v.(error)
}

// checkSolverName refuses a solver name minizinc would read as a flag.
func checkSolverName(solver string) error {
	if solver == "" || strings.HasPrefix(solver, "-") {
		return fmt.Errorf("bad solver name %q: name one that minizinc --solvers lists", solver)
	}
	return nil
}

// solveMiniZinc is the Solver of MiniZinc(solver): it writes the model and
// the puzzle's data to a temporary directory and asks minizinc for up to
// limit solutions (all with -a when limit is 0), within ctx's deadline.
func solveMiniZinc(solver string) Solver {
	return func(ctx context.Context, p *aquarium.Puzzle, rule aquarium.Rule, limit int) (Outcome, error) {
		if err := MiniZincAvailable(ctx, solver); err != nil {
			return Outcome{}, err
		}
		prog, err := minizinc.Find()
		if err != nil {
			return Outcome{}, err
		}
		dir, err := os.MkdirTemp("", "aquarium-mzn-")
		if err != nil {
			return Outcome{}, err
		}
		defer os.RemoveAll(dir)
		in, err := writeInstance(dir, p, rule)
		if err != nil {
			return Outcome{}, err
		}
		req := minizinc.Request{Instance: in, Solver: solver}
		switch {
		case limit == 0:
			req.AllSolutions = true
		case limit > 1:
			req.Flags = []string{"-n", strconv.Itoa(limit)}
		}
		if deadline, ok := ctx.Deadline(); ok {
			req.TimeLimit = max(time.Until(deadline), time.Millisecond)
		}
		res, err := prog.Solve(ctx, req)
		if res == nil {
			return Outcome{}, err
		}
		out := Outcome{Exhausted: res.Status == minizinc.AllSolutions || res.Status == minizinc.Unsatisfiable,
			Stats: miniZincStats(res)}
		for i := range res.Solutions {
			s, derr := decodeWater(p, &res.Solutions[i])
			if derr != nil {
				return out, fmt.Errorf("%s%s: solution %d: %w", MiniZincPrefix, solver, i+1, derr)
			}
			out.Solutions = append(out.Solutions, s)
		}
		if err == nil {
			err = res.Err()
		}
		if err == nil && res.Status != minizinc.Unknown && !res.Status.HasSolution() && !out.Exhausted {
			err = fmt.Errorf("%s%s: minizinc says %v", MiniZincPrefix, solver, res.Status)
		}
		return out, err
	}
}

// writeInstance writes the model and p's data under rule into dir.
func writeInstance(dir string, p *aquarium.Puzzle, rule aquarium.Rule) (minizinc.Instance, error) {
	in := minizinc.Instance{Model: filepath.Join(dir, "aquarium.mzn"), Data: []string{filepath.Join(dir, "puzzle.dzn")}}
	var data bytes.Buffer
	if err := aquariumfmt.WriteDZN(&data, aquariumfmt.Document{Puzzle: p, Rule: rule, HasRule: true}); err != nil {
		return in, err
	}
	if err := os.WriteFile(in.Model, []byte(aquariumfmt.MiniZincModel()), 0o644); err != nil {
		return in, err
	}
	return in, os.WriteFile(in.Data[0], data.Bytes(), 0o644)
}

// decodeWater reads the model's output variable water, a 2-d array of
// 0/1 the shape of p's grid, as a solution.
func decodeWater(p *aquarium.Puzzle, sol *minizinc.Solution) (aquarium.Solution, error) {
	v, ok := sol.Values["water"]
	if !ok {
		return aquarium.Solution{}, errors.New("no output variable water")
	}
	s := aquarium.NewSolution(p.Width, p.Height)
	if v.Kind != minizinc.KindArray || len(v.Elems) != p.Height {
		return s, fmt.Errorf("water is %v, want %d rows", v, p.Height)
	}
	for r, row := range v.Elems {
		if row.Kind != minizinc.KindArray || len(row.Elems) != p.Width {
			return s, fmt.Errorf("row %d of water is %v, want %d cells", r+1, row, p.Width)
		}
		for c, cell := range row.Elems {
			switch {
			case cell.Kind == minizinc.KindInt && cell.Int == 0:
				s.Cells[r*p.Width+c] = aquarium.Empty
			case cell.Kind == minizinc.KindInt && cell.Int == 1:
				s.Cells[r*p.Width+c] = aquarium.Water
			default:
				return s, fmt.Errorf("row %d, column %d of water is %v, want 0 or 1", r+1, c+1, cell)
			}
		}
	}
	return s, nil
}

// miniZincStats picks the solver's search statistics and minizinc's
// compilation time from what minizinc reported, where it did.
func miniZincStats(res *minizinc.Result) kind.StatList {
	var stats kind.StatList
	for _, name := range []string{"nodes", "failures", "propagations", "peakDepth", "flatTime", "solveTime"} {
		v, ok := res.Statistics[name]
		if !ok {
			continue
		}
		if n, err := strconv.ParseInt(v, 10, 64); err == nil {
			stats = append(stats, kind.Stat{Name: name, Value: n})
		} else if f, err := strconv.ParseFloat(v, 64); err == nil {
			stats = append(stats, kind.Stat{Name: name, Value: f})
		}
	}
	return stats
}

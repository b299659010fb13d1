package fznkind

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/waterworks-solver/waterworks/frontends/fznfmt"
	"github.com/waterworks-solver/waterworks/frontends/minizinc"
	"github.com/waterworks-solver/waterworks/models/fzn"
)

// Gecode returns the engine that runs Gecode's fzn-gecode on the model as
// a process. The model is written with every scalar variable marked for
// output, so that each solution gives every variable a value and fzn.Check
// can judge it; what is printed keeps to the model's own outputs.
func Gecode() Engine {
	return Engine{Name: GecodeName, Solve: solveGecode, Seeded: true}
}

// gecodeWait is how long fzn-gecode may take to exit once its context has
// ended and it was killed.
const gecodeWait = 2 * time.Second

func solveGecode(ctx context.Context, m *fzn.Model, o Options, onSolution func(fzn.Solution)) (fzn.Result, error) {
	start := time.Now()
	exe, err := minizinc.FindFznGecode()
	if err != nil {
		return fzn.Result{}, err
	}
	dir, err := os.MkdirTemp("", "waterworks-gecode-")
	if err != nil {
		return fzn.Result{}, err
	}
	defer os.RemoveAll(dir)
	full := outputEverything(m)
	var text bytes.Buffer
	if err := fznfmt.Write(&text, full); err != nil {
		return fzn.Result{}, fmt.Errorf("gecode: writing the model: %w", err)
	}
	path := filepath.Join(dir, "model.fzn")
	if err := os.WriteFile(path, text.Bytes(), 0o600); err != nil {
		return fzn.Result{}, err
	}
	cmd := exec.CommandContext(ctx, exe, append(gecodeArgs(o), path)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.WaitDelay = gecodeWait
	runErr := cmd.Run()
	out, err := fznfmt.ReadOutput("fzn-gecode's output", bytes.NewReader(completeLines(stdout.Bytes())), full)
	if err != nil {
		return fzn.Result{Time: time.Since(start)}, fmt.Errorf("gecode: %w", err)
	}
	res := fzn.Result{Solutions: len(out.Solutions), Time: time.Since(start), Stats: gecodeStats(out.Stats)}
	for _, s := range out.Solutions {
		onSolution(s)
	}
	if n := len(out.Solutions); n > 0 && m.Solve.Method != fzn.Satisfy {
		res.Objective, _ = fzn.Objective(m, out.Solutions[n-1])
	}
	if ctx.Err() != nil {
		res.Status = unfinished(res.Solutions)
		return res, nil
	}
	if runErr != nil && out.Status != fznfmt.StatusComplete && out.Status != fznfmt.StatusUnsatisfiable {
		msg := lastLine(stderr.Bytes())
		if strings.Contains(msg, "Registry: Constraint") {
			// Gecode 6.2 knows its own library's names, not fzn_*.
			return res, fmt.Errorf("%w: fzn-gecode: %s (compile the model for Gecode, or with minizinc -G std)", ErrUnsupported, msg)
		}
		return res, fmt.Errorf("fzn-gecode failed: %w: %s", runErr, msg)
	}
	res.Status = gecodeStatus(out.Status, m, res.Solutions)
	return res, nil
}

// gecodeArgs are fzn-gecode's flags for o.
func gecodeArgs(o Options) []string {
	var args []string
	if o.All {
		args = append(args, "-a")
	}
	if o.Limit > 0 {
		args = append(args, "-n", strconv.Itoa(o.Limit))
	}
	if o.Free {
		args = append(args, "-f")
	}
	if o.Seed != 0 {
		args = append(args, "-r", strconv.FormatUint(o.Seed%(1<<31), 10))
	}
	return append(args, "-s")
}

// gecodeStatus turns the status line fzn-gecode printed into a Status.
func gecodeStatus(st fznfmt.Status, m *fzn.Model, solutions int) fzn.Status {
	switch {
	case st == fznfmt.StatusUnsatisfiable:
		return fzn.Unsatisfiable
	case st == fznfmt.StatusComplete && m.Solve.Method == fzn.Satisfy:
		return fzn.AllSolutions
	case st == fznfmt.StatusComplete:
		return fzn.Optimal
	}
	return unfinished(solutions)
}

// unfinished is the status of a search that stopped after solutions
// solutions.
func unfinished(solutions int) fzn.Status {
	if solutions > 0 {
		return fzn.Satisfied
	}
	return fzn.Unknown
}

// outputEverything returns a model that prints what m prints and every
// other scalar variable too, for writing out: it has copies of m's
// declarations (m is left as it is, so other engines may read it at the
// same time), and shares the rest, whose names still point at m's.
func outputEverything(m *fzn.Model) *fzn.Model {
	full := &fzn.Model{Predicates: m.Predicates, Constraints: m.Constraints, Solve: m.Solve}
	for _, d := range m.Decls {
		c := *d
		if d.IsVar() && !d.IsArray() && d.Ann("output_var") == nil {
			c.Anns = append(append([]*fzn.Annotation(nil), d.Anns...), &fzn.Annotation{Name: "output_var"})
		}
		full.Declare(&c)
	}
	return full
}

// completeLines drops a last line that was cut off, by a kill, before
// its newline.
func completeLines(out []byte) []byte {
	return out[:bytes.LastIndexByte(out, '\n')+1]
}

// lastLine returns the last line of text that is not blank.
func lastLine(text []byte) string {
	lines := bytes.Split(bytes.TrimSpace(text), []byte("\n"))
	return string(lines[len(lines)-1])
}

// gecodeStats keeps the integer statistics fzn-gecode printed.
func gecodeStats(stats []fznfmt.Stat) []fzn.Stat {
	var out []fzn.Stat
	for _, s := range stats {
		text, ok := s.Value.(string)
		if !ok {
			continue
		}
		if n, err := strconv.ParseInt(text, 10, 64); err == nil {
			out = append(out, fzn.Stat{Name: s.Name, Value: n})
		}
	}
	return out
}

package minizinccli

import (
	"bufio"
	"context"
	"fmt"
	"path/filepath"

	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/minizinc"
)

// run runs every entry with every solver, one run at a time, judges the
// answers, and prints the JSON records as it goes or the table at the end.
func (b *bench) run(ctx context.Context, stdio clikit.IO, root string, entries []Entry) int {
	prog := clikit.ProgressFrom(ctx)
	prog.AddTotal(len(entries))
	out := bufio.NewWriter(stdio.Out)
	printer := clikit.NewPrinter(b.flags.format, out)
	var done []*instanceRun
	code := clikit.ExitOK
	for _, e := range entries {
		prog.Begin(e.String())
		in := b.instance(ctx, root, e)
		prog.Finish()
		if ctx.Err() != nil {
			break // the instance was cut short: it does not count
		}
		done = append(done, in)
		for _, r := range in.Runs {
			if len(r.Wrong) > 0 {
				code = clikit.ExitFailed
			}
		}
		if b.flags.format == clikit.FormatJSON {
			printer.Emit(stdio, "waterworks minizinc bench", out, record(in), nil, nil, nil)
		}
	}
	if b.flags.format == clikit.FormatText {
		writeTable(out, b.labels(), done, b.flags)
		if err := out.Flush(); err != nil {
			fmt.Fprintf(stdio.Err, "waterworks minizinc bench: writing output: %v\n", err)
		}
	}
	if ctx.Err() != nil {
		fmt.Fprintf(stdio.Err, "waterworks minizinc bench: interrupted after %d of %d instances\n", len(done), len(entries))
		return clikit.ExitInterrupted
	}
	return code
}

func (b *bench) labels() []string {
	labels := make([]string, len(b.solvers))
	for i, s := range b.solvers {
		labels[i] = s.label
	}
	return labels
}

// instance runs one entry with every solver and judges the answers.
func (b *bench) instance(ctx context.Context, root string, e Entry) *instanceRun {
	inst := minizinc.Instance{Model: filepath.Join(root, filepath.FromSlash(e.Model))}
	for _, d := range e.Data {
		inst.Data = append(inst.Data, filepath.Join(root, filepath.FromSlash(d)))
	}
	in := &instanceRun{Entry: e}
	prog := clikit.ProgressFrom(ctx)
	for _, s := range b.solvers {
		prog.SetEngine(s.label)
		r := &solverRun{Label: s.label, Solver: s.arg, Trusted: s.trusted}
		res, err := b.program.Solve(ctx, minizinc.Request{Instance: inst, Solver: s.arg,
			TimeLimit: b.flags.limit, Grace: grace, AllSolutions: b.flags.allSolutions})
		if ctx.Err() != nil {
			return in
		}
		if err != nil {
			r.Notes = append(r.Notes, "did not run: "+err.Error())
		}
		r.Result = res
		in.Runs = append(in.Runs, r)
	}
	in.settleMethod()
	if in.Method == "" { // every run failed: ask what the model is
		for _, s := range b.checker.Solvers {
			if iface, err := b.program.Interface(ctx, inst, s); err == nil {
				in.Method = iface.Method
				break
			}
		}
	}
	prog.SetEngine("checking")
	for _, r := range in.Runs {
		if r.Trusted {
			continue
		}
		for k := range r.solutions() {
			c, err := b.checker.Confirm(ctx, inst, &r.Result.Solutions[k])
			if err != nil {
				c = minizinc.Check{Verdict: minizinc.Undecided, Reason: err.Error()}
			}
			r.Confirms = append(r.Confirms, c)
		}
	}
	in.crossCheck(b.flags.allSolutions)
	for _, cl := range in.claims() {
		var c minizinc.Check
		var err error
		if cl.Optimum {
			c, err = b.checker.CheckOptimum(ctx, inst, in.Method, cl.Objective)
		} else {
			c, err = b.checker.CheckUnsatisfiable(ctx, inst)
		}
		if err != nil {
			c = minizinc.Check{Verdict: minizinc.Undecided, Reason: err.Error()}
		}
		cl.Run.Claim = &c
	}
	in.settle(b.flags.allSolutions, b.flags.limit)
	return in
}

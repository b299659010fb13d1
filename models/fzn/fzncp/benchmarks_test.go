package fzncp_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/waterworks-solver/waterworks/models/fzn"
	"github.com/waterworks-solver/waterworks/models/fzn/fzncp"
)

// minizincBenchmarks is the bare repository of the MiniZinc benchmarks.
var minizincBenchmarks = "/work/.mirror/MiniZinc+minizinc-benchmarks/repo"

// benchmarkModels are models of the MiniZinc benchmarks with the data file
// used, each solved in seconds by at least one engine.
var benchmarkModels = []string{
	"amaze/amaze.mzn amaze/2012-03-07.dzn",
	"bacp/bacp-1.mzn",
	"carpet-cutting/cc_base.mzn carpet-cutting/mzn_rnd_test.01.dzn",
	"city-position/city-position.mzn city-position/city-4-04.dzn",
	"costas-array/CostasArray.mzn costas-array/10.dzn",
	"golomb/golomb.mzn golomb/05.dzn",
	"langford/langford.mzn langford/l_2_03.dzn",
	"magicseq/magicseq.mzn magicseq/010.dzn",
	"nonogram/non.mzn nonogram/dom_06.dzn",
	"queens/queens.mzn queens/020.dzn",
	"rcpsp/rcpsp.mzn rcpsp/00.dzn",
	"still_life/still_life.mzn still_life/2x3.dzn",
}

// TestMiniZincBenchmarks (with -long) compiles models of the MiniZinc
// benchmarks with the solver library and solves each with both engines
// for a few seconds: every solution handed out is checked, and the
// engines' claims agree: the same optimum when both prove one, no better
// solution than one engine's proven optimum in the other's, no solution in
// either when one proves there is none.
func TestMiniZincBenchmarks(t *testing.T) {
	if !*long {
		t.Skip("the MiniZinc benchmarks run with -long")
	}
	if _, err := os.Stat(minizincBenchmarks); err != nil {
		t.Skipf("no MiniZinc benchmarks at %s", minizincBenchmarks)
	}
	c := newCompiler(t)
	for _, spec := range benchmarkModels {
		files := strings.Fields(spec)
		t.Run(filepath.Dir(files[0]), func(t *testing.T) {
			// The whole directory, for the files a model includes.
			tmp := t.TempDir()
			archive := exec.Command("git", "--git-dir="+minizincBenchmarks, "archive", "HEAD", filepath.Dir(files[0]))
			extract := exec.Command("tar", "-x", "-C", tmp)
			extract.Stdin, _ = archive.StdoutPipe()
			if err := extract.Start(); err != nil {
				t.Fatal(err)
			}
			_ = archive.Run() // a file stored as an annex pointer may fail; the others are out
			if err := extract.Wait(); err != nil {
				t.Fatalf("tar: %v", err)
			}
			var args []string
			for _, f := range files {
				args = append(args, filepath.Join(tmp, f))
			}
			m := parse(t, string(c.compile(t, strings.Join(args, " "), nativeSolver)))
			var results [2]fzn.Result
			for i, e := range engines {
				cm, err := fzncp.Build(context.Background(), m, fzncp.Options{})
				if err != nil {
					t.Fatal(err)
				}
				ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
				results[i], err = fzncp.Solve(ctx, cm, fzncp.SolveOptions{Engine: e}, nil)
				cancel()
				if err != nil {
					t.Fatalf("%v: %v", e, err)
				}
				t.Logf("%v: %v, objective %d, %v", e, results[i].Status, results[i].Objective, results[i].Time)
			}
			if err := consistent(m.Solve.Method, results[0], results[1]); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// consistent checks that two engines' results on one model agree.
func consistent(method fzn.Method, a, b fzn.Result) error {
	for _, p := range [][2]fzn.Result{{a, b}, {b, a}} {
		x, y := p[0], p[1]
		switch {
		case x.Status == fzn.Unsatisfiable && y.Solutions > 0:
			return fmt.Errorf("one engine proves no solution, the other finds %d", y.Solutions)
		case x.Status == fzn.Optimal && y.Solutions > 0:
			better := method == fzn.Minimize && y.Objective < x.Objective || method == fzn.Maximize && y.Objective > x.Objective
			if better || y.Status == fzn.Optimal && y.Objective != x.Objective {
				return fmt.Errorf("one engine proves %d optimal, the other finds %d (%v)", x.Objective, y.Objective, y.Status)
			}
		}
	}
	return nil
}

package fzncp_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/waterworks-solver/waterworks/frontends/fznfmt"
	"github.com/waterworks-solver/waterworks/models/fzn"
	"github.com/waterworks-solver/waterworks/models/fzn/fzncp"
)

// corpus is the repository's FlatZinc test files.
const corpus = "../../../testdata/fzn"

// TestCorpus builds and solves every FlatZinc file of the corpus that
// parses, with both engines and a short deadline: Build either takes it or
// names an unsupported constraint, and Solve hands out only checked
// solutions (it returns an error otherwise).
func TestCorpus(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(corpus, "*", "*.fzn"))
	mine, _ := filepath.Glob("testdata/*.fzn")
	files = append(files, mine...)
	if len(files) == 0 {
		t.Fatalf("no FlatZinc files under %s", corpus)
	}
	built := 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		m, err := fznfmt.Parse(context.Background(), file, bytes.NewReader(data))
		if err != nil {
			continue // the reader's bad inputs
		}
		for _, e := range engines {
			cm, err := fzncp.Build(context.Background(), m, fzncp.Options{})
			if err != nil {
				if !errors.Is(err, fzncp.ErrUnsupported) {
					t.Errorf("%s: %v", file, err)
				}
				continue
			}
			built++
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			res, err := fzncp.Solve(ctx, cm, fzncp.SolveOptions{Engine: e}, nil)
			cancel()
			if err != nil {
				t.Errorf("%s (%v): %v", file, e, err)
			}
			t.Logf("%s (%v): %v, %d solutions, %v", filepath.Base(file), e, res.Status, res.Solutions, res.Time)
		}
	}
	if built == 0 {
		t.Fatal("no model built")
	}
}

// FuzzBuild checks that Build never panics on a model the reader takes,
// and that Solve, for a moment, hands out only checked solutions. The
// seeds are the corpus of the reader and of this package.
func FuzzBuild(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join(corpus, "*", "*.fzn"))
	mine, _ := filepath.Glob("testdata/*.fzn")
	for _, file := range append(files, mine...) {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := fznfmt.Parse(context.Background(), "fuzz", bytes.NewReader(data))
		if err != nil {
			return
		}
		cm, err := fzncp.Build(context.Background(), m, fzncp.Options{})
		if err != nil {
			var be *fzncp.BuildError
			if !errors.As(err, &be) {
				t.Fatalf("Build's error is no *BuildError: %v", err)
			}
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
		defer cancel()
		_, err = fzncp.Solve(ctx, cm, fzncp.SolveOptions{All: true, MaxSolutions: 3}, func(fzn.Solution) {})
		if errors.Is(err, fzncp.ErrWrongSolution) {
			t.Fatal(err)
		}
	})
}

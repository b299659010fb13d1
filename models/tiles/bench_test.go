package tiles

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/waterworks-solver/waterworks/models/statespace"
)

var long = flag.Bool("long", false, "run the long tests: all of Korf's 100 with the default pattern databases")

// korfInstance is a line of testdata/tiles/korf100.jsonl.
type korfInstance struct {
	ID          string `json:"id"`
	Tiles       []int  `json:"tiles"`
	Optimal     int    `json:"optimal"`
	KorfMDNodes int64  `json:"korf_md_nodes"`
}

func korf100(tb testing.TB) []korfInstance {
	data, err := os.ReadFile("../../testdata/tiles/korf100.jsonl")
	if err != nil {
		tb.Fatal(err)
	}
	var out []korfInstance
	dec := json.NewDecoder(bytes.NewReader(data))
	for dec.More() {
		var k korfInstance
		if err := dec.Decode(&k); err != nil {
			tb.Fatal(err)
		}
		out = append(out, k)
	}
	return out
}

// solveAll solves the instances on workers goroutines and returns the
// results in order.
func solveAll(ctx context.Context, ks []korfInstance, db *PatternDB, workers int) ([]Result, error) {
	results := make([]Result, len(ks))
	errs := make([]error, len(ks))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < len(ks); i = int(next.Add(1) - 1) {
				p, err := New(4, 4, ks[i].Tiles)
				if err == nil {
					results[i], err = SolveIDA(ctx, p, db)
				}
				errs[i] = err
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return results, nil
}

// TestKorf100 solves all of Korf's 100 with the default databases and
// checks every plan and its published length (-long: the databases take
// seconds to build).
func TestKorf100(t *testing.T) {
	if !*long {
		t.Skip("the 15-puzzle pattern databases take seconds to build: run with -long")
	}
	ctx := context.Background()
	db, err := BuildPatternDB(ctx, 4, 4, DefaultPatterns(4, 4), runtime.GOMAXPROCS(0))
	if err != nil {
		t.Fatal(err)
	}
	ks := korf100(t)
	results, err := solveAll(ctx, ks, db, runtime.GOMAXPROCS(0))
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range results {
		p, _ := New(4, 4, ks[i].Tiles)
		if r.Status != statespace.Solved || len(r.Plan) != ks[i].Optimal {
			t.Errorf("%s: %v in %d moves, want %d", ks[i].ID, r.Status, len(r.Plan), ks[i].Optimal)
		}
		if err := Check(p, r.Plan); err != nil {
			t.Errorf("%s: %v", ks[i].ID, err)
		}
		t.Logf("%s: %d moves, %d nodes (Korf's Manhattan IDA*: %d)", ks[i].ID, len(r.Plan), r.Stats.Expanded, ks[i].KorfMDNodes)
	}
}

// BenchmarkKorf100 builds the default 15-puzzle databases and solves all
// of Korf's 100 with IDA*, instances in parallel on GOMAXPROCS
// goroutines. It reports the build and search times apart, the nodes
// expanded and the tables' size.
func BenchmarkKorf100(b *testing.B) {
	ks := korf100(b)
	ctx := context.Background()
	workers := runtime.GOMAXPROCS(0)
	var build, search time.Duration
	var nodes int64
	var tableBytes int
	for b.Loop() {
		t0 := time.Now()
		db, err := BuildPatternDB(ctx, 4, 4, DefaultPatterns(4, 4), workers)
		if err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		results, err := solveAll(ctx, ks, db, workers)
		if err != nil {
			b.Fatal(err)
		}
		build += t1.Sub(t0)
		search += time.Since(t1)
		nodes = 0
		for i, r := range results {
			if len(r.Plan) != ks[i].Optimal {
				b.Fatalf("%s: %d moves, want %d", ks[i].ID, len(r.Plan), ks[i].Optimal)
			}
			nodes += r.Stats.Expanded
		}
		tableBytes = db.Bytes()
	}
	b.ReportMetric(build.Seconds()/float64(b.N), "build-s/op")
	b.ReportMetric(search.Seconds()/float64(b.N), "search-s/op")
	b.ReportMetric(float64(nodes), "nodes/op")
	b.ReportMetric(float64(tableBytes), "table-bytes")
}

// BenchmarkBuildPDB builds the default 15-puzzle databases.
func BenchmarkBuildPDB(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := BuildPatternDB(context.Background(), 4, 4, DefaultPatterns(4, 4), runtime.GOMAXPROCS(0)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkKorfManhattan solves a few Korf instances with Manhattan
// distance and linear conflicts: the heuristic the node counts of Korf's
// paper used, plus the conflicts.
func BenchmarkKorfManhattan(b *testing.B) {
	ks := korf100(b)
	for _, i := range []int{11, 78, 41} { // korf-12, korf-79, korf-42
		b.Run(ks[i].ID, func(b *testing.B) {
			p, _ := New(4, 4, ks[i].Tiles)
			var r Result
			for b.Loop() {
				r, _ = SolveIDA(context.Background(), p, nil)
			}
			b.ReportMetric(float64(r.Stats.Expanded), "nodes/op")
			b.ReportMetric(float64(ks[i].KorfMDNodes), "korf-md-nodes")
		})
	}
}

package cli

import (
	"context"
	"io"
	"path/filepath"
	"testing"
)

// BenchmarkLayerCLI measures whole commands, from arguments to printed
// answer, along the paths the puzzle layer (frontends/kind) carries:
// Aquarium solve, count and compare, and the plan puzzles' solve and
// compare, whose engines, status switch and stop classifier the layer
// holds. The searches are
// small, so that the layer's own cost would show.
func BenchmarkLayerCLI(b *testing.B) {
	six := filepath.Join(aquariumTestdata, "6x6-easy.txt")
	for _, c := range []struct {
		name string
		args []string
		exit int
	}{
		{"aquarium-solve-cp", []string{"aquarium", "solve", "--unique", six}, ExitOK},
		{"aquarium-solve-gini", []string{"aquarium", "solve", "--unique", "--backend", "gini", six}, ExitOK},
		{"aquarium-count-json", []string{"aquarium", "count", "--format", "json", six}, ExitOK},
		{"aquarium-compare", []string{"compare", "--engines", "cp,gini", six}, ExitOK},
		{"rush-solve", []string{"rush", "solve", "../../testdata/rush/readme49.txt"}, ExitOK},
		{"tiles-solve", []string{"tiles", "solve", "--method", "bfs", "../../testdata/tiles/eight.txt"}, ExitOK},
		{"torch-solve", []string{"torch", "solve", "--times", "1,2,5,10"}, ExitOK},
		{"river-solve", []string{"river", "solve", "../../testdata/river/wolf-goat-cabbage.txt"}, ExitOK},
		{"sort-solve", []string{"sort", "solve", "../../testdata/watersort/three-colours.txt"}, ExitOK},
		{"jugs-solve-json", []string{"jugs", "solve", "--format", "json", "../../testdata/jugs/mixed.jsonl"}, ExitFailed},
		{"rush-compare", []string{"compare", "../../testdata/rush/readme49.txt"}, ExitOK},
		{"sort-compare", []string{"compare", "--engines", "bfs,astar,greedy", "../../testdata/watersort/three-colours.txt"}, ExitOK},
		{"river-compare", []string{"compare", "--engines", "bfs,sat/gini", "../../testdata/river/wolf-goat-cabbage.txt"}, ExitOK},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if code := Main(context.Background(), c.args, IO{Out: io.Discard, Err: io.Discard}); code != c.exit {
					b.Fatalf("exit code %d, want %d", code, c.exit)
				}
			}
		})
	}
}

package aquariumfmt

import (
	"bytes"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/generate"
)

func BenchmarkParseText(b *testing.B) {
	data := readFile(b, filepath.Join(testdataDir, "110-aquariums.txt"))
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseText("b", data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWriteText(b *testing.B) {
	d, err := ParseText("b", readFile(b, filepath.Join(testdataDir, "110-aquariums.txt")))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := WriteText(io.Discard, d); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseJSONL reads the largest corpus file (78 puzzles).
func BenchmarkParseJSONL(b *testing.B) {
	data, err := os.ReadFile(filepath.Join(corpusDir, "nguyenvukhang-aquarium.jsonl"))
	if err != nil {
		b.Skipf("shared corpus not available: %v", err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseJSONL("b", data); err != nil {
			b.Fatal(err)
		}
	}
}

// linksFile returns a file of n 30x30 puzzles, the largest size of
// puzzle-aquarium.com, one per line in format f (Task or URL), with every
// clue given.
func linksFile(b *testing.B, n int, f Format) []byte {
	b.Helper()
	var buf bytes.Buffer
	for seed := uint64(0); n > 0; seed++ {
		p, _ := generate.RandomPuzzle(rand.New(rand.NewPCG(seed, 30)), 30, 30, 8, aquarium.RegionRule, 0)
		if err := Write(&buf, Document{Puzzle: p}, f); err == nil {
			n--
		}
	}
	return buf.Bytes()
}

// BenchmarkReadLinks reads files of 100 URLs and of 100 task strings.
func BenchmarkReadLinks(b *testing.B) {
	for _, f := range []Format{URL, Task} {
		b.Run(f.String(), func(b *testing.B) {
			data := linksFile(b, 100, f)
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				docs, err := Read("b", data)
				if err != nil || len(docs) != 100 {
					b.Fatal(len(docs), err)
				}
			}
		})
	}
}

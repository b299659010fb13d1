package aquariumfmt

import (
	"io"
	"os"
	"path/filepath"
	"testing"
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

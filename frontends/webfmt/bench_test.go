package webfmt

import (
	"math/rand/v2"
	"testing"

	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// benchPuzzle is a 30x30 puzzle, the largest size puzzle-aquarium.com
// offers, with its solution.
func benchPuzzle() (*aquarium.Puzzle, aquarium.Solution) {
	return randomPuzzle(rand.New(rand.NewPCG(30, 30)), 30, 30, 0)
}

func BenchmarkDecodeTask30(b *testing.B) {
	p, _ := benchPuzzle()
	text, err := EncodeTask(p)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := DecodeTask("bench", text); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecodeURL30(b *testing.B) {
	p, _ := benchPuzzle()
	text, err := EncodeURL(p, aquarium.RegionRule)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := DecodeURL("bench", text); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecodePzprv330(b *testing.B) {
	p, s := benchPuzzle()
	text, err := EncodePzprv3(p, aquarium.RegionRule, s)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, _, _, err := DecodePzprv3("bench", text); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEncodeURL30(b *testing.B) {
	p, _ := benchPuzzle()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := EncodeURL(p, aquarium.RegionRule); err != nil {
			b.Fatal(err)
		}
	}
}

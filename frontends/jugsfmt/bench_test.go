package jugsfmt

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkParse reads 1000 puzzles of JSON Lines.
func BenchmarkParse(b *testing.B) {
	var in strings.Builder
	for i := range 1000 {
		fmt.Fprintf(&in, `{"id": "j%d", "capacities": [3, 5, %d], "initial": [0, 0, 0], "tap": true, "target": 4, "goal": "any", "note": "bench"}`+"\n", i, 7+i%5)
	}
	data := []byte(in.String())
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse("b", data); err != nil {
			b.Fatal(err)
		}
	}
}

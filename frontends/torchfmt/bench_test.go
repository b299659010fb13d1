package torchfmt

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkParse reads 1000 puzzles of JSON Lines.
func BenchmarkParse(b *testing.B) {
	var in strings.Builder
	for i := range 1000 {
		fmt.Fprintf(&in, `{"id": "t%d", "times": [1, 2, 5, 10, %d, 25, 30], "capacity": 2, "limit": 200}`+"\n", i, 11+i%9)
	}
	data := []byte(in.String())
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		for _, p := range Parse("b", data) {
			if p.Err != nil {
				b.Fatal(p.Err)
			}
		}
	}
}

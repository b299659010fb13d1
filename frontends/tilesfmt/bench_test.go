package tilesfmt

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkParse reads 1000 boards of 4x4 in JSON Lines and in text.
func BenchmarkParse(b *testing.B) {
	var jsonl, text strings.Builder
	for i := range 1000 {
		tiles := "14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3"
		fmt.Fprintf(&jsonl, `{"id": "k%d", "tiles": [%s], "optimal": 57}`+"\n", i, tiles)
		fmt.Fprintf(&text, "# board %d\n%s\n\n", i, strings.ReplaceAll(tiles, ",", ""))
	}
	for _, in := range []struct {
		name string
		data []byte
	}{{"jsonl", []byte(jsonl.String())}, {"text", []byte(text.String())}} {
		b.Run(in.name, func(b *testing.B) {
			b.SetBytes(int64(len(in.data)))
			b.ReportAllocs()
			for b.Loop() {
				for _, lv := range Parse("b", in.data) {
					if lv.Err != nil {
						b.Fatal(lv.Err)
					}
				}
			}
		})
	}
}

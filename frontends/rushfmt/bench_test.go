package rushfmt

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkParse reads 1000 boards in JSON Lines and in text.
func BenchmarkParse(b *testing.B) {
	rows := []string{"..B.CC", "..B...", "AAB...", "DDD..E", ".....E", ".....E"}
	var jsonl, text strings.Builder
	for i := range 1000 {
		fmt.Fprintf(&jsonl, `{"id": "r%d", "board": ["%s"]}`+"\n", i, strings.Join(rows, `", "`))
		fmt.Fprintf(&text, "%s\n\n", strings.Join(rows, "\n"))
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

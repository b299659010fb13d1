package sortfmt

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkParseJSONLines reads 500 levels of JSON Lines, each of 12
// bottles of capacity 4.
func BenchmarkParseJSONLines(b *testing.B) {
	var in strings.Builder
	for i := range 500 {
		fmt.Fprintf(&in, `{"id":"l%d","capacity":4,"bottles":[`, i)
		for k := range 10 {
			c := []string{"red", "blue", "green", "pink", "grey", "teal", "lime", "navy", "gold", "plum"}
			fmt.Fprintf(&in, `["%s","%s","%s","%s"],`, c[k], c[(k+1)%10], c[(k+2)%10], c[(k+3)%10])
		}
		in.WriteString(`[],[]],"best_known_moves":30,"source":"bench"}` + "\n")
	}
	data := []byte(in.String())
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		for _, lv := range Parse("b", data) {
			if lv.Err != nil {
				b.Fatal(lv.Err)
			}
		}
	}
}

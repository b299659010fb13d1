package torchfmt_test

import (
	"fmt"

	"github.com/waterworks-solver/waterworks/frontends/torchfmt"
)

func ExampleParse() {
	data := []byte(`{"id": "classic", "times": [1, 2, 5, 10]}
{"times": [1, 2, 4, 5], "capacity": 2, "limit": 12}
{"times": [1, 0]}
`)
	for _, in := range torchfmt.Parse("puzzles.jsonl", data) {
		if in.Err != nil {
			fmt.Println(in.Err)
			continue
		}
		fmt.Println(in.ID, in.Puzzle)
	}
	// Output:
	// classic times 1,2,5,10 capacity 2
	// puzzles.jsonl:2 times 1,2,4,5 capacity 2 limit 12
	// puzzles.jsonl:3:15: person 2 takes 0 minutes; a crossing time is a whole number of minutes, 1..1000000
}

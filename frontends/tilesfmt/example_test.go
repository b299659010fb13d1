package tilesfmt_test

import (
	"fmt"
	"os"

	"github.com/waterworks-solver/waterworks/frontends/inputerr"
	"github.com/waterworks-solver/waterworks/frontends/tilesfmt"
)

func ExampleParse() {
	data := []byte("# Korf's first instance, on one line\n14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n\n1 2 5\n3 4 .\n")
	for _, lv := range tilesfmt.Parse("boards.txt", data) {
		fmt.Println(lv.ID, lv.Puzzle.Width, lv.Puzzle.Height)
		tilesfmt.WriteGrid(os.Stdout, lv.Puzzle)
	}
	// Output:
	// boards.txt:2 4 4
	// 14 13 15  7
	// 11 12  9  5
	//  6  .  2  1
	//  4  8 10  3
	// boards.txt:4 3 2
	// 1 2 5
	// 3 4 .
}

func ExampleParse_errors() {
	for _, lv := range tilesfmt.Parse("boards.txt", []byte("1 2 3\n4 5\n\n1 0 2 2\n")) {
		for _, e := range inputerr.All(lv.Err) {
			fmt.Println(e)
		}
	}
	// Output:
	// boards.txt:2:3: row 2 has 2 tiles; the first row has 3
	// boards.txt:4:7: tile 2 again (first at line 4, column 5)
}

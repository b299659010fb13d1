package rushfmt_test

import (
	"fmt"

	"github.com/waterworks-solver/waterworks/frontends/inputerr"
	"github.com/waterworks-solver/waterworks/frontends/rushfmt"
)

func ExampleParse() {
	data := []byte("..B.CC\n..B...\nAAB...\nDDD..E\n.....E\n.....E\n\n......\nAA.?.b\n......\n")
	for _, lv := range rushfmt.Parse("levels.txt", data) {
		if lv.Err != nil {
			for _, e := range inputerr.All(lv.Err) {
				fmt.Println(e)
			}
			continue
		}
		fmt.Println(lv.ID, len(lv.Puzzle.Pieces), "pieces")
	}
	// Output:
	// levels.txt:1 5 pieces
	// levels.txt:9:4: '?' is not a cell: want '.' empty, 'x' a wall or a capital letter for a piece
}

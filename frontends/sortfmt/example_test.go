package sortfmt_test

import (
	"fmt"
	"os"

	"github.com/waterworks-solver/waterworks/frontends/inputerr"
	"github.com/waterworks-solver/waterworks/frontends/sortfmt"
)

func ExampleParseText() {
	p, err := sortfmt.ParseText("level.txt", []byte("# bottom to top\nred blue\nblue red\n-\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Capacity, p.Bottles, p.Colors)
	sortfmt.WriteText(os.Stdout, p)
	// Output:
	// 2 [[0 1] [1 0] []] [red blue]
	// capacity 2
	// red blue
	// blue red
	// -
}

func ExampleParseText_errors() {
	_, err := sortfmt.ParseText("level.txt", []byte("capacity 2\nred blue red\nblue blue\n"))
	for _, e := range inputerr.All(err) {
		fmt.Println(e)
	}
	// Output:
	// level.txt:2:5: colour blue has 3 units; every colour needs exactly 2 (the capacity)
	// level.txt:2:10: bottle 1 holds 3 units, more than the capacity 2
}

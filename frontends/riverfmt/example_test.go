package riverfmt_test

import (
	"fmt"

	"github.com/waterworks-solver/waterworks/frontends/riverfmt"
	"github.com/waterworks-solver/waterworks/models/river"
)

func ExampleParse() {
	p, err := riverfmt.Parse("mc.txt", []byte("items missionary*3 cannibal*3\nboat 2\nnever more cannibal than missionary\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(riverfmt.Words(p, river.Trip{Load: []int{1, 1}}))
	_, err = riverfmt.Parse("bad.txt", []byte("items farmer goat\nboat 2\nforbid goat wolf unless farmer\n"))
	fmt.Println(err)
	// Output:
	// 1 missionary and 1 cannibal cross
	// bad.txt:3:13: unknown item "wolf" (items must be listed on an items line first)
}

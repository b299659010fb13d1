package cli

import (
	"context"
	"fmt"
	"os"
	"strings"
)

func Example_sortSolve() {
	level := "capacity 3\nred blue red\nblue red blue\n-\n-\n"
	code := Main(context.Background(), []string{"sort", "solve", "--method", "astar", "-"},
		IO{In: strings.NewReader(level), Out: os.Stdout, Err: os.Stdout})
	fmt.Println("exit", code)
	// Output:
	// -: solved in 5 moves (optimal; astar, whole rule)
	// 1. pour 1 into 3
	// 2. pour 2 into 1
	// 3. pour 2 into 3
	// 4. pour 1 into 2
	// 5. pour 1 into 3
	// exit 0
}

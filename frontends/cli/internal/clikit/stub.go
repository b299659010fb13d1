package clikit

import (
	"context"
	"fmt"
)

// NotYet is the run function of a command whose engine has not landed yet.
func NotYet(name string) func(context.Context, IO, []string) int {
	return func(_ context.Context, stdio IO, _ []string) int {
		fmt.Fprintf(stdio.Err, "waterworks %s: not implemented yet\n", name)
		return ExitUsage
	}
}

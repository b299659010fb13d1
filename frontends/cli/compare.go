package cli

func compareCommand() *command {
	return &command{
		name:    "compare",
		args:    "[flags] FILE...",
		summary: "run every backend on each puzzle and check that they agree",
		run:     notYet("compare"),
	}
}

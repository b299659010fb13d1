package cli

func jugsCommand() *command {
	return &command{name: "jugs", sub: []*command{{
		name:    "solve",
		args:    "[flags] [FILE...]",
		summary: "solve water jug puzzles (or --capacities 3,5 --target 4)",
		run:     notYet("jugs solve"),
	}}}
}

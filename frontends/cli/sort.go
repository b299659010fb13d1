package cli

func sortCommand() *command {
	return &command{name: "sort", sub: []*command{{
		name:    "solve",
		args:    "[flags] FILE...",
		summary: "solve Water Sort levels",
		run:     notYet("sort solve"),
	}}}
}

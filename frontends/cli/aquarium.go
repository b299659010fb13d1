package cli

func aquariumCommand() *command {
	return &command{name: "aquarium", sub: []*command{
		{name: "solve", args: "[flags] FILE...", summary: "solve Aquarium puzzles", run: notYet("aquarium solve")},
		{name: "count", args: "[flags] FILE...", summary: "count solutions up to --limit", run: notYet("aquarium count")},
		{name: "check", args: "[flags] FILE...", summary: "check the solutions written in the files", run: notYet("aquarium check")},
	}}
}

package aquariumcli

import (
	"fmt"
	"io"
	"strings"

	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// cellPos is a cell, rows and columns from 0 as everywhere in JSON.
type cellPos struct {
	Row int `json:"row"`
	Col int `json:"col"`
}

// differingCells lists the cells that are not the same in all the
// solutions, row by row.
func differingCells(sols []aquarium.Solution) []cellPos {
	if len(sols) < 2 {
		return nil
	}
	var out []cellPos
	first := sols[0]
	for r := range first.Height {
		for c := range first.Width {
			for _, s := range sols[1:] {
				if s.At(r, c) != first.At(r, c) {
					out = append(out, cellPos{r, c})
					break
				}
			}
		}
	}
	return out
}

// writeShown writes solutions side by side, "#" for water and "." for
// empty, each cell of differ in [brackets], under a header that numbers
// them, and a line that says what the brackets mean.
func writeShown(w io.Writer, sols []aquarium.Solution, differ []cellPos) error {
	marked := map[cellPos]bool{}
	for _, p := range differ {
		marked[p] = true
	}
	width := max(3*sols[0].Width, len(" solution 10"))
	var b strings.Builder
	for i := range sols {
		if i > 0 {
			b.WriteString("   ")
		}
		fmt.Fprintf(&b, "%-*s", width, fmt.Sprintf(" solution %d", i+1))
	}
	b.WriteString("\n")
	for r := range sols[0].Height {
		for i, s := range sols {
			if i > 0 {
				b.WriteString("   ")
			}
			var row strings.Builder
			for c := range s.Width {
				ch := map[aquarium.Cell]string{aquarium.Water: "#", aquarium.Empty: "."}[s.At(r, c)]
				if marked[cellPos{r, c}] {
					row.WriteString("[" + ch + "]")
				} else {
					row.WriteString(" " + ch + " ")
				}
			}
			fmt.Fprintf(&b, "%-*s", width, row.String())
		}
		b.WriteString("\n")
	}
	if len(sols) > 1 {
		fmt.Fprintf(&b, " %d %s in [brackets] differ\n", len(differ), map[bool]string{true: "cell", false: "cells"}[len(differ) == 1])
	}
	for line := range strings.Lines(b.String()) {
		if _, err := io.WriteString(w, strings.TrimRight(line, " \n")+"\n"); err != nil {
			return err
		}
	}
	return nil
}

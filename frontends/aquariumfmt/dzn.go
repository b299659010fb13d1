package aquariumfmt

import (
	_ "embed"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/textsafe"
	"github.com/waterworks-solver/waterworks/models/aquarium"
)

//go:embed aquarium.mzn
var miniZincModel string

// MiniZincModel returns the text of waterworks' Aquarium model in
// MiniZinc, aquarium.mzn, which reads the data WriteDZN writes and holds
// both rules. testdata/examples/aquarium.mzn is a copy of it.
func MiniZincModel() string { return miniZincModel }

// WriteDZN writes d's puzzle as MiniZinc data for MiniZincModel: its rule
// (d's, or the region rule when d states none), its size, the aquarium of
// every cell, numbered from 1 in the order they first appear row by row
// (their labels go in a comment), and its clues, -1 for a missing one. The
// id and the solution are not data; the id goes in a comment.
func WriteDZN(w io.Writer, d Document) error {
	p := d.Puzzle
	if p == nil {
		return errors.New("aquariumfmt: document has no puzzle")
	}
	if err := p.Validate(); err != nil {
		return err
	}
	rule := aquarium.RegionRule
	if d.HasRule {
		rule = d.Rule
	}
	if rule != aquarium.RegionRule && rule != aquarium.PoolRule {
		return fmt.Errorf("aquariumfmt: cannot write %v", rule)
	}
	// MiniZinc numbers the aquariums 1..n without gaps; ids need not be.
	number := make(map[int]int)
	var labels []string
	for _, id := range p.Regions {
		if _, ok := number[id]; !ok {
			number[id] = len(number) + 1
			labels = append(labels, fmt.Sprintf("%d=%s", len(number), textsafe.Name(p.Name(id))))
		}
	}
	var b strings.Builder
	if d.ID != "" {
		fmt.Fprintf(&b, "%% Aquarium %s, for aquarium.mzn\n", textsafe.Name(d.ID))
	} else {
		b.WriteString("% Aquarium, for aquarium.mzn\n")
	}
	fmt.Fprintf(&b, "%% aquariums: %s\n", strings.Join(labels, " "))
	fmt.Fprintf(&b, "rule = %v;\n", rule)
	fmt.Fprintf(&b, "n_rows = %d;\nn_cols = %d;\nn_aquariums = %d;\n", p.Height, p.Width, len(number))
	width := len(strconv.Itoa(len(number)))
	b.WriteString("aquarium = [|")
	for r := range p.Height {
		if r > 0 {
			b.WriteString("\n            |")
		}
		for c := range p.Width {
			if c > 0 {
				b.WriteString(", ")
			}
			n := strconv.Itoa(number[p.Region(r, c)])
			b.WriteString(strings.Repeat(" ", width-len(n)) + n)
		}
	}
	b.WriteString("|];\n")
	fmt.Fprintf(&b, "row_clue = %s;\ncol_clue = %s;\n", dznList(p.Rows), dznList(p.Cols))
	_, err := io.WriteString(w, b.String())
	return err
}

// dznList writes clues as a MiniZinc array, NoClue as -1.
func dznList(clues []int) string {
	parts := make([]string, len(clues))
	for i, k := range clues {
		if k == aquarium.NoClue {
			k = -1
		}
		parts[i] = strconv.Itoa(k)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

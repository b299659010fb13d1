package aquariumcli

import (
	"fmt"
	"strings"

	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/logic"
)

// logicRecord holds what reasoning found, in JSON output.
type logicRecord struct {
	Grade       *gradeJSON      `json:"grade,omitempty"`
	Logic       *logicJSON      `json:"logic,omitempty"`
	Explanation []DeductionJSON `json:"explanation,omitempty"`
	Hints       []DeductionJSON `json:"hints,omitempty"`
}

// gradeJSON is a puzzle's grade.
type gradeJSON struct {
	Level string `json:"level"` // easy, medium, hard, extreme
	Depth int    `json:"depth"` // probing depth needed: 0 none, 1 probing, 2+ nested
	Logic bool   `json:"logic"` // reasoning without guessing solves it
	Nodes int64  `json:"nodes,omitempty"`
	Why   string `json:"why"`
}

func gradeOf(g logic.Grade) *gradeJSON {
	return &gradeJSON{Level: g.Difficulty.String(), Depth: g.Depth, Logic: g.Logic, Nodes: g.Nodes, Why: g.Why()}
}

// logicJSON is what logic-only solving reached from the starting grid.
type logicJSON struct {
	Solved bool  `json:"solved"`
	Depth  int   `json:"depth"`
	Fixed  []int `json:"fixed"` // blocks decided by each depth of reasoning
	Open   int   `json:"open"`  // cells left undecided
}

// DeductionJSON is one deduction; rows and columns count from 0 here, as
// everywhere in JSON output, while the words count from 1.
type DeductionJSON struct {
	Rule     string            `json:"rule"`
	Depth    int               `json:"depth"`
	Line     string            `json:"line,omitempty"`
	Aquarium string            `json:"aquarium,omitempty"`
	Conflict bool              `json:"conflict,omitempty"`
	Cells    []cellJSON        `json:"cells,omitempty"`
	Supposed []cellJSON        `json:"supposed,omitempty"`
	Text     string            `json:"text"`
	Branches [][]DeductionJSON `json:"branches,omitempty"`
}

type cellJSON struct {
	Row  int    `json:"row"`
	Col  int    `json:"col"`
	Cell string `json:"cell"` // "#" water, "." empty
}

func deductionsOf(p *aquarium.Puzzle, ds []logic.Deduction) []DeductionJSON {
	out := make([]DeductionJSON, len(ds))
	for i, d := range ds {
		j := DeductionJSON{Rule: d.Reason.String(), Depth: d.Depth, Conflict: d.Conflict, Text: d.Text,
			Cells: cellsOf(d.Cells), Supposed: cellsOf(d.Supposed)}
		if d.HasLine {
			j.Line = d.Line.String()
		}
		if d.Region >= 0 {
			j.Aquarium = p.Name(d.Region)
		}
		for _, b := range d.Branches {
			j.Branches = append(j.Branches, deductionsOf(p, b))
		}
		out[i] = j
	}
	return out
}

func cellsOf(ps []logic.Placement) []cellJSON {
	out := make([]cellJSON, len(ps))
	for i, c := range ps {
		out[i] = cellJSON{Row: c.Row, Col: c.Col, Cell: map[aquarium.Cell]string{aquarium.Water: "#", aquarium.Empty: "."}[c.Cell]}
	}
	return out
}

// outline writes deductions numbered from first, one per line with the
// steps under suppositions indented beneath, each line after prefix.
func outline(w *strings.Builder, prefix string, first int, ds []logic.Deduction) {
	for i, d := range ds {
		lines := strings.Split(strings.TrimSuffix(d.Outline(), "\n"), "\n")
		num := fmt.Sprintf("%d. ", first+i)
		fmt.Fprintf(w, "%s%s[%s] %s\n", prefix, num, ruleLabel(d), lines[0])
		for _, l := range lines[1:] {
			fmt.Fprintf(w, "%s%s%s\n", prefix, strings.Repeat(" ", len(num)), l)
		}
	}
}

// ruleLabel names a deduction's rule for people: "gravity", "sums",
// "probing", "nested probing, depth 2", "probing, both cases".
func ruleLabel(d logic.Deduction) string {
	switch {
	case d.Depth == 0:
		return d.Reason.String()
	case d.Depth > 1 && d.Reason == logic.ByCases:
		return fmt.Sprintf("nested probing, depth %d, both cases", d.Depth)
	case d.Depth > 1:
		return fmt.Sprintf("nested probing, depth %d", d.Depth)
	case d.Reason == logic.ByCases:
		return "probing, both cases"
	}
	return "probing"
}

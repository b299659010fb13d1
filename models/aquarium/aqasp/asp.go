package aqasp

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// ErrASPRule is returned by WriteASP for a rule the ASP program does not
// model.
var ErrASPRule = errors.New("the ASP program models the region rule only")

// aspRules is the answer-set program of the region rule, for clingo and
// other ASP systems: a choice of full blocks (an aquarium's cells in a
// row), gravity, and the clues. It reads the facts WriteASP writes.
const aspRules = `% Rules: each block (an aquarium's cells in one row) is full or not;
% a full block means the aquarium's blocks in every lower row are full;
% the clues count the water cells of each row and column.
block(A,R) :- cell(R,_,A).
{ full(A,R) } :- block(A,R).
:- full(A,R1), block(A,R2), R2 > R1, not full(A,R2).
water(R,C) :- cell(R,C,A), full(A,R).
:- row(R,K), #count { C : water(R,C) } != K.
:- col(C,K), #count { R : water(R,C) } != K.
#show water/2.
`

// WriteASP writes p as a self-contained answer-set program under the
// region rule: facts cell(Row,Col,Aquarium), row(Row,Count) and
// col(Col,Count) for the given clues, rows, columns and aquariums counted
// from 1, followed by the rules. Each answer set's water(Row,Col) atoms
// are the full cells of one solution, so "clingo -n 2" decides uniqueness.
func WriteASP(w io.Writer, p *aquarium.Puzzle, rule aquarium.Rule) error {
	if rule != aquarium.RegionRule {
		return fmt.Errorf("%w, not the %v rule", ErrASPRule, rule)
	}
	if err := p.Validate(); err != nil {
		return err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%% Aquarium %dx%d, region rule.\n", p.Width, p.Height)
	for r := range p.Height {
		for c := range p.Width {
			fmt.Fprintf(&b, "cell(%d,%d,%d). ", r+1, c+1, p.Region(r, c)+1)
		}
		b.WriteString("\n")
	}
	for r, k := range p.Rows {
		if k != aquarium.NoClue {
			fmt.Fprintf(&b, "row(%d,%d). ", r+1, k)
		}
	}
	b.WriteString("\n")
	for c, k := range p.Cols {
		if k != aquarium.NoClue {
			fmt.Fprintf(&b, "col(%d,%d). ", c+1, k)
		}
	}
	b.WriteString("\n")
	b.WriteString(aspRules)
	_, err := io.WriteString(w, b.String())
	return err
}

// SolutionFromASP builds the solution that an answer set's water(Row,Col)
// atoms describe, rows and columns counted from 1; other atoms are ignored.
func SolutionFromASP(p *aquarium.Puzzle, atoms []string) (aquarium.Solution, error) {
	s := aquarium.NewSolution(p.Width, p.Height)
	for i := range s.Cells {
		s.Cells[i] = aquarium.Empty
	}
	for _, a := range atoms {
		var r, c int
		if _, err := fmt.Sscanf(a, "water(%d,%d)", &r, &c); err != nil {
			continue
		}
		if r < 1 || r > p.Height || c < 1 || c > p.Width {
			return aquarium.Solution{}, fmt.Errorf("atom %s is outside the %dx%d grid", a, p.Width, p.Height)
		}
		s.Cells[(r-1)*p.Width+c-1] = aquarium.Water
	}
	return s, nil
}

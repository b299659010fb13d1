package aquariumfmt

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// WriteText writes d in the text format: an id directive when d.HasID, a
// rule directive when d.HasRule, the grid, and the solution block when d
// has a solution. Every column of the grid is as wide as the widest label
// or column clue, so the clues stand over their columns; row clues are
// right-aligned. Labels are the puzzle's Names, or letters (A, B, ...) when
// it has none. What WriteText writes, ParseText reads back to the same
// document.
func WriteText(w io.Writer, d Document) error {
	p := d.Puzzle
	if p == nil {
		return errors.New("aquariumfmt: document has no puzzle")
	}
	if err := p.Validate(); err != nil {
		return err
	}
	var b strings.Builder
	if d.HasID {
		if msg := idProblem(d.ID); msg != "" {
			return fmt.Errorf("aquariumfmt: cannot write id %q: %s", d.ID, msg)
		}
		fmt.Fprintf(&b, "id %s\n", d.ID)
	}
	if d.HasRule {
		if d.Rule != aquarium.RegionRule && d.Rule != aquarium.PoolRule {
			return fmt.Errorf("aquariumfmt: cannot write %v", d.Rule)
		}
		fmt.Fprintf(&b, "rule %v\n", d.Rule)
	}
	if err := writeGrid(&b, p); err != nil {
		return err
	}
	if d.HasSolution() {
		s := d.Solution
		if s.Width != p.Width || s.Height != p.Height || len(s.Cells) != s.Width*s.Height {
			return fmt.Errorf("aquariumfmt: solution is %dx%d with %d cells, puzzle is %dx%d",
				s.Width, s.Height, len(s.Cells), p.Width, p.Height)
		}
		for _, c := range s.Cells {
			if c > aquarium.Water {
				return fmt.Errorf("aquariumfmt: solution has a cell of unknown kind %d", c)
			}
		}
		b.WriteString("solution\n")
		for _, row := range s.Rows() {
			b.WriteString(row)
			b.WriteByte('\n')
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeGrid writes the column clue line and the row lines of p.
func writeGrid(b *strings.Builder, p *aquarium.Puzzle) error {
	labels := make([]string, p.NumRegions())
	colWidth, rowWidth := 1, 1
	for _, id := range p.Regions {
		if labels[id] != "" {
			continue
		}
		labels[id] = p.Name(id)
		if off, msg := labelProblem(labels[id]); msg != "" {
			return fmt.Errorf("aquariumfmt: cannot write aquarium label %q: %s (at byte %d)", labels[id], msg, off)
		}
		colWidth = max(colWidth, utf8.RuneCountInString(labels[id]))
	}
	for _, k := range p.Cols {
		colWidth = max(colWidth, len(clueText(k)))
	}
	for _, k := range p.Rows {
		rowWidth = max(rowWidth, len(clueText(k)))
	}
	b.WriteString(strings.Repeat(" ", rowWidth))
	for _, k := range p.Cols {
		b.WriteByte(' ')
		pad(b, clueText(k), colWidth)
	}
	b.WriteByte('\n')
	for r, k := range p.Rows {
		pad(b, clueText(k), rowWidth)
		for c := range p.Width {
			b.WriteByte(' ')
			pad(b, labels[p.Region(r, c)], colWidth)
		}
		b.WriteByte('\n')
	}
	return nil
}

func clueText(k int) string {
	if k == aquarium.NoClue {
		return "-"
	}
	return strconv.Itoa(k)
}

// pad writes s right-aligned in width characters.
func pad(b *strings.Builder, s string, width int) {
	b.WriteString(strings.Repeat(" ", max(0, width-utf8.RuneCountInString(s))))
	b.WriteString(s)
}

// idProblem says what keeps s from being written as the argument of an id
// directive, which is one token, or returns "".
func idProblem(s string) string {
	switch {
	case s == "":
		return "it is empty"
	case !utf8.ValidString(s):
		return "it is not UTF-8"
	case s[0] == '#':
		return "it starts with #, which would make it a comment"
	}
	for _, r := range s {
		switch {
		case r == ' ' || r == '\t':
			return "it has spaces"
		case r < 0x20 || r == 0x7F:
			return "it has control characters"
		}
	}
	return ""
}

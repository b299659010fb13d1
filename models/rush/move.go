package rush

import (
	"fmt"
	"strings"
)

// Move slides one piece along its axis: By cells right (horizontal) or
// down (vertical) when positive, left or up when negative.
type Move struct {
	// Piece indexes Puzzle.Pieces.
	Piece int
	By    int
}

// Plan is a sequence of moves.
type Plan []Move

// Cells returns the cells slid by the whole plan: the sum of |By|.
func (pl Plan) Cells() int {
	n := 0
	for _, m := range pl {
		n += max(m.By, -m.By)
	}
	return n
}

// Direction returns the word for the way m slides a piece of orientation
// o: "left", "right", "up" or "down".
func Direction(o Orientation, by int) string {
	switch {
	case o == Horizontal && by < 0:
		return "left"
	case o == Horizontal:
		return "right"
	case by < 0:
		return "up"
	}
	return "down"
}

// Format writes m as fogleman/rush does: the piece's label and the signed
// cells, "A+2", "C-1".
func (p *Puzzle) Format(m Move) string {
	if m.Piece < 0 || m.Piece >= len(p.Pieces) {
		return fmt.Sprintf("?%+d", m.By)
	}
	return fmt.Sprintf("%c%+d", p.Pieces[m.Piece].Label, m.By)
}

// FormatPlan writes the moves of pl separated by spaces.
func (p *Puzzle) FormatPlan(pl Plan) string {
	s := make([]string, len(pl))
	for i, m := range pl {
		s[i] = p.Format(m)
	}
	return strings.Join(s, " ")
}

// ParseMove reads a move written as Format writes it ("B-2"), for the
// pieces of p.
func (p *Puzzle) ParseMove(s string) (Move, error) {
	if len(s) < 3 {
		return Move{}, fmt.Errorf("move %q: want a label and a signed number, like B-2", s)
	}
	idx := -1
	for i, pc := range p.Pieces {
		if pc.Label == s[0] {
			idx = i
		}
	}
	if idx < 0 {
		return Move{}, fmt.Errorf("move %q: no piece %c", s, s[0])
	}
	var by int
	if _, err := fmt.Sscanf(s[1:], "%d", &by); err != nil || (s[1] != '+' && s[1] != '-') || by == 0 {
		return Move{}, fmt.Errorf("move %q: want a label and a signed number, like B-2", s)
	}
	return Move{Piece: idx, By: by}, nil
}

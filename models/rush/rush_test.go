package rush

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// board builds a puzzle from rows for the tests (the real parser is in
// frontends/rushfmt).
func boardOf(t testing.TB, rows ...string) *Puzzle {
	t.Helper()
	p := &Puzzle{Width: len(rows[0]), Height: len(rows)}
	type span struct{ r0, c0, r1, c1, n int }
	spans := map[byte]*span{}
	var order []byte
	for r, row := range rows {
		require.Len(t, row, p.Width)
		for c := range len(row) {
			switch ch := row[c]; ch {
			case '.':
			case 'x':
				p.Walls = append(p.Walls, r*p.Width+c)
			default:
				s := spans[ch]
				if s == nil {
					s = &span{r0: r, c0: c}
					spans[ch] = s
					order = append(order, ch)
				}
				s.r1, s.c1 = r, c
				s.n++
			}
		}
	}
	for _, ch := range order {
		s := spans[ch]
		pc := Piece{Label: ch, Row: s.r0, Col: s.c0, Len: s.n}
		if s.c0 == s.c1 && s.n > 1 {
			pc.Orientation = Vertical
		}
		if ch == 'A' {
			p.Pieces = append([]Piece{pc}, p.Pieces...)
		} else {
			p.Pieces = append(p.Pieces, pc)
		}
	}
	return p
}

func TestRowsRoundTrip(t *testing.T) {
	rows := []string{"..B.CC", "..B...", "AAB...", "DDD..E", ".x...E", ".....E"}
	p := boardOf(t, rows...)
	require.NoError(t, p.Validate())
	assert.Equal(t, rows, p.Rows())
}

func TestValidate(t *testing.T) {
	for name, p := range map[string]*Puzzle{
		"vertical A": {Width: 3, Height: 3, Pieces: []Piece{{Label: 'A', Len: 2, Orientation: Vertical}}},
		"short":      {Width: 3, Height: 3, Pieces: []Piece{{Label: 'A', Len: 2}, {Label: 'B', Row: 1, Len: 1}}},
		"overlap":    {Width: 3, Height: 3, Pieces: []Piece{{Label: 'A', Len: 2}, {Label: 'B', Col: 1, Len: 2, Orientation: Vertical}}},
		"off":        {Width: 3, Height: 3, Pieces: []Piece{{Label: 'A', Col: 2, Len: 2}}},
		"twice":      {Width: 3, Height: 3, Pieces: []Piece{{Label: 'A', Len: 2}, {Label: 'A', Row: 1, Len: 2}}},
		"no A":       {Width: 3, Height: 3, Pieces: []Piece{{Label: 'B', Len: 2}}},
		"wall on A":  {Width: 3, Height: 3, Walls: []int{1}, Pieces: []Piece{{Label: 'A', Len: 2}}},
	} {
		assert.ErrorIs(t, p.Validate(), ErrInvalidPuzzle, name)
	}
}

func TestCheck(t *testing.T) {
	p := boardOf(t,
		"..B...",
		"..B...",
		"AAB...",
		"......",
		"......",
		"......")
	assert.NoError(t, Check(p, Plan{{Piece: 1, By: 3}, {Piece: 0, By: 4}}))
	assert.NoError(t, Check(p, Plan{{Piece: 1, By: 3}, {Piece: 0, By: 3}, {Piece: 0, By: 1}}))
	assert.ErrorIs(t, Check(p, Plan{{Piece: 0, By: 4}}), ErrWrongPlan, "B blocks")
	assert.ErrorIs(t, Check(p, Plan{{Piece: 1, By: 4}}), ErrWrongPlan, "off the board")
	assert.ErrorIs(t, Check(p, Plan{{Piece: 1, By: 3}, {Piece: 0, By: 3}}), ErrWrongPlan, "not home")
	assert.ErrorIs(t, Check(p, Plan{{Piece: 1, By: 1}, {Piece: 0, By: 4}}), ErrWrongPlan, "B still blocks")
	assert.ErrorIs(t, Check(p, Plan{{Piece: 1, By: 0}}), ErrWrongPlan)
	assert.ErrorIs(t, Check(p, Plan{{Piece: 2, By: 1}}), ErrWrongPlan)
	assert.Equal(t, 5, Plan{{Piece: 1, By: 1}, {Piece: 0, By: -4}}.Cells())
	m, err := p.ParseMove("B-2")
	require.NoError(t, err)
	assert.Equal(t, Move{Piece: 1, By: -2}, m)
	assert.Equal(t, "B-2", p.Format(m))
}

// Successors agrees with Check: every move it offers is legal, and every
// legal single slide is offered.
func TestSuccessorsAgreeWithCheck(t *testing.T) {
	p := boardOf(t,
		"BBC...",
		"..C.D.",
		"AAC.Dx",
		"E.FFF.",
		"E.....",
		"GG.HH.")
	b, err := NewBoard(p)
	require.NoError(t, err)
	offered := map[Move]Key{}
	b.Successors(b.Start(), func(m Move, k Key, cost int) bool {
		assert.Equal(t, 1, cost)
		offered[m] = k
		assert.Equal(t, b.Apply(b.Start(), m), k)
		return true
	})
	// Check judges plans ending solved; a legal move makes Check fail
	// only at the end, with "ends at column".
	for i := range p.Pieces {
		for by := -6; by <= 6; by++ {
			if by == 0 {
				continue
			}
			m := Move{Piece: i, By: by}
			err := Check(p, Plan{m})
			legal := err == nil || strings.Contains(err.Error(), "ends at column")
			_, ok := offered[m]
			assert.Equal(t, legal, ok, "%s: %v", p.Format(m), err)
		}
	}
}

package tilesfmt

import (
	"encoding/json"
	"io"
	"strconv"
	"strings"

	"github.com/waterworks-solver/waterworks/models/tiles"
)

// WriteGrid writes p as rows of right-aligned numbers, the blank as '.',
// in the text format.
func WriteGrid(w io.Writer, p *tiles.Puzzle) error {
	width := len(strconv.Itoa(p.Cells() - 1))
	var b strings.Builder
	for r := range p.Height {
		for c := range p.Width {
			if c > 0 {
				b.WriteByte(' ')
			}
			s := "."
			if t := p.Tiles[r*p.Width+c]; t != 0 {
				s = strconv.Itoa(t)
			}
			b.WriteString(strings.Repeat(" ", width-len(s)) + s)
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteRecord writes p as one line of JSON under id.
func WriteRecord(w io.Writer, id string, p *tiles.Puzzle) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	rec := Record{ID: id, Tiles: p.Tiles}
	if p.Width != p.Height {
		rec.Width = p.Width
	}
	return enc.Encode(rec)
}

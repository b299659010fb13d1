package webfmt

import (
	"strconv"
	"strings"

	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// DecodePzprv3 reads an Aquarium file as pzprjs saves it:
//
//	pzprv3
//	aquarium
//	<rows>
//	<columns>
//	r                                     (only under the region rule)
//	<rows lines of columns-1 walls>       0 or 1 for each pair of horizontal neighbours
//	<rows-1 lines of columns walls>       0 or 1 for each pair of vertical neighbours
//	. <column clues>                      a number, or "." for none
//	<row clue> <cells>                    one line per row: a clue, then # water, + empty, . undecided
//
// Items on a line are separated by spaces. pzprjs also reads "/" as a line
// break, so the whole file may come as one line; a header "pzprv3.N" is
// accepted, a clue "-2" (pzprjs's "?") reads as missing, and anything from
// an "info:", "history:" or "TrialData" line on (pzprjs's metadata and undo
// history) is ignored. Aquariums are the groups of cells no wall separates;
// the rule is aquarium.RegionRule with the "r" line and aquarium.PoolRule
// without it. The solution holds the cells' marks: a file without any is a
// solution with every cell Unknown.
//
// name labels errors, which are *inputerr.Error values at the line and byte
// column of the problem.
func DecodePzprv3(name, text string) (*aquarium.Puzzle, aquarium.Rule, aquarium.Solution, error) {
	d := pzprDecoder{src: source{name: name, text: text}, lines: splitPzprLines(text)}
	p, rule, s, err := d.decode()
	if err != nil {
		return nil, 0, aquarium.Solution{}, err
	}
	return p, rule, s, nil
}

// EncodePzprv3 writes p under rule, with the cells of s, as pzprjs saves an
// Aquarium file (see DecodePzprv3), ending with a newline. A zero s (no
// cells) writes no marks. It fails for an aquarium of separate pieces.
func EncodePzprv3(p *aquarium.Puzzle, rule aquarium.Rule, s aquarium.Solution) (string, error) {
	if err := p.Validate(); err != nil {
		return "", err
	}
	if s.Cells != nil && (s.Width != p.Width || s.Height != p.Height || len(s.Cells) != p.Width*p.Height) {
		return "", unsupported("solution is %dx%d with %d cells, puzzle is %dx%d",
			s.Width, s.Height, len(s.Cells), p.Width, p.Height)
	}
	for i, cell := range s.Cells {
		if int(cell) >= len(cellMarks) {
			return "", unsupported("row %d, column %d holds %v, which is neither water, empty nor undecided",
				i/p.Width+1, i%p.Width+1, cell)
		}
	}
	w, err := wallsOf(p)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("pzprv3\naquarium\n" + strconv.Itoa(p.Height) + "\n" + strconv.Itoa(p.Width) + "\n")
	switch rule {
	case aquarium.RegionRule:
		b.WriteString("r\n")
	case aquarium.PoolRule:
	default:
		return "", unsupported("pzprjs knows the region and pool rules, not %v", rule)
	}
	bit := func(wall bool) string {
		if wall {
			return "1 "
		}
		return "0 "
	}
	for r := range p.Height {
		for c := range p.Width - 1 {
			b.WriteString(bit(w.right(r, c)))
		}
		b.WriteByte('\n')
	}
	for r := range p.Height - 1 {
		for c := range p.Width {
			b.WriteString(bit(w.below(r, c)))
		}
		b.WriteByte('\n')
	}
	clue := func(k int) string {
		if k == aquarium.NoClue {
			return ". "
		}
		return strconv.Itoa(k) + " "
	}
	b.WriteString(". ")
	for _, k := range p.Cols {
		b.WriteString(clue(k))
	}
	b.WriteByte('\n')
	for r, k := range p.Rows {
		b.WriteString(clue(k))
		for c := range p.Width {
			cell := aquarium.Unknown
			if s.Cells != nil {
				cell = s.At(r, c)
			}
			b.WriteString(cellMarks[cell] + " ")
		}
		b.WriteByte('\n')
	}
	return b.String(), nil
}

// cellMarks spells the cells of a solution in pzprv3 files.
var cellMarks = [...]string{aquarium.Unknown: ".", aquarium.Empty: "+", aquarium.Water: "#"}

// pzprLine is a line of a pzprv3 file and the byte offset where it starts.
type pzprLine struct {
	text string
	off  int
}

// splitPzprLines splits text at newlines and at "/", as pzprjs does, and
// drops the tabs and carriage returns that end a line.
func splitPzprLines(text string) []pzprLine {
	var lines []pzprLine
	off := 0
	for {
		i := strings.IndexAny(text[off:], "\n/")
		line := text[off:]
		if i >= 0 {
			line = line[:i]
		}
		lines = append(lines, pzprLine{text: strings.TrimRight(line, "\t\r"), off: off})
		if i < 0 {
			if line == "" && len(lines) > 1 {
				lines = lines[:len(lines)-1] // the text ended with a line break
			}
			return lines
		}
		off += i + 1
	}
}

// pzprDecoder reads the lines of a pzprv3 file in turn.
type pzprDecoder struct {
	src   source
	lines []pzprLine
	next  int
}

// line returns the next line, or ok false at the end of the file.
func (d *pzprDecoder) line() (pzprLine, bool) {
	if d.next >= len(d.lines) {
		return pzprLine{off: len(d.src.text)}, false
	}
	d.next++
	return d.lines[d.next-1], true
}

// items returns the n space-separated items of the next line, with their
// offsets, or an error naming what the line should hold.
func (d *pzprDecoder) items(n int, what string) (offs []int, items []string, err error) {
	l, ok := d.line()
	if !ok {
		return nil, nil, d.src.errAt(l.off, "file ends early; want a line of %s", what)
	}
	for i := 0; i < len(l.text); {
		if l.text[i] == ' ' {
			i++
			continue
		}
		j := i
		for j < len(l.text) && l.text[j] != ' ' {
			j++
		}
		if len(items) == n {
			return nil, nil, d.src.errAt(l.off+i, "too many items: want a line of %s", what)
		}
		items = append(items, l.text[i:j])
		offs = append(offs, l.off+i)
		i = j
	}
	if len(items) < n {
		return nil, nil, d.src.errAt(l.off+len(l.text), "%d items; want a line of %s", len(items), what)
	}
	return offs, items, nil
}

func (d *pzprDecoder) decode() (*aquarium.Puzzle, aquarium.Rule, aquarium.Solution, error) {
	var none aquarium.Solution
	width, height, err := d.header()
	if err != nil {
		return nil, 0, none, err
	}
	rule := aquarium.PoolRule
	if d.next < len(d.lines) && d.lines[d.next].text == "r" {
		rule = aquarium.RegionRule
		d.next++
	}
	regions, err := d.walls(width, height)
	if err != nil {
		return nil, 0, none, err
	}
	p := newPuzzle(width, height)
	p.Regions = regions
	s, err := d.cluesAndCells(p)
	if err != nil {
		return nil, 0, none, err
	}
	if err := d.trailer(); err != nil {
		return nil, 0, none, err
	}
	return p, rule, s, nil
}

// header reads the header, the puzzle type and the size.
func (d *pzprDecoder) header() (width, height int, err error) {
	src := d.src
	head, _ := d.line()
	if version, ok := strings.CutPrefix(head.text, "pzprv3"); !ok || (version != "" && !isDotNumber(version)) {
		return 0, 0, src.errAt(head.off, "want the header \"pzprv3\", found %q", head.text)
	}
	kind, ok := d.line()
	if !ok || kind.text != "aquarium" {
		return 0, 0, src.errAt(kind.off, "want the puzzle type \"aquarium\", found %s", quoteField(kind.text, ok))
	}
	if height, err = d.size("rows"); err != nil {
		return 0, 0, err
	}
	if width, err = d.size("columns"); err != nil {
		return 0, 0, err
	}
	// Every cell takes at least two bytes in the file: refuse sizes the text
	// cannot hold before allocating for them.
	if width*height > len(src.text) {
		return 0, 0, src.errAt(d.lines[d.next-1].off, "a %dx%d grid cannot fit in the %d bytes of this file", height, width, len(src.text))
	}
	return width, height, nil
}

// walls reads the lines of walls and returns the aquarium of every cell.
func (d *pzprDecoder) walls(width, height int) ([]int, error) {
	w := newWalls(width, height)
	wallLines := []struct {
		lines, perLine int
		what           string
	}{
		{height, width - 1, "walls between horizontal neighbours"},
		{height - 1, width, "walls between vertical neighbours"},
	}
	i := 0
	for _, part := range wallLines {
		for range part.lines {
			what := strconv.Itoa(part.perLine) + " " + part.what + " (0 or 1)"
			offs, items, err := d.items(part.perLine, what)
			if err != nil {
				return nil, err
			}
			for j, item := range items {
				if item != "0" && item != "1" {
					return nil, d.src.errAt(offs[j], "want 0 or 1 for a wall, found %q", item)
				}
				w.wall[i] = item == "1"
				i++
			}
		}
	}
	return w.regions(), nil
}

// cluesAndCells reads the column clues, then each row's clue and cells,
// into p and the returned grid.
func (d *pzprDecoder) cluesAndCells(p *aquarium.Puzzle) (aquarium.Solution, error) {
	src, width, height := d.src, p.Width, p.Height
	offs, items, err := d.items(width+1, "\".\" and "+strconv.Itoa(width)+" column clues")
	if err != nil {
		return aquarium.Solution{}, err
	}
	if items[0] != "." {
		return aquarium.Solution{}, src.errAt(offs[0], "want \".\" for the corner above the row clues, found %q", items[0])
	}
	for c := range width {
		if err := d.clue(p, c, items[c+1], offs[c+1]); err != nil {
			return aquarium.Solution{}, err
		}
	}
	s := aquarium.NewSolution(width, height)
	for r := range height {
		offs, items, err := d.items(width+1, "a row clue and "+strconv.Itoa(width)+" cells")
		if err != nil {
			return aquarium.Solution{}, err
		}
		if err := d.clue(p, width+r, items[0], offs[0]); err != nil {
			return aquarium.Solution{}, err
		}
		for c, item := range items[1:] {
			switch item {
			case "#":
				s.Cells[r*width+c] = aquarium.Water
			case "+":
				s.Cells[r*width+c] = aquarium.Empty
			case ".":
			default:
				return aquarium.Solution{}, src.errAt(offs[c+1], "want a cell: # (water), + (empty) or . (undecided), found %q", item)
			}
		}
	}
	return s, nil
}

// size reads the line holding the number of rows or columns.
func (d *pzprDecoder) size(what string) (int, error) {
	l, ok := d.line()
	n, isNumber := parseCount(l.text)
	switch {
	case !isNumber || n < 1:
		return 0, d.src.errAt(l.off, "want the number of %s, found %s", what, quoteField(l.text, ok))
	case n > aquarium.MaxSide:
		return 0, d.src.errAt(l.off, "%d %s: grids are at most %dx%d", n, what, aquarium.MaxSide, aquarium.MaxSide)
	}
	return n, nil
}

// clue reads clue k of p (columns first, then rows) from item.
func (d *pzprDecoder) clue(p *aquarium.Puzzle, k int, item string, off int) error {
	value := aquarium.NoClue
	switch item {
	case ".", "-2": // no clue, or pzprjs's "?"
	default:
		n, ok := parseCount(item)
		if !ok {
			return d.src.errAt(off, "want the clue of %s (a number, or \".\" for none), found %q", clueName(p, k), item)
		}
		value = n
	}
	if msg := setClue(p, k, value); msg != "" {
		return d.src.errAt(off, "%s", msg)
	}
	return nil
}

// trailer checks what follows the grid: blank lines, or pzprjs's metadata,
// history and trial data, which are ignored.
func (d *pzprDecoder) trailer() error {
	for {
		l, ok := d.line()
		if !ok {
			return nil
		}
		for _, mark := range []string{"info:", "history:", "__HISTORY__", "TrialData", "http:"} {
			if strings.HasPrefix(l.text, mark) {
				return nil
			}
		}
		if strings.TrimSpace(l.text) != "" {
			return d.src.errAt(l.off, "want the end of the file after the grid, found %q", l.text)
		}
	}
}

// isDotNumber reports whether s is "." and decimal digits, as in the
// version suffix of "pzprv3.1".
func isDotNumber(s string) bool {
	_, ok := parseCount(strings.TrimPrefix(s, "."))
	return strings.HasPrefix(s, ".") && ok
}

package render

import (
	"fmt"
	"strings"
)

// glyphWidth and glyphHeight are the size of a glyph of the bitmap font, in
// font pixels; glyphs stand one font pixel apart.
const (
	glyphWidth  = 5
	glyphHeight = 7
)

// fontArt is a hand-made 5×7 bitmap font for the characters of clues, the
// digits, "-" and "?", drawn side by side: a line naming the characters,
// then the rows of their glyphs, one column apart. A '#' is an inked font
// pixel.
const fontArt = `
  0     1     2     3     4     5     6     7     8     9     -     ?
.###. ..#.. .###. ##### ...#. ##### ..##. ##### .###. .###. ..... .###.
#...# .##.. #...# ...#. ..##. #.... .#... ....# #...# #...# ..... #...#
#...# ..#.. ....# ..#.. .#.#. ####. #.... ...#. #...# #...# ..... ....#
#...# ..#.. ...#. ...#. #..#. ....# ####. ..#.. .###. .#### ##### ...#.
#...# ..#.. ..#.. ....# ##### ....# #...# .#... #...# ....# ..... ..#..
#...# ..#.. .#... #...# ...#. #...# #...# .#... #...# ...#. ..... .....
.###. .###. ##### .###. ...#. .###. .###. .#... .###. .##.. ..... ..#..
`

// glyphs holds the rows of each character's glyph, read from fontArt.
var glyphs = readFont(fontArt)

// readFont reads a font drawn as fontArt is. A drawing of another shape is
// a mistake in the program: readFont panics.
func readFont(art string) map[byte][glyphHeight]string {
	lines := strings.Split(strings.Trim(art, "\n"), "\n")
	if len(lines) != 1+glyphHeight {
		panic(fmt.Sprintf("render: font of %d lines, want %d", len(lines), 1+glyphHeight))
	}
	chars := strings.Fields(lines[0])
	font := make(map[byte][glyphHeight]string, len(chars))
	for y, line := range lines[1:] {
		rows := strings.Fields(line)
		if len(rows) != len(chars) {
			panic(fmt.Sprintf("render: font row %d has %d glyphs, want %d", y, len(rows), len(chars)))
		}
		for i, c := range chars {
			g := font[c[0]]
			g[y] = rows[i]
			font[c[0]] = g
		}
	}
	return font
}

// textWidth returns the width in font pixels of a text of chars
// characters.
func textWidth(chars int) int {
	return max(0, chars*(glyphWidth+1)-1)
}

// fontScale returns how many image pixels make a font pixel so that texts
// of up to chars characters fit a cell of the given side, filling about
// 60% of its height and at most 80% of its width.
func fontScale(cell, chars int) int {
	byHeight := cell * 6 / 10 / glyphHeight
	byWidth := cell * 8 / 10 / textWidth(max(1, chars))
	return max(1, min(byHeight, byWidth))
}

// inked calls dot for every inked font pixel of text, with its column and
// row in font pixels from the top left of the text. Characters without a
// glyph are left blank.
func inked(text string, dot func(x, y int)) {
	for i := range len(text) {
		g, ok := glyphs[text[i]]
		if !ok {
			continue
		}
		for y, row := range g {
			for x := range glyphWidth {
				if row[x] == '#' {
					dot(i*(glyphWidth+1)+x, y)
				}
			}
		}
	}
}

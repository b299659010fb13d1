package render

import (
	"bytes"
	"encoding/xml"
	"flag"
	"image"
	"image/color"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/webfmt"
	"github.com/waterworks-solver/waterworks/models/aquarium"
)

var update = flag.Bool("update", false, "rewrite the golden pictures in testdata/render")

// dir holds the test puzzles (pzprv3 files written by webfmt's generator)
// and the golden pictures.
const dir = "../../testdata/render"

// cases are the golden pictures.
var cases = []testCase{
	{"example", "solved15.pzprv3", true, Options{}},               // the README's picture
	{"partial6", "partial6.pzprv3", true, Options{}},              // water, dots and blanks
	{"puzzle10x7", "solved10x7.pzprv3", false, Options{}},         // no solution
	{"puzzle30", "puzzle30.pzprv3", false, Options{CellSize: 20}}, // the largest size, missing clues
}

func load(t testing.TB, file string) (*aquarium.Puzzle, aquarium.Rule, aquarium.Solution) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, file))
	require.NoError(t, err)
	p, rule, s, err := webfmt.DecodePzprv3(file, string(data))
	require.NoError(t, err)
	return p, rule, s
}

// golden returns the content of the golden file name, first writing got to
// it under -update.
func golden(t *testing.T, name string, got []byte) []byte {
	t.Helper()
	path := filepath.Join(dir, name)
	if *update {
		require.NoError(t, os.WriteFile(path, got, 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test -update to write the golden files")
	return want
}

// testCase is a golden picture: the picture's name, the puzzle file,
// whether to draw the file's marks, and the options.
type testCase struct {
	name, file string
	marks      bool
	opts       Options
}

// eachCase runs f on every case as a subtest, with its puzzle and the
// solution to draw (none unless the case draws the marks).
func eachCase(t *testing.T, f func(t *testing.T, tc testCase, p *aquarium.Puzzle, s aquarium.Solution)) {
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p, _, s := load(t, tc.file)
			if !tc.marks {
				s = aquarium.Solution{}
			}
			f(t, tc, p, s)
		})
	}
}

func TestGoldenSVG(t *testing.T) {
	eachCase(t, func(t *testing.T, tc testCase, p *aquarium.Puzzle, s aquarium.Solution) {
		var buf bytes.Buffer
		require.NoError(t, SVG(&buf, p, s, tc.opts))
		assert.Equal(t, string(golden(t, tc.name+".svg", buf.Bytes())), buf.String())
	})
}

func TestGoldenPNG(t *testing.T) {
	eachCase(t, func(t *testing.T, tc testCase, p *aquarium.Puzzle, s aquarium.Solution) {
		var buf bytes.Buffer
		require.NoError(t, PNG(&buf, p, s, tc.opts))
		want := golden(t, tc.name+".png", buf.Bytes())
		got, err := png.Decode(&buf)
		require.NoError(t, err)
		wantImg, err := png.Decode(bytes.NewReader(want))
		require.NoError(t, err)
		require.Equal(t, wantImg.Bounds(), got.Bounds())
		diff := 0
		for y := got.Bounds().Min.Y; y < got.Bounds().Max.Y; y++ {
			for x := got.Bounds().Min.X; x < got.Bounds().Max.X; x++ {
				if rgba(got.At(x, y)) != rgba(wantImg.At(x, y)) {
					diff++
				}
			}
		}
		assert.Zero(t, diff, "pixels that differ from the golden picture")
	})
}

func rgba(c color.Color) color.RGBA {
	return color.RGBAModel.Convert(c).(color.RGBA)
}

// geometry repeats the layout the package documents: margin, clue strip
// and cells, so that the tests can find cells and edges in a picture.
type geometry struct{ cell, left, top int }

func geometryOf(opts Options) geometry {
	cell := opts.CellSize
	if cell == 0 {
		cell = DefaultCellSize
	}
	return geometry{cell: cell, left: cell/2 + cell, top: cell/2 + cell}
}

// TestPixels checks every picture against its puzzle cell by cell: the
// colour in the middle of each cell, the walls on every edge, and ink for
// exactly the clues that are given.
func TestPixels(t *testing.T) {
	eachCase(t, func(t *testing.T, tc testCase, p *aquarium.Puzzle, s aquarium.Solution) {
		img, err := Image(p, s, tc.opts)
		require.NoError(t, err)
		g := geometryOf(tc.opts)
		at := func(x, y int) color.RGBA { return rgba(img.At(x, y)) }
		for r := range p.Height {
			for c := range p.Width {
				cx, cy := g.left+c*g.cell+g.cell/2, g.top+r*g.cell+g.cell/2
				want := paper
				if s.Cells != nil {
					want = map[aquarium.Cell]color.RGBA{
						aquarium.Unknown: paper, aquarium.Empty: dotColour, aquarium.Water: water,
					}[s.At(r, c)]
				}
				require.Equal(t, want, at(cx, cy), "middle of row %d, column %d", r+1, c+1)
				// Just off the middle, empty cells are plain paper.
				if want == dotColour {
					require.Equal(t, paper, at(cx+g.cell/4, cy), "beside the dot of row %d, column %d", r+1, c+1)
				}
				// The edge to the right, halfway along.
				if c+1 < p.Width {
					want := gridLine
					if p.Region(r, c) != p.Region(r, c+1) {
						want = ink
					}
					require.Equal(t, want, at(g.left+(c+1)*g.cell, cy), "right of row %d, column %d", r+1, c+1)
				}
				if r+1 < p.Height {
					want := gridLine
					if p.Region(r, c) != p.Region(r+1, c) {
						want = ink
					}
					require.Equal(t, want, at(cx, g.top+(r+1)*g.cell), "below row %d, column %d", r+1, c+1)
				}
			}
		}
		// The frame.
		right, bottom := g.left+p.Width*g.cell, g.top+p.Height*g.cell
		for _, pt := range [][2]int{{g.left, g.top + 1}, {right, bottom - 1}, {g.left + 1, bottom}, {right - 1, g.top}} {
			require.Equal(t, ink, at(pt[0], pt[1]), "frame at %v", pt)
		}
		// Clues: some ink inside the clue's cell when given, none otherwise.
		// The inset keeps the frame, half of which lies outside the grid,
		// out of the search.
		inset := g.cell / 8
		inkIn := func(x0, y0 int) bool {
			for y := y0 + inset; y < y0+g.cell-inset; y++ {
				for x := x0 + inset; x < x0+g.cell-inset; x++ {
					if at(x, y) == ink {
						return true
					}
				}
			}
			return false
		}
		for c, k := range p.Cols {
			assert.Equal(t, k != aquarium.NoClue, inkIn(g.left+c*g.cell, g.top-g.cell), "clue of column %d", c+1)
		}
		for r, k := range p.Rows {
			assert.Equal(t, k != aquarium.NoClue, inkIn(g.left-g.cell, g.top+r*g.cell), "clue of row %d", r+1)
		}
	})
}

// TestCluesFit checks that a clue's digits stay inside its cell for every
// cell size, for clues of up to two digits (grids up to 99 wide) and, from
// 22 pixels on, three.
func TestCluesFit(t *testing.T) {
	for cell := MinCellSize; cell <= 64; cell++ {
		for chars := 1; chars <= 3; chars++ {
			if chars == 3 && cell < 22 {
				continue
			}
			k := fontScale(cell, chars)
			require.GreaterOrEqual(t, k, 1)
			assert.LessOrEqual(t, textWidth(chars)*k, cell-2, "cell %d, %d digits", cell, chars)
			assert.LessOrEqual(t, glyphHeight*k, cell-2, "cell %d, %d digits", cell, chars)
		}
	}
}

// TestSVGMatchesImage checks that the SVG is well-formed XML and holds the
// same shapes as the PNG: every water and wall rectangle of the SVG is
// water or ink in the image.
func TestSVGMatchesImage(t *testing.T) {
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p, _, s := load(t, tc.file)
			var buf bytes.Buffer
			require.NoError(t, SVG(&buf, p, s, tc.opts))
			img, err := Image(p, s, tc.opts)
			require.NoError(t, err)

			dec := xml.NewDecoder(&buf)
			var class string
			counts := map[string]int{}
			for {
				tok, err := dec.Token()
				if err == io.EOF {
					break
				}
				require.NoError(t, err)
				el, ok := tok.(xml.StartElement)
				if !ok {
					continue
				}
				attr := map[string]int{}
				for _, a := range el.Attr {
					if a.Name.Local == "class" {
						class = a.Value
					}
					attr[a.Name.Local], _ = strconv.Atoi(a.Value)
				}
				counts[class+"/"+el.Name.Local]++
				if el.Name.Local != "rect" || (class != "water" && class != "walls") {
					continue
				}
				want := map[string]color.RGBA{"water": water, "walls": ink}[class]
				// The middle of a wall, or of the first cell of a run of water.
				x, y := attr["x"]+attr["width"]/2, attr["y"]+attr["height"]/2
				if class == "water" {
					x = attr["x"] + attr["height"]/2
				}
				assert.Equal(t, want, rgba(img.At(x, y)), "%s rectangle at %d,%d", class, x, y)
			}
			clues := 0
			for _, k := range append(append([]int(nil), p.Cols...), p.Rows...) {
				if k != aquarium.NoClue {
					clues++
				}
			}
			assert.Equal(t, clues, counts["clues/text"])
			assert.Equal(t, p.Width-1+p.Height-1, counts["grid/rect"])
		})
	}
}

func TestDeterministic(t *testing.T) {
	p, _, s := load(t, "solved15.pzprv3")
	draw := func(f func(io.Writer, *aquarium.Puzzle, aquarium.Solution, Options) error) []byte {
		var buf bytes.Buffer
		require.NoError(t, f(&buf, p, s, Options{}))
		return buf.Bytes()
	}
	assert.Equal(t, draw(SVG), draw(SVG))
	assert.Equal(t, draw(PNG), draw(PNG))
}

func TestSizes(t *testing.T) {
	p, _, s := load(t, "partial6.pzprv3")
	for _, cell := range []int{MinCellSize, 20, DefaultCellSize, 64} {
		img, err := Image(p, s, Options{CellSize: cell})
		require.NoError(t, err)
		side := cell/2 + cell + 6*cell + cell/2
		assert.Equal(t, image.Rect(0, 0, side, side), img.Bounds())
	}
}

func TestErrors(t *testing.T) {
	p, _, s := load(t, "partial6.pzprv3")
	for _, cell := range []int{-1, MinCellSize - 1, MaxCellSize + 1} {
		err := SVG(io.Discard, p, s, Options{CellSize: cell})
		assert.ErrorContains(t, err, "cell size")
		_, err = Image(p, s, Options{CellSize: cell})
		assert.ErrorContains(t, err, "cell size")
	}
	err := PNG(io.Discard, p, aquarium.NewSolution(5, 6), Options{})
	assert.ErrorContains(t, err, "solution is 5x6")
	odd := aquarium.NewSolution(6, 6)
	odd.Cells[7] = aquarium.Water + 1
	assert.ErrorContains(t, SVG(io.Discard, p, odd, Options{}), "row 2, column 2 of the solution holds")

	bad := *p
	bad.Cols = bad.Cols[:2]
	assert.ErrorIs(t, SVG(io.Discard, &bad, s, Options{}), aquarium.ErrInvalidPuzzle)
	assert.ErrorIs(t, PNG(io.Discard, &bad, s, Options{}), aquarium.ErrInvalidPuzzle)

	huge := &aquarium.Puzzle{Width: aquarium.MaxSide, Height: aquarium.MaxSide, Regions: make([]int, aquarium.MaxSide*aquarium.MaxSide),
		Cols: make([]int, aquarium.MaxSide), Rows: make([]int, aquarium.MaxSide)}
	assert.ErrorContains(t, SVG(io.Discard, huge, aquarium.Solution{}, Options{}), "too large")

	assert.Error(t, SVG(failingWriter{}, p, s, Options{}))
	assert.Error(t, PNG(failingWriter{}, p, s, Options{}))
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, io.ErrClosedPipe }

func TestFont(t *testing.T) {
	seen := map[string]byte{}
	for _, ch := range []byte("0123456789-?") {
		g, ok := glyphs[ch]
		require.True(t, ok, "no glyph for %q", ch)
		for _, row := range g {
			require.Len(t, row, glyphWidth, "glyph %q", ch)
			require.Empty(t, strings.Trim(row, ".#"), "glyph %q", ch)
		}
		key := strings.Join(g[:], "")
		other, dup := seen[key]
		require.False(t, dup, "glyphs %q and %q are the same", ch, other)
		seen[key] = ch
	}
	// inked visits the pixels of each character at its own offset.
	var pixels [][2]int
	inked("1-", func(x, y int) { pixels = append(pixels, [2]int{x, y}) })
	assert.Contains(t, pixels, [2]int{2, 0})              // the top of the 1
	assert.Contains(t, pixels, [2]int{glyphWidth + 1, 3}) // the left end of the -
	assert.NotContains(t, pixels, [2]int{glyphWidth, 3})  // the gap between them
}

// TestExampleIsSolved checks that the README's picture shows a real
// solution.
func TestExampleIsSolved(t *testing.T) {
	p, rule, s := load(t, "solved15.pzprv3")
	require.Equal(t, 15, p.Width)
	require.NoError(t, aquarium.Check(p, s, rule))
}

// BenchmarkRender30 draws a 30x30 puzzle, the largest size
// puzzle-aquarium.com offers, at the default cell size.
func BenchmarkRender30(b *testing.B) {
	p, _, _ := load(b, "puzzle30.pzprv3")
	for _, bc := range []struct {
		name string
		draw func() error
	}{
		{"image", func() error { _, err := Image(p, aquarium.Solution{}, Options{}); return err }},
		{"png", func() error { return PNG(io.Discard, p, aquarium.Solution{}, Options{}) }},
		{"svg", func() error { return SVG(io.Discard, p, aquarium.Solution{}, Options{}) }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := bc.draw(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestGeometry checks GeometryOf against the picture: the middle of every
// cell it places is water in the image exactly when the cell is water, and
// the picture has the size it says.
func TestGeometry(t *testing.T) {
	eachCase(t, func(t *testing.T, tc testCase, p *aquarium.Puzzle, s aquarium.Solution) {
		g, err := GeometryOf(p, tc.opts)
		require.NoError(t, err)
		img, err := Image(p, s, tc.opts)
		require.NoError(t, err)
		assert.Equal(t, image.Rect(0, 0, g.Width, g.Height), img.Bounds())
		for r := range p.Height {
			for c := range p.Width {
				x, y := g.Left+c*g.Cell+g.Cell/2, g.Top+r*g.Cell+g.Cell/2
				full := s.Cells != nil && s.At(r, c) == aquarium.Water
				assert.Equal(t, full, rgba(img.At(x, y)) == water, "row %d, column %d at %d,%d", r+1, c+1, x, y)
			}
		}
	})
	_, err := GeometryOf(&aquarium.Puzzle{}, Options{})
	assert.Error(t, err)
}

package cli

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/aquariumfmt"
	"github.com/waterworks-solver/waterworks/frontends/webfmt"
	"github.com/waterworks-solver/waterworks/models/aquarium"
)

const (
	webTestdata    = "../../testdata/webfmt"
	renderTestdata = "../../testdata/render"
)

// archPuzzle is an arch: aquarium A spans the top row and hangs down on
// both sides of the one-cell aquarium B, and the clues ask for water in the
// bottom of the left arm only. The pool rule allows that (water does not
// climb over the arch), the region rule does not (a row of an aquarium is
// all water or all empty).
const archPuzzle = "  1 0 0\n0 a a a\n1 a b a\n"

// The arch as puzz.link URLs, with the rule each states.
const (
	archPoolURL   = "https://puzz.link/p?aquarium/3/2/68/10001"
	archRegionURL = "https://puzz.link/p?aquarium/r/3/2/68/10001"
)

// readDoc parses the one puzzle of some command's output.
func readDoc(t *testing.T, name, out string) aquariumfmt.Document {
	t.Helper()
	docs, err := aquariumfmt.Read(name, []byte(out))
	require.NoError(t, err, "reading back:\n%s", out)
	require.Len(t, docs, 1, out)
	return docs[0]
}

// sameGrid asserts that two puzzles have the same size, clues and
// aquariums, whatever the aquariums' numbering and labels.
func sameGrid(t *testing.T, want, got *aquarium.Puzzle, msg string) {
	t.Helper()
	require.Equal(t, [2]int{want.Width, want.Height}, [2]int{got.Width, got.Height}, msg)
	require.Equal(t, want.Cols, got.Cols, msg)
	require.Equal(t, want.Rows, got.Rows, msg)
	require.Equal(t, firstSeen(want.Regions), firstSeen(got.Regions), msg)
}

// firstSeen numbers aquariums from 0 in the order of their first cell.
func firstSeen(regions []int) []int {
	ids := map[int]int{}
	out := make([]int, len(regions))
	for i, id := range regions {
		if _, ok := ids[id]; !ok {
			ids[id] = len(ids)
		}
		out[i] = ids[id]
	}
	return out
}

// roundTripSources returns the puzzles the round-trip test converts, as
// text: the testdata files, and every corpus puzzle when the corpus is
// there.
func roundTripSources(t *testing.T) map[string]string {
	t.Helper()
	sources := map[string]string{}
	files, err := filepath.Glob(filepath.Join(aquariumTestdata, "*.txt"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, file := range files {
		data, err := os.ReadFile(file)
		require.NoError(t, err)
		docs, err := aquariumfmt.Read(file, data)
		require.NoError(t, err)
		if len(docs) == 1 {
			sources[file] = string(data)
			continue
		}
		for i, d := range docs { // a file of several puzzles: each on its own
			var b strings.Builder
			require.NoError(t, aquariumfmt.WriteText(&b, d))
			sources[fmt.Sprintf("%s#%d", file, i+1)] = b.String()
		}
	}
	corpus, _ := filepath.Glob(filepath.Join(aquariumCorpus, "*.jsonl"))
	if len(corpus) == 0 {
		t.Logf("corpus not found at %s: round trips on testdata only", aquariumCorpus)
	}
	for _, file := range corpus {
		code, out, errOut := run(t, "", "aquarium", "convert", "--to", "json", file)
		require.Equal(t, ExitOK, code, errOut)
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			d := readDoc(t, file, line)
			var b strings.Builder
			require.NoError(t, aquariumfmt.WriteText(&b, d))
			sources[d.ID] = b.String()
		}
	}
	return sources
}

// expressible returns nil when format can express d, and otherwise the
// reason the encoder gives.
func expressible(d aquariumfmt.Document, format string) error {
	rule := aquarium.RegionRule
	if d.HasRule {
		rule = d.Rule
	}
	var err error
	switch format {
	case "task":
		_, err = webfmt.EncodeTask(d.Puzzle)
	case "url":
		_, err = webfmt.EncodeURL(d.Puzzle, rule)
	case "pzprv3":
		_, err = webfmt.EncodePzprv3(d.Puzzle, rule, d.Solution)
	}
	return err
}

// TestAquariumConvertRoundTrips converts every testdata and corpus puzzle
// from text to task, url and pzprv3 and back to text through the command:
// the grid and clues survive every trip, the rule survives url and pzprv3,
// and the solution survives pzprv3. A puzzle the target cannot express
// fails with exit 2 and the encoder's reason.
func TestAquariumConvertRoundTrips(t *testing.T) {
	sources := roundTripSources(t)
	trips := map[string]int{}
	for _, name := range slices.Sorted(func(yield func(string) bool) {
		for k := range sources {
			if !yield(k) {
				return
			}
		}
	}) {
		text := sources[name]
		orig := readDoc(t, name, text)
		for _, format := range []string{"task", "url", "pzprv3"} {
			code, encoded, errOut := run(t, text, "aquarium", "convert", "--to", format, "-")
			if reason := expressible(orig, format); reason != nil {
				require.Equal(t, ExitUsage, code, "%s to %s", name, format)
				assert.Empty(t, encoded)
				assert.Contains(t, errOut, "cannot convert to "+format+": "+reason.Error())
				continue
			}
			require.Equal(t, ExitOK, code, "%s to %s: %s", name, format, errOut)
			code, back, errOut := run(t, encoded, "aquarium", "convert", "--to", "text", "-")
			require.Equal(t, ExitOK, code, "%s back from %s: %s\n%s", name, format, errOut, encoded)
			got := readDoc(t, name, back)
			msg := fmt.Sprintf("%s through %s:\n%s", name, format, encoded)
			sameGrid(t, orig.Puzzle, got.Puzzle, msg)
			switch format {
			case "url", "pzprv3":
				wantRule := aquarium.RegionRule
				if orig.HasRule {
					wantRule = orig.Rule
				}
				assert.True(t, got.HasRule, msg)
				assert.Equal(t, wantRule, got.Rule, msg)
			}
			if format == "pzprv3" && orig.HasSolution() && slices.ContainsFunc(orig.Solution.Cells, func(c aquarium.Cell) bool { return c != aquarium.Unknown }) {
				assert.Equal(t, orig.Solution, got.Solution, msg)
			}
			trips[format]++
		}
	}
	t.Logf("%d puzzles; round trips: %v", len(sources), trips)
	for _, format := range []string{"task", "url", "pzprv3"} {
		assert.Positive(t, trips[format], "no puzzle went through %s", format)
	}
}

func TestAquariumConvertUnsupported(t *testing.T) {
	missing := filepath.Join(aquariumTestdata, "5x5-missing-clues.txt")
	pieces := filepath.Join(aquariumTestdata, "two-pieces.txt")
	good := filepath.Join(aquariumTestdata, "6x6-easy.txt")

	code, out, errOut := run(t, "", "aquarium", "convert", "--to", "task", missing, good)
	assert.Equal(t, ExitUsage, code)
	assert.Equal(t, missing+": cannot convert to task: not expressible in this format: task strings give every clue; column 2 has none\n", errOut)
	assert.Equal(t, 1, strings.Count(out, "\n"), "the other puzzle is converted all the same")
	assert.Equal(t, aquariumfmt.Task, aquariumfmt.Detect([]byte(out)))

	code, out, errOut = run(t, "", "aquarium", "convert", "--to", "url", pieces, good)
	assert.Equal(t, ExitUsage, code)
	assert.True(t, strings.HasPrefix(errOut, pieces+": cannot convert to url: not expressible in this format: aquarium x has separate pieces"), errOut)
	assert.True(t, strings.HasPrefix(out, webfmt.URLPrefix), out)

	for _, args := range [][]string{
		{"aquarium", "convert", good},
		{"aquarium", "convert", "--to", "yaml", good},
		{"aquarium", "convert", "--to", "url", "--rule", "sideways", good},
	} {
		code, out, errOut := run(t, "", args...)
		assert.Equal(t, ExitUsage, code, "%v", args)
		assert.Empty(t, out)
		assert.NotEmpty(t, errOut)
	}
}

// TestAquariumConvertRule checks that --rule replaces the input's rule and
// that a URL's rule goes on into the text format.
func TestAquariumConvertRule(t *testing.T) {
	code, out, _ := run(t, archPuzzle, "aquarium", "convert", "--to", "url", "-")
	assert.Equal(t, ExitOK, code)
	assert.Equal(t, archRegionURL+"\n", out, "no rule stated: the region rule")
	code, out, _ = run(t, archPuzzle, "aquarium", "convert", "--to", "url", "--rule", "pool", "-")
	assert.Equal(t, ExitOK, code)
	assert.Equal(t, archPoolURL+"\n", out)
	code, out, _ = run(t, "", "aquarium", "convert", "--to", "text", archPoolURL)
	assert.Equal(t, ExitOK, code)
	assert.Equal(t, "rule pool\n  1 0 0\n0 A A A\n1 A B A\n", out)
}

// TestAquariumGarbage feeds malformed input of every format to the
// commands: each exits 2 and says where what was expected.
func TestAquariumGarbage(t *testing.T) {
	tests := []struct {
		name, input, want string
	}{
		{"task clue", "4_5_x;1,1", `-:1:5: want a clue (a number of full cells), found "x"`},
		{"task ids", "1_1;1,1", `-:1:7: more than 1 aquarium ids; a 1x1 grid has 1 cells`},
		{"task no ids", "2_1_1_2\n", `-:1:8: want ';' between the clues and the aquarium ids`},
		{"url kind", "https://puzz.link/p?sudoku/4/4", `-:1:21: want "aquarium/" after the address, found "sudoku"`},
		{"url size", "p?aquarium/r/0/4", `-:1:14: want the width, a number from 1 to 255, found "0"`},
		{"url clue", "# links\n\naquarium/3/2/68/1%\n", `-:3:18: want a clue (0-9, a-f, "-" and two hex digits, ".") or a run of missing clues (g-z), found '%'`},
		{"pzprv3 kind", "pzprv3\nnurikabe\n", `-:2:1: want the puzzle type "aquarium", found "nurikabe"`},
		{"pzprv3 columns", "pzprv3\naquarium\n2\nx\n", `-:4:1: want the number of columns, found "x"`},
		{"pzprv3 cell", "pzprv3\naquarium\n1\n1\n\n. 1\n1 ~\n", `-:7:3: want a cell: # (water), + (empty) or . (undecided), found "~"`},
		{"json", `{"width":1,"height":"x"}`, `-:1:21: height: want an integer, found a string`},
		{"text", "  1 x\n1 ab\n", `-:1:5: want a column clue (a number or -), found "x"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, cmd := range []string{"solve", "count", "check", "render"} {
				code, out, errOut := run(t, tt.input, "aquarium", cmd, "-")
				assert.Equal(t, ExitUsage, code, cmd)
				assert.Empty(t, out, cmd)
				assert.Equal(t, tt.want+"\n", errOut, cmd)
			}
			code, out, errOut := run(t, tt.input, "aquarium", "convert", "--to", "text", "-")
			assert.Equal(t, ExitUsage, code)
			assert.Empty(t, out)
			assert.Equal(t, tt.want+"\n", errOut)
		})
	}

	// A URL or task string given as an argument is named after its place.
	code, out, errOut := run(t, "", "aquarium", "solve", archPoolURL, "p?aquarium/r/3/x")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, out, "rule pool", "the good argument is solved all the same")
	assert.Equal(t, "arg2:1:16: want the height, a number from 1 to 255, found \"x\"\n", errOut)

	// Mistyped file names stay file names.
	for _, name := range []string{"aquarium/6x6.txt", "2024_01.txt", "4_5_5"} {
		code, out, errOut := run(t, "", "aquarium", "solve", name)
		assert.Equal(t, ExitUsage, code)
		assert.Empty(t, out)
		assert.Equal(t, name+": no such file or directory\n", errOut)
	}
}

// TestAquariumWebFiles solves and checks files of every web format: the
// format is told from the content, and the rule from the file.
func TestAquariumWebFiles(t *testing.T) {
	tests := []struct {
		file string
		rule aquarium.Rule
	}{
		{"url/example.txt", aquarium.PoolRule},
		{"url/example-region.txt", aquarium.RegionRule},
		{"task/example.txt", aquarium.RegionRule},
		{"pzprv3/gen-5x4-region-partial.txt", aquarium.RegionRule},
		{"pzprv3/gen-7x9-pool-solved.txt", aquarium.PoolRule},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			path := filepath.Join(webTestdata, tt.file)
			code, out, errOut := run(t, "", "aquarium", "solve", "--format", "json", path)
			require.Equal(t, ExitOK, code, errOut)
			assert.Contains(t, out, `"rule":"`+tt.rule.String()+`"`)
			code, out, errOut = run(t, "", "aquarium", "solve", path)
			require.Equal(t, ExitOK, code, errOut)
			checkTextSolution(t, out, tt.rule)
		})
	}
	// A pzprv3 file's marks are a solution that check reads.
	path := filepath.Join(webTestdata, "pzprv3/gen-7x9-pool-solved.txt")
	code, out, _ := run(t, "", "aquarium", "check", path)
	assert.Equal(t, ExitOK, code)
	assert.Equal(t, path+": ok\n", out)
	code, out, _ = run(t, "", "aquarium", "check", filepath.Join(webTestdata, "pzprv3/gen-5x4-region-partial.txt"))
	assert.Equal(t, ExitFailed, code, "a partial solution is not a solution")
	assert.Contains(t, out, "wrong")
}

// TestAquariumURLArgument solves puzzles given as arguments, each under the
// rule its URL states.
func TestAquariumURLArgument(t *testing.T) {
	code, out, errOut := run(t, "", "aquarium", "solve", archPoolURL)
	require.Equal(t, ExitOK, code, errOut)
	assert.Equal(t, "rule pool\n  1 0 0\n0 A A A\n1 A B A\nsolution\n...\n#..\n", out)
	checkTextSolution(t, out, aquarium.PoolRule)

	code, out, errOut = run(t, "", "aquarium", "solve", archRegionURL)
	assert.Equal(t, ExitFailed, code, "the r flag asks for the region rule, which this grid defeats")
	assert.Empty(t, out)
	assert.Equal(t, "arg1: no solution (proven)\n", errOut)

	code, _, _ = run(t, "", "aquarium", "solve", "--rule", "region", archPoolURL)
	assert.Equal(t, ExitFailed, code, "--rule overrides the URL's rule")

	code, out, _ = run(t, "", "aquarium", "count", "--format", "json", archPoolURL, "1_2_1_2;1,2,1,2")
	assert.Equal(t, ExitOK, code)
	assert.Contains(t, out, `"id":"arg1"`)
	assert.Contains(t, out, `"id":"arg2"`)
	assert.Contains(t, out, `"rule":"pool"`)
	assert.Contains(t, out, `"rule":"region"`)

	// An argument that names an existing file is that file, even when its
	// name reads as a task string.
	dir := t.TempDir()
	t.Chdir(dir)
	require.NoError(t, os.WriteFile("1_1;1", []byte(archPuzzle), 0o644))
	code, out, _ = run(t, "", "aquarium", "convert", "--to", "url", "1_1;1")
	assert.Equal(t, ExitOK, code)
	assert.Equal(t, archRegionURL+"\n", out)

	// Neither a file nor a puzzle: the file is missing.
	code, _, errOut = run(t, "", "aquarium", "solve", "missing.txt")
	assert.Equal(t, ExitUsage, code)
	assert.Equal(t, "missing.txt: no such file or directory\n", errOut)
}

// decodePNG decodes a PNG picture.
func decodePNG(t *testing.T, data []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	return img
}

// samePixels asserts that two pictures have the same size and colours.
func samePixels(t *testing.T, want, got image.Image, msg string) {
	t.Helper()
	require.Equal(t, want.Bounds(), got.Bounds(), msg)
	diff := 0
	for y := got.Bounds().Min.Y; y < got.Bounds().Max.Y; y++ {
		for x := got.Bounds().Min.X; x < got.Bounds().Max.X; x++ {
			if color.RGBAModel.Convert(got.At(x, y)) != color.RGBAModel.Convert(want.At(x, y)) {
				diff++
			}
		}
	}
	assert.Zero(t, diff, "pixels that differ: %s", msg)
}

// goldenPNG compares a PNG with the golden picture at path by decoded
// pixels, or rewrites the picture under -update.
func goldenPNG(t *testing.T, path string, got []byte) {
	t.Helper()
	if updateGolden() {
		require.NoError(t, os.WriteFile(path, got, 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "go test -update creates it")
	samePixels(t, decodePNG(t, want), decodePNG(t, got), path)
}

func TestAquariumRenderGolden(t *testing.T) {
	// The partial solution of a pzprv3 file, drawn as given: the command
	// draws what the render package's own golden pictures show.
	partial := filepath.Join(renderTestdata, "partial6.pzprv3")
	code, out, errOut := run(t, "", "aquarium", "render", partial)
	require.Equal(t, ExitOK, code, errOut)
	want, err := os.ReadFile(filepath.Join(renderTestdata, "partial6.svg"))
	require.NoError(t, err)
	assert.Equal(t, string(want), out)
	code, out, errOut = run(t, "", "aquarium", "render", "--format", "png", partial)
	require.Equal(t, ExitOK, code, errOut)
	want, err = os.ReadFile(filepath.Join(renderTestdata, "partial6.png"))
	require.NoError(t, err)
	samePixels(t, decodePNG(t, want), decodePNG(t, []byte(out)), "partial6")

	// A puzzle solved first; its solution is unique, so the picture is.
	easy := filepath.Join(aquariumTestdata, "6x6-easy.txt")
	code, out, errOut = run(t, "", "aquarium", "render", "--solve", easy)
	require.Equal(t, ExitOK, code, errOut)
	golden(t, filepath.Join(aquariumTestdata, "cli", "6x6-easy.render.svg"), out)
	code, out, errOut = run(t, "", "aquarium", "render", "--solve", "--format", "png", "--cell-size", "20", easy)
	require.Equal(t, ExitOK, code, errOut)
	goldenPNG(t, filepath.Join(aquariumTestdata, "cli", "6x6-easy.render20.png"), []byte(out))

	// Solving draws what the text of the solution draws.
	code, solved, _ := run(t, "", "aquarium", "solve", easy)
	require.Equal(t, ExitOK, code)
	code, fromText, _ := run(t, solved, "aquarium", "render", "--format", "png", "--cell-size", "20", "-")
	require.Equal(t, ExitOK, code)
	samePixels(t, decodePNG(t, []byte(fromText)), decodePNG(t, []byte(out)), "solved text")

	// A URL argument without a solution: the grid alone, as SVG.
	code, out, _ = run(t, "", "aquarium", "render", archPoolURL)
	assert.Equal(t, ExitOK, code)
	assert.True(t, strings.HasPrefix(out, "<svg "), out)
	assert.NotContains(t, out, `class="water"`)
}

func TestAquariumRenderErrors(t *testing.T) {
	easy := filepath.Join(aquariumTestdata, "6x6-easy.txt")
	var out, errOut bytes.Buffer
	code := Main(context.Background(), []string{"aquarium", "render", "--format", "png", easy},
		IO{Out: &out, Err: &errOut, OutIsTerminal: true})
	assert.Equal(t, ExitUsage, code)
	assert.Empty(t, out.String())
	assert.Contains(t, errOut.String(), "not writing a PNG picture to a terminal")
	out.Reset()
	code = Main(context.Background(), []string{"aquarium", "render", easy}, IO{Out: &out, Err: &errOut, OutIsTerminal: true})
	assert.Equal(t, ExitOK, code, "SVG is text: fine on a terminal")

	for _, tt := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"--cell-size", "5", easy}, ExitUsage, "--cell-size 5 is not from 14 to 512"},
		{[]string{"--format", "gif", easy}, ExitUsage, `unknown --format "gif"`},
		{[]string{easy, easy}, ExitUsage, "render draws one puzzle; got 2 inputs"},
		{[]string{"--rule", "sideways", easy}, ExitUsage, "unknown rule"},
		{[]string{filepath.Join(aquariumTestdata, "small.jsonl")}, ExitUsage, "puzzles; render takes one (pick it with --id)"},
		{[]string{"--id", "nope", filepath.Join(aquariumTestdata, "small.jsonl")}, ExitUsage, `no puzzle with id "nope"`},
		{[]string{"--solve", archRegionURL}, ExitFailed, "arg1: no solution (proven)"},
	} {
		code, out, errOut := run(t, "", append([]string{"aquarium", "render"}, tt.args...)...)
		assert.Equal(t, tt.code, code, "%v", tt.args)
		assert.Empty(t, out, "%v", tt.args)
		assert.Contains(t, errOut, tt.msg, "%v", tt.args)
	}

	code, out2, errOut2 := run(t, hardPuzzle(t), "aquarium", "render", "--solve", "--timeout", "1ms", "-")
	assert.Equal(t, ExitTimeout, code)
	assert.Empty(t, out2)
	assert.Contains(t, errOut2, "stopped by the timeout")

	// --id picks one puzzle of a JSON Lines file.
	small := filepath.Join(aquariumTestdata, "small.jsonl")
	docs, err := aquariumfmt.Read(small, mustRead(t, small))
	require.NoError(t, err)
	require.Greater(t, len(docs), 1)
	code, picture, errOut2 := run(t, "", "aquarium", "render", "--id", docs[1].ID, small)
	assert.Equal(t, ExitOK, code, errOut2)
	assert.True(t, strings.HasPrefix(picture, "<svg "))
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	return data
}

// TestAquariumOutputFile checks -o: the file appears whole, replaces an
// older one keeping its mode, and stays as it was when the command fails,
// with nothing on stdout and no temporary file left behind.
func TestAquariumOutputFile(t *testing.T) {
	dir := t.TempDir()
	easy := filepath.Join(aquariumTestdata, "6x6-easy.txt")
	target := filepath.Join(dir, "easy.png")

	code, out, errOut := run(t, "", "aquarium", "render", "--solve", "-o", target, easy)
	require.Equal(t, ExitOK, code, errOut)
	assert.Empty(t, out)
	_, pictureOut, _ := run(t, "", "aquarium", "render", "--solve", "--format", "png", easy)
	samePixels(t, decodePNG(t, []byte(pictureOut)), decodePNG(t, mustRead(t, target)), "-o with a .png name writes PNG")
	info, err := os.Stat(target)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o644), info.Mode().Perm())

	require.NoError(t, os.Chmod(target, 0o600))
	before0 := mustRead(t, target)
	code, _, _ = run(t, "", "aquarium", "render", "--format", "png", "-o", target, easy)
	require.Equal(t, ExitOK, code)
	assert.False(t, bytes.Equal(before0, mustRead(t, target)), "replaced: the puzzle without its solution")

	// The format must agree with the name, or be told by it.
	code, _, errOut = run(t, "", "aquarium", "render", "--format", "svg", "-o", target, easy)
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "--format svg and -o "+target+" disagree: the extension says png")
	code, _, errOut = run(t, "", "aquarium", "render", "-o", filepath.Join(dir, "x.gif"), easy)
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, `cannot tell the format from ".gif"; name a file ending in .png or .svg`)
	assert.NoFileExists(t, filepath.Join(dir, "x.gif"))
	info, err = os.Stat(target)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), info.Mode().Perm(), "an existing file keeps its mode")

	before := mustRead(t, target)
	for _, args := range [][]string{
		{"aquarium", "render", "--solve", "-o", target, archRegionURL},                                                        // unsolvable
		{"aquarium", "render", "-o", target, "p?aquarium/x"},                                                                  // bad input
		{"aquarium", "convert", "--to", "task", "-o", target, easy, filepath.Join(aquariumTestdata, "5x5-missing-clues.txt")}, // one puzzle fails
	} {
		code, out, errOut := run(t, "", args...)
		assert.NotEqual(t, ExitOK, code, "%v", args)
		assert.Empty(t, out, "%v", args)
		assert.NotEmpty(t, errOut, "%v", args)
		assert.Equal(t, before, mustRead(t, target), "%v must leave the file as it was", args)
	}
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 1, "no temporary file is left behind")

	list := filepath.Join(dir, "links.txt")
	code, out, errOut = run(t, "", "aquarium", "convert", "--to", "url", "-o", list, easy, archPoolURL)
	require.Equal(t, ExitOK, code, errOut)
	assert.Empty(t, out)
	docs, err := aquariumfmt.Read(list, mustRead(t, list))
	require.NoError(t, err)
	assert.Len(t, docs, 2, "a file of links, one per line")

	code, _, errOut = run(t, "", "aquarium", "render", "-o", filepath.Join(dir, "no", "such", "dir.svg"), easy)
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "no such file or directory")
}

// TestAquariumHelpNamesFormats keeps the help of every Aquarium command
// telling what it reads.
func TestAquariumHelpNamesFormats(t *testing.T) {
	formats := regexp.MustCompile(`(?s)puzz\.link.*task\s+strings.*pzprv3`)
	for _, cmd := range []string{"solve", "count", "check", "convert", "render"} {
		code, out, _ := run(t, "", "aquarium", cmd, "-h")
		assert.Equal(t, ExitOK, code)
		assert.Regexp(t, formats, out, cmd)
	}
}

package chart

import (
	"bytes"
	"encoding/xml"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden charts in testdata/chart")

// dir holds the golden charts.
const dir = "../../testdata/chart"

// golden compares got with the golden file name, first writing it under
// -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join(dir, name)
	if *update {
		require.NoError(t, os.MkdirAll(dir, 0o755))
		require.NoError(t, os.WriteFile(path, got, 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test -update to write the golden files")
	assert.Equal(t, string(want), string(got))
}

var raceBars = []Bar{
	{Engine: "cp", MS: 0.42, Status: Solved, Answer: "unique"},
	{Engine: "clingo", MS: 12.5, Status: Solved, Answer: "unique"},
	{Engine: "gini/totalizer", MS: 3.2, Status: Solved, Answer: "unique"},
	{Engine: "dimacs:cadical/sortnet", MS: 2000, Status: Unknown, Answer: "timed out"},
	{Engine: "gophersat/native", MS: 55, Status: Solved, Answer: "2+ solutions", Disagrees: true},
	{Engine: "broken <engine>", MS: 1, Status: Error},
	{Engine: "still going", MS: 800, Status: Running, Answer: "running"},
}

var cactusSeries = []Series{
	{Engine: "cp", MS: []float64{0.3, 0.2, 1.5, 40, 0.9}},
	{Engine: "clingo", MS: []float64{8, 9, 11, 30, 250, 12}},
	{Engine: "gini/totalizer", MS: []float64{2, 3}},
	{Engine: "none answered"},
}

func TestGolden(t *testing.T) {
	for _, tc := range []struct {
		name string
		draw func(io.Writer) error
	}{
		{"bars.svg", func(w io.Writer) error { return Bars(w, "6x6-easy: every engine", raceBars) }},
		{"bars-linear.svg", func(w io.Writer) error { return Bars(w, "close times", raceBars[1:3]) }},
		{"bars-empty.svg", func(w io.Writer) error { return Bars(w, "", nil) }},
		{"cactus.svg", func(w io.Writer) error { return Cactus(w, "corpus & friends", 7, cactusSeries) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			require.NoError(t, tc.draw(&buf))
			wellFormed(t, buf.Bytes())
			golden(t, tc.name, buf.Bytes())
		})
	}
}

// wellFormed checks that data is one XML document whose texts hold no
// unescaped markup from the input.
func wellFormed(t *testing.T, data []byte) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	for {
		_, err := dec.Token()
		if err == io.EOF {
			return
		}
		require.NoError(t, err)
	}
}

// barsOf reads back the engine, status and bar length of every bar.
func barsOf(t *testing.T, data []byte) map[string]int {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	lengths := map[string]int{}
	engine := ""
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return lengths
		}
		require.NoError(t, err)
		el, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		for _, a := range el.Attr {
			switch {
			case el.Name.Local == "g" && a.Name.Local == "data-engine":
				engine = a.Value
			case el.Name.Local == "rect" && a.Name.Local == "width" && engine != "":
				lengths[engine], _ = strconv.Atoi(a.Value)
			}
		}
	}
}

// TestBarsOrder checks that a longer time draws a longer bar, on both
// scales, and that an error draws no bar to speak of.
func TestBarsOrder(t *testing.T) {
	for _, bars := range [][]Bar{raceBars, raceBars[1:3]} {
		var buf bytes.Buffer
		require.NoError(t, Bars(&buf, "", bars))
		lengths := barsOf(t, buf.Bytes())
		require.Len(t, lengths, len(bars))
		for _, a := range bars {
			for _, b := range bars {
				if a.Status != Error && b.Status != Error && a.MS < b.MS {
					assert.LessOrEqual(t, lengths[a.Engine], lengths[b.Engine], "%s vs %s", a.Engine, b.Engine)
				}
			}
			if a.Status == Error {
				assert.Equal(t, 2, lengths[a.Engine])
			}
		}
	}
}

func TestEscapes(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, Bars(&buf, `<script>alert(1)</script>`, []Bar{{Engine: `"><x`, MS: 1, Status: Solved, Answer: "a&b"}}))
	s := buf.String()
	assert.NotContains(t, s, "<script>")
	assert.NotContains(t, s, `"><x`)
	assert.Contains(t, s, "a&amp;b")
	wellFormed(t, buf.Bytes())
}

// TestCactusPoints checks that every answered puzzle is a point, and that
// each line is drawn from the fastest time to the slowest.
func TestCactusPoints(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, Cactus(&buf, "", 7, cactusSeries))
	s := buf.String()
	points := 0
	for _, sr := range cactusSeries {
		points += len(sr.MS)
	}
	assert.Equal(t, points, strings.Count(s, "<circle"))
	for _, line := range strings.Split(s, "\n") {
		if !strings.HasPrefix(line, "<polyline") {
			continue
		}
		pts := strings.Fields(strings.Split(line, `"`)[1])
		lastX, lastY := -1.0, 1e9
		for _, p := range pts {
			xy := strings.Split(p, ",")
			x, _ := strconv.ParseFloat(xy[0], 64)
			y, _ := strconv.ParseFloat(xy[1], 64)
			assert.Greater(t, x, lastX)
			assert.LessOrEqual(t, y, lastY, "a slower time is higher up") // y grows downwards
			lastX, lastY = x, y
		}
	}
}

func TestMillis(t *testing.T) {
	for ms, want := range map[float64]string{
		0.0421: "0.042 ms", 3.14: "3.1 ms", 250: "250 ms", 1500: "1.5 s", 120_000: "2 min",
	} {
		assert.Equal(t, want, Millis(ms))
	}
}

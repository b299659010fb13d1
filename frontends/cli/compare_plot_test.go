package cli

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/sat"
)

// plotRows are compare rows with fixed times, for the golden charts.
func plotRows(ids ...string) []kind.CompareRow {
	no := false
	var rows []kind.CompareRow
	for i, id := range ids {
		k := float64(i + 1)
		rows = append(rows,
			kind.CompareRow{Kind: "aquarium", ID: id, Engine: "cp", Status: kind.StatusSolved, Answer: "unique", MS: 0.3 * k},
			kind.CompareRow{Kind: "aquarium", ID: id, Engine: "clingo", Status: kind.StatusSolved, Answer: "unique", MS: 9 * k},
			kind.CompareRow{Kind: "aquarium", ID: id, Engine: "gini/totalizer", Status: kind.StatusSolved, Answer: "unique", MS: 2.5 * k * k})
		if i == 1 {
			rows[len(rows)-1].Status, rows[len(rows)-1].Answer = kind.StatusUnknown, "timed out"
		}
	}
	if len(ids) == 1 {
		rows = append(rows, kind.CompareRow{Kind: "aquarium", ID: ids[0], Engine: "broken", Status: kind.StatusSolved, Answer: "2+ solutions", MS: 40, Agree: &no})
	}
	return rows
}

// TestComparePlotGolden checks the charts compare --plot draws from its
// rows, against golden files (go test -update rewrites them).
func TestComparePlotGolden(t *testing.T) {
	for name, rows := range map[string][]kind.CompareRow{
		"compare-bars.svg":   plotRows("6x6-easy"),
		"compare-cactus.svg": plotRows("a", "b", "c", "d"),
	} {
		t.Run(name, func(t *testing.T) {
			got, err := plotSVG(rows)
			require.NoError(t, err)
			path := filepath.Join("..", "..", "testdata", "chart", name)
			if updateGolden() {
				require.NoError(t, os.WriteFile(path, got, 0o644))
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err, "go test -update writes the golden files")
			assert.Equal(t, string(want), string(got))
		})
	}
}

// svgElements counts the elements of an SVG file by "name" or
// "name.class".
func svgElements(t *testing.T, path string) map[string]int {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	dec := xml.NewDecoder(strings.NewReader(string(data)))
	count := map[string]int{}
	for {
		tok, err := dec.Token()
		if err != nil {
			return count
		}
		if el, ok := tok.(xml.StartElement); ok {
			count[el.Name.Local]++
			for _, a := range el.Attr {
				if a.Name.Local == "class" {
					count[el.Name.Local+"."+a.Value]++
				}
			}
		}
	}
}

func TestComparePlot(t *testing.T) {
	dir := t.TempDir()
	one := filepath.Join(dir, "one.svg")
	code, _, errOut := run(t, "", "compare", "--engines", "cp,gini", "--plot", one, filepath.Join(aquariumTestdata, "6x6-easy.txt"))
	require.Equal(t, ExitOK, code, errOut)
	assert.Equal(t, 1+len(sat.Encodings())-1, svgElements(t, one)["g.bar"], "cp and gini with every encoding but native")

	many := filepath.Join(dir, "many.svg")
	start := time.Now()
	code, _, errOut = run(t, "", "compare", "--engines", "cp,gini/totalizer", "--plot", many, filepath.Join(aquariumTestdata, "small.jsonl"))
	require.Equal(t, ExitOK, code, errOut)
	t.Logf("compare on small.jsonl took %v", time.Since(start))
	count := svgElements(t, many)
	assert.Equal(t, 2, count["g.series"])
	docs := strings.Count("\n"+string(mustRead(t, filepath.Join(aquariumTestdata, "small.jsonl"))), "\n{")
	assert.Equal(t, 2*docs, count["circle"], "a point per puzzle and engine")

	code, _, errOut = run(t, "", "compare", "--plot", filepath.Join(dir, "chart.png"), filepath.Join(aquariumTestdata, "6x6-easy.txt"))
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "name a file ending in .svg")
	code, _, errOut = run(t, "", "compare", "--engines", "cp", "--plot", filepath.Join(dir, "no", "such", "dir.svg"), filepath.Join(aquariumTestdata, "6x6-easy.txt"))
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "dir.svg: ")
}

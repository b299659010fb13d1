package aquariumfmt

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/inputerr"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqcorpus"
)

// testdataDir holds the puzzles written for the project, two levels up
// from this package.
const testdataDir = "../../testdata/aquarium"

// corpusDir is the shared corpus, outside the repository ("" when it is
// not there).
var corpusDir = aqcorpus.Dir()

// docDiff describes how two documents differ in what both formats carry:
// id, rule, size, clues, the aquarium label of every cell and the solution.
// Aquarium ids may differ as long as the labels agree, since the text
// format numbers aquariums in order of appearance. It returns "" when they
// agree.
func docDiff(a, b Document) string {
	switch {
	case a.ID != b.ID || a.HasID != b.HasID:
		return fmt.Sprintf("id %q (stated %v) vs %q (stated %v)", a.ID, a.HasID, b.ID, b.HasID)
	case a.HasRule != b.HasRule || a.HasRule && a.Rule != b.Rule:
		return fmt.Sprintf("rule %v (stated %v) vs %v (stated %v)", a.Rule, a.HasRule, b.Rule, b.HasRule)
	case a.Solution.Width != b.Solution.Width || a.Solution.Height != b.Solution.Height ||
		!slices.Equal(a.Solution.Cells, b.Solution.Cells):
		return fmt.Sprintf("solution\n%v\nvs\n%v", a.Solution, b.Solution)
	}
	pa, pb := a.Puzzle, b.Puzzle
	switch {
	case pa.Width != pb.Width || pa.Height != pb.Height:
		return fmt.Sprintf("size %dx%d vs %dx%d", pa.Width, pa.Height, pb.Width, pb.Height)
	case !slices.Equal(pa.Cols, pb.Cols):
		return fmt.Sprintf("column clues %v vs %v", pa.Cols, pb.Cols)
	case !slices.Equal(pa.Rows, pb.Rows):
		return fmt.Sprintf("row clues %v vs %v", pa.Rows, pb.Rows)
	}
	for i := range pa.Regions {
		if la, lb := pa.Name(pa.Regions[i]), pb.Name(pb.Regions[i]); la != lb {
			return fmt.Sprintf("row %d, column %d: label %q vs %q", i/pa.Width+1, i%pa.Width+1, la, lb)
		}
	}
	return ""
}

// writeText returns WriteText's output for d.
func writeText(t testing.TB, d Document) []byte {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, WriteText(&b, d))
	return b.Bytes()
}

// errorStrings returns the problems of err, one string each.
func errorStrings(err error) []string {
	var out []string
	for _, e := range inputerr.All(err) {
		out = append(out, e.Error())
	}
	return out
}

// testdataFiles lists the files of testdata/aquarium matching pattern.
func testdataFiles(t testing.TB, pattern string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(testdataDir, pattern))
	require.NoError(t, err)
	require.NotEmpty(t, files, "no files match %s in %s", pattern, testdataDir)
	return files
}

func readFile(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(name)
	require.NoError(t, err)
	return data
}

package cli

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/aquariumfmt"
	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/sat"
)

// blockComment matches the name comments of aquarium encode.
var blockComment = regexp.MustCompile(`^c x(\d+) = water\(row=(\d+);cols=([\d,]+);aquarium=[^)]*\)$`)

// decodeDIMACSModel fills a grid from a solver's model through the
// variable names in the DIMACS comments alone, as a user outside
// waterworks would.
func decodeDIMACSModel(t *testing.T, cnf string, model map[int]bool, width, height int) aquarium.Solution {
	t.Helper()
	s := aquarium.NewSolution(width, height)
	sc := bufio.NewScanner(strings.NewReader(cnf))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		m := blockComment.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		v, _ := strconv.Atoi(m[1])
		row, _ := strconv.Atoi(m[2])
		cell := aquarium.Empty
		if model[v] {
			cell = aquarium.Water
		}
		for _, c := range strings.Split(m[3], ",") {
			col, _ := strconv.Atoi(c)
			s.Cells[(row-1)*width+col-1] = cell
		}
	}
	require.True(t, s.Complete(), "the comments must name a block for every cell")
	return s
}

// TestEncodeDecodesThroughCadical encodes puzzles, solves the DIMACS with
// cadical outside waterworks, and decodes the model through the comments
// to a solution the checker accepts (the corpus solution for unique ones).
func TestEncodeDecodesThroughCadical(t *testing.T) {
	cadical, err := exec.LookPath("cadical")
	if err != nil {
		t.Skip("cadical not found in PATH (apt-get install cadical); .ci/run installs it")
	}
	type puzzle struct {
		doc  aquariumfmt.Document
		file string
	}
	var puzzles []puzzle
	for _, name := range []string{"6x6-easy.txt", "pool-rule.txt", "110-aquariums.txt"} {
		path := filepath.Join(aquariumTestdata, name)
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		docs, err := aquariumfmt.Read(path, data)
		require.NoError(t, err)
		puzzles = append(puzzles, puzzle{docs[0], path})
	}
	if files, _ := filepath.Glob(filepath.Join(aquariumCorpus, "*.jsonl")); len(files) > 0 {
		data, err := os.ReadFile(files[0])
		require.NoError(t, err)
		docs, err := aquariumfmt.ParseJSONL(files[0], data)
		require.NoError(t, err)
		for _, d := range docs {
			puzzles = append(puzzles, puzzle{d, files[0]})
		}
	}
	for _, p := range puzzles {
		for _, enc := range []string{"totalizer", "sequential", "sortnet"} {
			code, cnf, errOut := run(t, "", "aquarium", "encode", "--encoding", enc, "--id", p.doc.ID, p.file)
			require.Equal(t, ExitOK, code, errOut)
			cmd := exec.Command(cadical, "-q")
			cmd.Stdin = strings.NewReader(cnf)
			var out bytes.Buffer
			cmd.Stdout = &out
			_ = cmd.Run() // cadical exits 10 on SAT
			res, err := sat.ReadResult(&out)
			require.NoError(t, err)
			require.Equal(t, sat.Sat, res.Status, "%s", p.doc.ID)
			model := map[int]bool{}
			for v := 1; v <= len(res.Model); v++ {
				model[v] = res.Model.Value(sat.Pos(v))
			}
			rule := aquarium.RegionRule
			if p.doc.HasRule {
				rule = p.doc.Rule
			}
			sol := decodeDIMACSModel(t, cnf, model, p.doc.Puzzle.Width, p.doc.Puzzle.Height)
			require.NoError(t, aquarium.Check(p.doc.Puzzle, sol, rule), "%s, %s", p.doc.ID, enc)
			if p.doc.Corpus != nil && p.doc.Corpus.Unique != nil && *p.doc.Corpus.Unique {
				assert.Equal(t, p.doc.Solution.Rows(), sol.Rows(), "%s", p.doc.ID)
			}
		}
	}
}

func TestEncodeFormats(t *testing.T) {
	path := filepath.Join(aquariumTestdata, "6x6-easy.txt")
	code, opb, errOut := run(t, "", "aquarium", "encode", "--format", "opb", path)
	require.Equal(t, ExitOK, code, errOut)
	assert.True(t, strings.HasPrefix(opb, "* #variable= "), "OPB starts with its header")
	f, err := sat.ReadOPB(strings.NewReader(opb), sat.ReadOptions{})
	require.NoError(t, err)
	assert.Positive(t, f.NumLinears())

	code, cnf, _ := run(t, "", "aquarium", "encode", path)
	require.Equal(t, ExitOK, code)
	g, err := sat.ReadDIMACS(strings.NewReader(cnf), sat.ReadOptions{Strict: true})
	require.NoError(t, err)
	assert.Equal(t, "water(row=1;cols=1,2,3;aquarium=a)", g.Name(1))

	for _, args := range [][]string{
		{"aquarium", "encode", "--encoding", "native", path},
		{"aquarium", "encode", "--format", "cnf", path},
		{"aquarium", "encode", path, path},
		{"aquarium", "encode", filepath.Join(aquariumTestdata, "small.jsonl")},
	} {
		code, out, errOut := run(t, "", args...)
		assert.Equal(t, ExitUsage, code, "%v", args)
		assert.Empty(t, out)
		assert.NotEmpty(t, errOut)
	}
}

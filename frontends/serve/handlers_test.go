package serve

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/aquariumfmt"
	"github.com/waterworks-solver/waterworks/frontends/kind/aquariumkind"
	"github.com/waterworks-solver/waterworks/frontends/tilesfmt"
	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqcp"
	"github.com/waterworks-solver/waterworks/models/aquarium/logic"
	"github.com/waterworks-solver/waterworks/models/statespace"
	"github.com/waterworks-solver/waterworks/models/tiles"
)

// testdata is the repository's testdata directory.
const testdata = "../../testdata"

var sixBySix = filepath.Join(testdata, "aquarium", "6x6-easy.txt")

func newTestServer(t *testing.T, cfg Config) *Server {
	t.Helper()
	s, err := New(cfg)
	require.NoError(t, err)
	return s
}

// call posts body (a value to encode, or a string sent as is) to path and
// returns the status and the decoded answer.
func call(t *testing.T, s http.Handler, path string, body any) (int, map[string]any) {
	t.Helper()
	rec := callRaw(t, s, path, body)
	var out map[string]any
	require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &out), "answer: %s", rec.Body.String())
	return rec.Code, out
}

func callRaw(t testing.TB, s http.Handler, path string, body any) *httptest.ResponseRecorder {
	t.Helper()
	var data []byte
	if str, ok := body.(string); ok {
		data = []byte(str)
	} else {
		var err error
		data, err = json.Marshal(body)
		require.NoError(t, err)
	}
	req := httptest.NewRequest(http.MethodPost, path, bytes.NewReader(data))
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	return rec
}

// decodeInto re-decodes a generic answer into a typed one, zeroed first.
func decodeInto(t *testing.T, v map[string]any, out any) {
	t.Helper()
	reset := reflect.ValueOf(out).Elem()
	reset.Set(reflect.Zero(reset.Type()))
	data, err := json.Marshal(v)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, out))
}

// readPuzzle reads the one puzzle of a file in any format.
func readPuzzle(t testing.TB, path string) aquariumfmt.Document {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	docs, err := aquariumfmt.Read(path, data)
	require.NoError(t, err)
	require.Len(t, docs, 1)
	return docs[0]
}

func puzzleBody(d aquariumfmt.Document) puzzleJSON {
	return jsonOf(d.ID, d.Puzzle, aquarium.RegionRule)
}

// unique returns the one solution of p, found by the CP core and checked.
func unique(t *testing.T, p *aquarium.Puzzle, rule aquarium.Rule) aquarium.Solution {
	t.Helper()
	res, err := aqcp.SolveCP(context.Background(), p, rule, 2, cpLimits)
	require.NoError(t, err)
	require.Len(t, res.Solutions, 1)
	require.NoError(t, aquarium.Check(p, res.Solutions[0], rule))
	return res.Solutions[0]
}

func TestPage(t *testing.T) {
	s := newTestServer(t, Config{Files: []string{sixBySix, `<script>alert(1)</script>.txt`}})
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/", nil))
	assert.Equal(t, http.StatusOK, rec.Code)
	assert.Contains(t, rec.Header().Get("Content-Type"), "text/html")
	assert.Contains(t, rec.Header().Get("Content-Security-Policy"), "default-src 'self'")
	body := rec.Body.String()
	assert.Contains(t, body, "6x6-easy.txt")
	assert.NotContains(t, body, "<script>alert(1)")
	assert.Contains(t, body, "&lt;script&gt;alert(1)")
	assert.NotContains(t, body, "http://", "the page reaches nothing outside the server")
	assert.NotContains(t, body, "https://")

	for path, want := range map[string]int{"/static/app.js": 200, "/static/style.css": 200, "/static/": 404, "/static/nope.js": 404, "/nope": 404} {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		assert.Equal(t, want, rec.Code, path)
	}
	rec = httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/static/app.js", nil))
	js := strings.ReplaceAll(rec.Body.String(), "'http://www.w3.org/2000/svg'", "")
	assert.False(t, strings.Contains(js, "innerHTML"), "user strings go in with textContent")
	assert.False(t, strings.Contains(js, "http:") || strings.Contains(js, "https:"), "no external script or fetch")

	rec = httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/files", nil))
	assert.JSONEq(t, `[{"index":0,"name":"../../testdata/aquarium/6x6-easy.txt"},{"index":1,"name":"<script>alert(1)</script>.txt"}]`, rec.Body.String())
	rec = httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/aquarium/load", nil))
	assert.Equal(t, http.StatusMethodNotAllowed, rec.Code)
}

func TestLoad(t *testing.T) {
	s := newTestServer(t, Config{Files: []string{sixBySix, "no/such/file.txt"}})
	for _, tc := range []struct {
		name string
		body any
		w, h int
		rule string
	}{
		{"text", loadRequest{Text: "  1 2\n1 ab\n2 aa\n"}, 2, 2, "region"},
		{"task", loadRequest{Text: "4_5_5_3_3_1_4_5_5_3_1_3;1,1,2,3,3,3,1,2,2,2,3,4,1,2,3,3,3,4,2,2,2,5,5,4,6,2,5,5,5,4,6,6,6,4,4,4"}, 6, 6, "region"},
		{"url", loadRequest{Text: "https://puzz.link/p?aquarium/5/4/9lqgfk4/3h12h13"}, 5, 4, "pool"},
		{"file", map[string]any{"file": 0}, 6, 6, "region"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, v := call(t, s, "/api/aquarium/load", tc.body)
			require.Equal(t, http.StatusOK, code, v)
			var pv puzzleView
			decodeInto(t, v, &pv)
			assert.Equal(t, tc.w, pv.Puzzle.Width)
			assert.Equal(t, tc.h, pv.Puzzle.Height)
			assert.Equal(t, tc.rule, pv.Puzzle.Rule)
			assert.Equal(t, strings.Repeat("?", tc.w*tc.h), pv.Cells)
			assert.Contains(t, pv.Board.SVG, "<svg")
			assert.Positive(t, pv.Board.Geometry.Cell)
		})
	}

	t.Run("several puzzles", func(t *testing.T) {
		two := `{"id":"one","width":2,"height":1,"regions":[[0,1]],"cols":[1,0],"rows":[1]}` + "\n" +
			`{"id":"two","width":1,"height":2,"regions":[[0],[0]],"cols":[2],"rows":[1,1],"solution":["#","?"]}` + "\n"
		code, v := call(t, s, "/api/aquarium/load", loadRequest{Text: two, Index: 1})
		require.Equal(t, http.StatusOK, code, v)
		var pv puzzleView
		decodeInto(t, v, &pv)
		assert.Equal(t, []string{"one", "two"}, pv.IDs)
		assert.Equal(t, "two", pv.Puzzle.ID)
		assert.Equal(t, "#?", pv.Cells, "a partial solution is where play starts")
		code, v = call(t, s, "/api/aquarium/load", loadRequest{Text: two, Index: 2})
		assert.Equal(t, http.StatusBadRequest, code)
		assert.Contains(t, v["error"], "holds 2 puzzles")
	})

	t.Run("a complete solution is not where play starts", func(t *testing.T) {
		code, v := call(t, s, "/api/aquarium/load", loadRequest{Text: "  1 2\n1 ab\n2 aa\nsolution\n.#\n##\n"})
		require.Equal(t, http.StatusOK, code, v)
		assert.Equal(t, "????", v["cells"])
	})

	for _, tc := range []struct {
		name, want string
		body       any
		line, col  int
	}{
		{"bad clue", "input:2:1: ", loadRequest{Text: "  1 2\nx ab\n2 aa\n"}, 2, 1},
		{"empty", "input:1:1: empty input", loadRequest{Text: ""}, 1, 1},
		{"missing file", "no such file", map[string]any{"file": 1}, 0, 0},
		{"no such file index", "no file 7", map[string]any{"file": 7}, 0, 0},
		{"unknown field", `request:1:2: unknown field "txt"; did you mean "text"?`, map[string]any{"txt": "x"}, 1, 2},
		{"not JSON", "request:1:2: invalid JSON", "{", 1, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, v := call(t, s, "/api/aquarium/load", tc.body)
			assert.Equal(t, http.StatusBadRequest, code)
			assert.Contains(t, v["error"], tc.want)
			if tc.line > 0 {
				probs := v["problems"].([]any)
				require.NotEmpty(t, probs)
				first := probs[0].(map[string]any)
				assert.EqualValues(t, tc.line, first["line"])
				assert.EqualValues(t, tc.col, first["col"])
			}
		})
	}
}

// TestLimits checks the request size limit, the grid size limit and the
// bound on concurrent solves.
func TestLimits(t *testing.T) {
	s := newTestServer(t, Config{Limits: Limits{MaxBody: 1000, MaxCells: 100, Solves: 1}})
	big := loadRequest{Text: strings.Repeat("#", 2000)}
	code, v := call(t, s, "/api/aquarium/load", big)
	assert.Equal(t, http.StatusRequestEntityTooLarge, code)
	assert.Contains(t, v["error"], "larger than the server's limit of 1000 bytes")

	// A body without a length is cut off at the limit too.
	req := httptest.NewRequest(http.MethodPost, "/api/aquarium/load", io.MultiReader(strings.NewReader(`{"text":"`), strings.NewReader(strings.Repeat("a", 5000))))
	req.ContentLength = -1
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	assert.Equal(t, http.StatusRequestEntityTooLarge, rec.Code)

	grid := strings.Repeat("1 ", 11) + "\n" + strings.Repeat("1 "+strings.Repeat("a", 11)+"\n", 11)
	code, v = call(t, s, "/api/aquarium/load", loadRequest{Text: grid})
	assert.Equal(t, http.StatusBadRequest, code)
	assert.Contains(t, v["error"], "limit of 100 cells")

	d := readPuzzle(t, sixBySix)
	n, err := s.slots.take(1)
	require.NoError(t, err)
	for _, path := range []string{"/api/aquarium/solve", "/api/aquarium/hint", "/api/aquarium/check", "/api/aquarium/analyse", "/api/aquarium/race"} {
		rec := callRaw(t, s, path, map[string]any{"puzzle": puzzleBody(d)})
		assert.Equal(t, http.StatusServiceUnavailable, rec.Code, path)
		assert.Equal(t, "1", rec.Header().Get("Retry-After"), path)
		assert.Contains(t, rec.Body.String(), "busy", path)
	}
	freed := s.slots.onFree()
	select {
	case <-freed:
		t.Fatal("freed before a slot is given back")
	default:
	}
	s.slots.give(n)
	select {
	case <-freed:
	case <-time.After(10 * time.Second):
		t.Fatal("a slot given back does not say so to who waits")
	}
	code, v = call(t, s, "/api/aquarium/solve", map[string]any{"puzzle": puzzleBody(d)})
	assert.Equal(t, http.StatusOK, code, v)
}

// TestDeadline checks that work stopped by the per-request deadline says
// so: an unknown answer for a solve, 504 for work with no such answer.
func TestDeadline(t *testing.T) {
	s := newTestServer(t, Config{Limits: Limits{Deadline: time.Nanosecond}})
	d := readPuzzle(t, sixBySix)
	code, v := call(t, s, "/api/aquarium/solve", map[string]any{"puzzle": puzzleBody(d)})
	require.Equal(t, http.StatusOK, code, v)
	assert.Equal(t, "unknown", v["status"])
	assert.Contains(t, v["message"], "limit of 1ns")
	assert.Nil(t, v["solutions"])

	code, v = call(t, s, "/api/aquarium/generate", generateRequest{Width: 8, Height: 8, Seed: 3})
	assert.Equal(t, http.StatusGatewayTimeout, code)
	assert.Contains(t, v["error"], "generating stopped at the server's limit")

	code, v = call(t, s, "/api/aquarium/analyse", map[string]any{"puzzle": puzzleBody(d)})
	require.Equal(t, http.StatusOK, code, v)
	assert.Equal(t, "unknown", v["count"].(map[string]any)["status"])
}

func TestGenerate(t *testing.T) {
	s := newTestServer(t, Config{})
	code, v := call(t, s, "/api/aquarium/generate", generateRequest{Width: 6, Height: 5, Seed: 7, Difficulty: "easy"})
	require.Equal(t, http.StatusOK, code, v)
	var pv puzzleView
	decodeInto(t, v, &pv)
	assert.Equal(t, 6, pv.Puzzle.Width)
	assert.Equal(t, 5, pv.Puzzle.Height)
	assert.Equal(t, "easy", pv.Grade.Level)
	assert.Contains(t, pv.Source, "--size 6x5 --seed 7")
	p, rule, err := s.puzzleOf(&pv.Puzzle)
	require.NoError(t, err)
	unique(t, p, rule)

	for _, bad := range []generateRequest{{Width: 1, Height: 6}, {Width: 31, Height: 6}, {Width: 6, Height: 6, Difficulty: "tough"}, {Width: 6, Height: 6, Rule: "ocean"}} {
		code, _ := call(t, s, "/api/aquarium/generate", bad)
		assert.Equal(t, http.StatusBadRequest, code, bad)
	}
}

// TestPlay checks that a click sets its block and water follows the rule:
// it fills the aquarium's lower rows, and an empty cell empties its upper
// rows; and that a grid is judged solved by the checker alone.
func TestPlay(t *testing.T) {
	s := newTestServer(t, Config{})
	d := readPuzzle(t, sixBySix)
	pz := puzzleBody(d)
	// Aquarium b: row 1 columns 4-6, row 2 column 5, row 3 columns 1-5, ...
	code, v := call(t, s, "/api/aquarium/play", stateRequest{Puzzle: &pz, Click: &clickJSON{Row: 1, Col: 4, To: "#"}})
	require.Equal(t, http.StatusOK, code, v)
	cells := v["cells"].(string)
	for i, c := range cells {
		r, col := i/6, i%6
		want := '?'
		if d.Puzzle.Region(r, col) == d.Puzzle.Region(1, 4) && r >= 1 {
			want = '#'
		}
		assert.Equal(t, string(want), string(c), "row %d, column %d", r+1, col+1)
	}
	code, v = call(t, s, "/api/aquarium/play", stateRequest{Puzzle: &pz, Cells: cells, Click: &clickJSON{Row: 2, Col: 0, To: "."}})
	require.Equal(t, http.StatusOK, code, v)
	cells = v["cells"].(string)
	for i, c := range cells {
		r, col := i/6, i%6
		if d.Puzzle.Region(r, col) == d.Puzzle.Region(1, 4) && r <= 2 {
			assert.Equal(t, ".", string(c), "row %d, column %d", r+1, col+1)
		}
	}
	assert.Equal(t, false, v["complete"])

	sol := unique(t, d.Puzzle, aquarium.RegionRule)
	code, v = call(t, s, "/api/aquarium/play", stateRequest{Puzzle: &pz, Cells: cellString(sol)})
	require.Equal(t, http.StatusOK, code, v)
	assert.Equal(t, true, v["solved"])
	assert.Contains(t, v["message"], "Solved")

	wrong := []byte(cellString(sol))
	wrong[0] = "#."[strings.IndexByte("#.", wrong[0])^1]
	code, v = call(t, s, "/api/aquarium/play", stateRequest{Puzzle: &pz, Cells: string(wrong)})
	require.Equal(t, http.StatusOK, code, v)
	assert.Equal(t, false, v["solved"])
	assert.Equal(t, true, v["complete"])
	assert.Contains(t, v["message"], "not right")

	for _, bad := range []stateRequest{
		{Puzzle: &pz, Cells: "###"},
		{Puzzle: &pz, Cells: strings.Repeat("x", 36)},
		{Puzzle: &pz, Click: &clickJSON{Row: 6, Col: 0, To: "#"}},
		{Puzzle: &pz, Click: &clickJSON{Row: 0, Col: 0, To: "w"}},
		{Puzzle: &pz, Click: &clickJSON{Row: 0, Col: 0}},
		{},
		{Puzzle: &puzzleJSON{Width: 2, Height: 1, Regions: []int{0, 0}, Cols: []int{3, 0}, Rows: []int{1}}},
		{Puzzle: &puzzleJSON{Width: 2, Height: 1, Regions: []int{0, 0}, Cols: []int{0, 0}, Rows: []int{1}, Rule: "sea"}},
	} {
		code, v := call(t, s, "/api/aquarium/play", bad)
		assert.Equal(t, http.StatusBadRequest, code, v)
	}
}

// TestHint checks the hint against the puzzle's one solution: the cells it
// decides hold those values in the solution, and the line and aquarium it
// names are the ones the deduction reads.
func TestHint(t *testing.T) {
	s := newTestServer(t, Config{})
	d := readPuzzle(t, sixBySix)
	pz := puzzleBody(d)
	sol := unique(t, d.Puzzle, aquarium.RegionRule)
	cells := strings.Repeat("?", 36)
	for step := 0; step < 40; step++ {
		code, v := call(t, s, "/api/aquarium/hint", stateRequest{Puzzle: &pz, Cells: cells})
		require.Equal(t, http.StatusOK, code, v)
		var h hintView
		decodeInto(t, v, &h)
		if !h.Found {
			break
		}
		require.NotEmpty(t, h.Cells, h.Text)
		require.NotEmpty(t, h.Text)
		next := []byte(cells)
		for _, c := range h.Cells {
			assert.Equal(t, string("?.#"[sol.At(c.Row, c.Col)]), c.Cell, "%s: row %d, column %d", h.Text, c.Row+1, c.Col+1)
			next[c.Row*6+c.Col] = c.Cell[0]
		}
		if h.Line != nil {
			assert.Contains(t, strings.ToLower(h.Text), (logic.Line{Column: h.Line.Column, Index: h.Line.Index}).String())
		}
		for _, c := range h.Aquarium {
			assert.Equal(t, d.Puzzle.Region(h.Aquarium[0].Row, h.Aquarium[0].Col), d.Puzzle.Region(c.Row, c.Col))
		}
		cells = string(next)
	}
	assert.Equal(t, cellString(sol), cells, "the hints lead to the solution")

	// A grid that breaks a rule outright.
	bad := []byte(strings.Repeat("?", 36))
	bad[0], bad[6] = '#', '.' // aquarium a: water above an empty cell
	code, v := call(t, s, "/api/aquarium/hint", stateRequest{Puzzle: &pz, Cells: string(bad)})
	require.Equal(t, http.StatusOK, code, v)
	assert.Equal(t, true, v["conflict"])
}

func TestCheck(t *testing.T) {
	s := newTestServer(t, Config{})
	d := readPuzzle(t, sixBySix)
	pz := puzzleBody(d)
	sol := unique(t, d.Puzzle, aquarium.RegionRule)
	code, v := call(t, s, "/api/aquarium/check", stateRequest{Puzzle: &pz, Cells: strings.Repeat("?", 36)})
	require.Equal(t, http.StatusOK, code, v)
	assert.Equal(t, true, v["ok"])

	grid := []byte(strings.Repeat("?", 36))
	flip := map[int]bool{3: true, 20: true}
	for i := range flip {
		grid[i] = "?#."[sol.Cells[i]] // the opposite of the solution
	}
	grid[35] = "?.#"[sol.Cells[35]] // right
	code, v = call(t, s, "/api/aquarium/check", stateRequest{Puzzle: &pz, Cells: string(grid)})
	require.Equal(t, http.StatusOK, code, v)
	var cv checkView
	decodeInto(t, v, &cv)
	assert.False(t, cv.OK)
	got := map[int]bool{}
	for _, c := range cv.Wrong {
		got[c.Row*6+c.Col] = true
	}
	assert.Equal(t, flip, got)
	assert.Contains(t, cv.Message, "2 cells are wrong")

	code, v = call(t, s, "/api/aquarium/check", stateRequest{Puzzle: &pz, Cells: cellString(sol)})
	require.Equal(t, http.StatusOK, code, v)
	assert.Equal(t, true, v["solved"])
}

func TestSolve(t *testing.T) {
	s := newTestServer(t, Config{})
	d := readPuzzle(t, sixBySix)
	pz := puzzleBody(d)
	code, v := call(t, s, "/solve", solveRequest{Puzzle: &pz, Limit: 2, Board: true})
	require.Equal(t, http.StatusOK, code, v)
	var sv solveView
	decodeInto(t, v, &sv)
	assert.Equal(t, "solved", sv.Status)
	assert.Equal(t, "unique", sv.Answer)
	require.NotNil(t, sv.Unique)
	assert.True(t, *sv.Unique)
	require.Len(t, sv.Solutions, 1)
	require.Len(t, sv.Boards, 1)
	sol, err := cellsOf(d.Puzzle, sv.Solutions[0])
	require.NoError(t, err)
	assert.NoError(t, aquarium.Check(d.Puzzle, sol, aquarium.RegionRule))

	none := puzzleJSON{Width: 2, Height: 1, Regions: []int{0, 0}, Cols: []int{1, 0}, Rows: []int{1}}
	code, v = call(t, s, "/solve", solveRequest{Puzzle: &none})
	require.Equal(t, http.StatusOK, code, v)
	assert.Equal(t, "unsolvable", v["status"])

	code, v = call(t, s, "/solve", solveRequest{Puzzle: &pz, Engine: "abacus"})
	assert.Equal(t, http.StatusBadRequest, code)
	assert.Contains(t, v["error"], "unknown engine")
	code, _ = call(t, s, "/solve", solveRequest{Puzzle: &pz, Limit: 3})
	assert.Equal(t, http.StatusBadRequest, code)
}

// TestWrongEngine checks that an engine whose answer fails the checker
// never has it shown: the status is an error.
func TestWrongEngine(t *testing.T) {
	liar := aquariumkind.Engine{Name: "liar", Solve: func(ctx context.Context, p *aquarium.Puzzle, rule aquarium.Rule, limit int) (aquariumkind.Outcome, error) {
		s := aquarium.NewSolution(p.Width, p.Height)
		for i := range s.Cells {
			s.Cells[i] = aquarium.Water
		}
		return aquariumkind.Outcome{Solutions: []aquarium.Solution{s}, Exhausted: true}, nil
	}}
	s := newTestServer(t, Config{Engines: []aquariumkind.Engine{aquariumkind.CP(), liar}})
	pz := puzzleBody(readPuzzle(t, sixBySix))
	code, v := call(t, s, "/solve", solveRequest{Puzzle: &pz, Engine: "liar"})
	require.Equal(t, http.StatusOK, code, v)
	assert.Equal(t, "error", v["status"])
	assert.Contains(t, v["error"], "fails the check")
	assert.Nil(t, v["solutions"])
}

func TestAnalyse(t *testing.T) {
	s := newTestServer(t, Config{Limits: Limits{LiveCells: 36}})
	d := readPuzzle(t, sixBySix)
	pz := puzzleBody(d)
	code, v := call(t, s, "/api/aquarium/analyse", stateRequest{Puzzle: &pz})
	require.Equal(t, http.StatusOK, code, v)
	var a analysis
	decodeInto(t, v, &a)
	assert.Equal(t, "unique", a.Count.Status)
	require.NotNil(t, a.Grade)
	assert.Equal(t, "easy", a.Grade.Level)
	require.NotNil(t, a.Logic)
	assert.True(t, a.Logic.Solved)
	assert.Equal(t, 36, a.Logic.Settled)
	formats := map[string]exportView{}
	for _, e := range a.Exports {
		formats[e.Format] = e
	}
	assert.True(t, strings.HasPrefix(formats["URL"].Text, "https://puzz.link/p?aquarium/"), formats["URL"])
	assert.NotEmpty(t, formats["task string"].Text)
	assert.Contains(t, formats["text"].Text, "a a a b b b")

	// Take away clues until the CP core finds several solutions: the
	// analysis shows two, both right, differing exactly where it says.
	open := pz
	open.Rows, open.Cols = slices.Clone(pz.Rows), slices.Clone(pz.Cols)
	p, _, err := s.puzzleOf(&open)
	require.NoError(t, err)
	clues := []*int{}
	for i := range p.Rows {
		clues = append(clues, &p.Rows[i])
	}
	for i := range p.Cols {
		clues = append(clues, &p.Cols[i])
	}
	for _, k := range clues {
		*k = aquarium.NoClue
		if res, err := aqcp.SolveCP(context.Background(), p, aquarium.RegionRule, 2, cpLimits); err == nil && len(res.Solutions) == 2 {
			break
		}
	}
	code, v = call(t, s, "/api/aquarium/analyse", stateRequest{Puzzle: &open})
	require.Equal(t, http.StatusOK, code, v)
	decodeInto(t, v, &a)
	require.Equal(t, "several", a.Count.Status)
	require.Len(t, a.Count.Solutions, 2)
	require.Len(t, a.Count.Boards, 2)
	var sols []aquarium.Solution
	for _, cells := range a.Count.Solutions {
		sol, err := cellsOf(p, cells)
		require.NoError(t, err)
		assert.NoError(t, aquarium.Check(p, sol, aquarium.RegionRule))
		sols = append(sols, sol)
	}
	assert.Equal(t, diff(sols[0], sols[1]), a.Count.Differ)
	assert.NotEmpty(t, a.Count.Differ)
	assert.Nil(t, a.Grade)
	assert.Contains(t, formatsOf(a)["task string"].Error, "not expressible")

	big := jsonOf("", &aquarium.Puzzle{Width: 7, Height: 6, Regions: make([]int, 42), Cols: make([]int, 7), Rows: make([]int, 6)}, aquarium.RegionRule)
	code, v = call(t, s, "/api/aquarium/analyse", stateRequest{Puzzle: &big})
	require.Equal(t, http.StatusOK, code, v)
	decodeInto(t, v, &a)
	assert.Equal(t, "too large", a.Count.Status)
}

// TestAnalyseWalls checks the setter's puzzles, given by walls instead of
// aquariums: one wall between the two cells of a 2x1 grid makes two
// aquariums.
func TestAnalyseWalls(t *testing.T) {
	s := newTestServer(t, Config{})
	var a analysis
	walled := puzzleJSON{Width: 2, Height: 1, Walls: &wallsJSON{Right: "1", Below: ""}, Cols: []int{1, 0}, Rows: []int{1}}
	code, v := call(t, s, "/api/aquarium/analyse", stateRequest{Puzzle: &walled})
	require.Equal(t, http.StatusOK, code, v)
	decodeInto(t, v, &a)
	assert.Equal(t, []int{0, 1}, a.Puzzle.Regions)
	assert.Equal(t, "unique", a.Count.Status)
	walled.Walls.Right = "0"
	code, v = call(t, s, "/api/aquarium/analyse", stateRequest{Puzzle: &walled})
	require.Equal(t, http.StatusOK, code, v)
	decodeInto(t, v, &a)
	assert.Equal(t, "none", a.Count.Status)
	walled.Walls.Right = "x"
	code, _ = call(t, s, "/api/aquarium/analyse", stateRequest{Puzzle: &walled})
	assert.Equal(t, http.StatusBadRequest, code)
}

func formatsOf(a analysis) map[string]exportView {
	m := map[string]exportView{}
	for _, e := range a.Exports {
		m[e.Format] = e
	}
	return m
}

func TestExport(t *testing.T) {
	s := newTestServer(t, Config{})
	d := readPuzzle(t, sixBySix)
	pz := puzzleBody(d)
	for format, want := range map[string]string{"svg": "<svg", "png": "\x89PNG", "url": "https://puzz.link/p?aquarium/", "task": ";", "text": "a a a b b b", "pzprv3": "pzprv3", "json": `"regions"`} {
		rec := callRaw(t, s, "/api/aquarium/export", exportRequest{Puzzle: &pz, Format: format})
		require.Equal(t, http.StatusOK, rec.Code, "%s: %s", format, rec.Body.String())
		assert.Contains(t, rec.Body.String(), want, format)
		assert.Contains(t, rec.Header().Get("Content-Disposition"), "attachment", format)
	}
	// A text export with cells carries them as its solution block, and
	// reads back as the same puzzle.
	rec := callRaw(t, s, "/api/aquarium/export", exportRequest{Puzzle: &pz, Cells: "#" + strings.Repeat("?", 35), Format: "text"})
	require.Equal(t, http.StatusOK, rec.Code)
	docs, err := aquariumfmt.Read("back", rec.Body.Bytes())
	require.NoError(t, err)
	assert.Equal(t, d.Puzzle.Regions, docs[0].Puzzle.Regions)
	assert.Equal(t, aquarium.Water, docs[0].Solution.Cells[0])

	missing := pz
	missing.Cols = append([]int{aquarium.NoClue}, pz.Cols[1:]...)
	code, v := call(t, s, "/api/aquarium/export", exportRequest{Puzzle: &missing, Format: "task"})
	assert.Equal(t, http.StatusBadRequest, code)
	assert.Contains(t, v["error"], "not expressible")
	code, v = call(t, s, "/api/aquarium/export", exportRequest{Puzzle: &pz, Format: "gif"})
	assert.Equal(t, http.StatusBadRequest, code)
	assert.Contains(t, v["error"], "unknown format")
}

// raceEvents runs a race and returns its events.
func raceEvents(t *testing.T, s http.Handler, pz puzzleJSON) []raceEvent {
	t.Helper()
	rec := callRaw(t, s, "/api/aquarium/race", raceRequest{Puzzle: &pz})
	require.Equal(t, http.StatusOK, rec.Code, rec.Body.String())
	assert.Contains(t, rec.Header().Get("Content-Type"), "application/x-ndjson")
	var events []raceEvent
	sc := bufio.NewScanner(rec.Body)
	sc.Buffer(nil, 1<<22)
	for sc.Scan() {
		var ev raceEvent
		require.NoError(t, json.Unmarshal(sc.Bytes(), &ev))
		events = append(events, ev)
	}
	require.NotEmpty(t, events)
	return events
}

func TestRace(t *testing.T) {
	slow := aquariumkind.Engine{Name: "slow", Solve: func(ctx context.Context, p *aquarium.Puzzle, rule aquarium.Rule, limit int) (aquariumkind.Outcome, error) {
		select {
		case <-time.After(400 * time.Millisecond):
		case <-ctx.Done():
		}
		return aquariumkind.CP().Solve(ctx, p, rule, limit)
	}}
	s := newTestServer(t, Config{Engines: []aquariumkind.Engine{aquariumkind.CP(), slow}})
	pz := puzzleBody(readPuzzle(t, sixBySix))
	events := raceEvents(t, s, pz)
	assert.Equal(t, "start", events[0].Type)
	assert.Contains(t, events[0].Note, "2 engines")
	last := events[len(events)-1]
	assert.Equal(t, "done", last.Type)
	require.NotNil(t, last.Agree)
	assert.True(t, *last.Agree)
	assert.Contains(t, last.Message, "agree: unique")
	assert.Zero(t, last.Running)
	require.Len(t, last.Rows, 2)
	for _, row := range last.Rows {
		assert.Equal(t, "solved", row.Status, row.Engine)
		assert.Equal(t, "unique", row.Answer, row.Engine)
	}
	assert.GreaterOrEqual(t, last.Rows[1].MS, 400.0)
	progress := 0
	for _, ev := range events {
		if ev.Type == "progress" {
			progress++
			assert.Contains(t, ev.Chart, `data-engine="slow"`)
		}
	}
	assert.Positive(t, progress, "a live chart while the slow engine runs")
	assert.Contains(t, last.Chart, `data-status="solved"`)

	// Engines that disagree, and one whose answer fails the check, which
	// is an error and not an answer to agree with.
	none := aquariumkind.Engine{Name: "none", Solve: func(ctx context.Context, p *aquarium.Puzzle, rule aquarium.Rule, limit int) (aquariumkind.Outcome, error) {
		return aquariumkind.Outcome{Exhausted: true}, nil
	}}
	wrong := aquariumkind.Engine{Name: "wrong", Solve: func(ctx context.Context, p *aquarium.Puzzle, rule aquarium.Rule, limit int) (aquariumkind.Outcome, error) {
		return aquariumkind.Outcome{Solutions: []aquarium.Solution{aquarium.NewSolution(p.Width, p.Height)}}, nil
	}}
	s = newTestServer(t, Config{Engines: []aquariumkind.Engine{aquariumkind.CP(), none, wrong}})
	last = raceEvents(t, s, pz)[len(raceEvents(t, s, pz))-1]
	require.NotNil(t, last.Agree)
	assert.False(t, *last.Agree)
	assert.Contains(t, last.Message, "DISAGREEMENT: cp: unique; none: unsolvable")
	assert.Equal(t, "error", last.Rows[2].Status)
	assert.False(t, last.Rows[2].Disagrees)
	assert.True(t, last.Rows[0].Disagrees)
	assert.Contains(t, last.Chart, "DISAGREES")
}

// bfsTiles returns the length of a shortest plan for a sliding-tile board
// by breadth-first search, to check the page's IDA* against.
func bfsTiles(t *testing.T, board string) int {
	t.Helper()
	lv := tilesfmt.Parse("board", []byte(board))
	require.NoError(t, lv[0].Err)
	res, err := tiles.SolveBFS(context.Background(), lv[0].Puzzle, statespace.Options{})
	require.NoError(t, err)
	return len(res.Plan)
}

func TestPour(t *testing.T) {
	s := newTestServer(t, Config{Files: []string{filepath.Join(testdata, "watersort", "three-colours.txt")}})
	for _, tc := range []struct {
		name   string
		body   any
		kind   string
		status string
		steps  int
	}{
		{"jugs flags", pourRequest{Text: "--capacities 3,5 --target 4"}, "jugs", "solved", 6},
		{"jugs json", pourRequest{Text: `{"id":"j","capacities":[3,5],"target":4}`}, "jugs", "solved", 6},
		{"jugs unsolvable", pourRequest{Text: "--capacities 2,4 --target 3"}, "jugs", "unsolvable", 0},
		{"sort", pourRequest{Text: "capacity 2\nred blue\nblue red\n-\n"}, "sort", "solved", -1},
		{"sort file", map[string]any{"file": 0}, "sort", "solved", -1},
		{"tiles", pourRequest{Text: "8 6 7\n2 5 4\n3 . 1\n"}, "tiles", "solved", bfsTiles(t, "8 6 7\n2 5 4\n3 . 1\n")},
		{"tiles unsolvable", pourRequest{Text: "2 1 .\n3 4 5\n6 7 8\n"}, "tiles", "unsolvable", 0},
		{"rush", pourRequest{Text: "BBBCDE\nFGGCDE\nF.AADE\nHHI...\n.JI.KK\n.JLLMM\n"}, "rush", "solved", 49},
		{"rush json", pourRequest{Text: `{"id":"r","board":["....","AA.B","...B","...."]}`, Kind: "rush"}, "rush", "solved", 2},
		{"torch", pourRequest{Text: `{"id": "classic", "times": [1, 2, 5, 10]}`}, "torch", "solved", 5},
		{"torch impossible", pourRequest{Text: `{"times": [1, 2, 5, 10], "limit": 16}`}, "torch", "unsolvable", 0},
		{"river", pourRequest{Text: "items farmer wolf goat cabbage\nboat 2\nrowers farmer\nforbid wolf goat unless farmer\nforbid goat cabbage unless farmer\n"}, "river", "solved", 7},
		{"river unsolvable", pourRequest{Text: "items m*4 c*4\nboat 2\nnever more c than m\n"}, "river", "unsolvable", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, v := call(t, s, "/api/pour/solve", tc.body)
			require.Equal(t, http.StatusOK, code, v)
			var pv planView
			decodeInto(t, v, &pv)
			assert.Equal(t, tc.kind, pv.Kind)
			assert.Equal(t, tc.status, string(pv.Status))
			if tc.steps >= 0 {
				assert.Len(t, pv.Steps, tc.steps+1)
			}
			require.NotEmpty(t, pv.Steps)
			assert.Empty(t, pv.Steps[0].Action)
			ids := map[string]string{"jugs": `id="v0-glass"`, "sort": `id="v0-glass"`, "tiles": `id="t1"`, "rush": `id="pA"`,
				"torch": `id="m0"`, "river": `id="m0-0"`}
			for i, st := range pv.Steps {
				assert.Contains(t, st.SVG, ids[tc.kind], "step %d", i)
				if i > 0 {
					assert.NotEmpty(t, st.Action)
				}
			}
		})
	}
	for _, tc := range []struct {
		name, want string
		body       pourRequest
	}{
		{"bad jugs", "input:1:", pourRequest{Text: `{"capacities":[3,-5],"target":4}`}},
		{"bad flag", "input:1", pourRequest{Text: "--capacities 3,5 --tarjet 4"}},
		{"bad level", "input:", pourRequest{Text: "capacity 2\nred\n"}},
		{"unknown kind", "unknown kind", pourRequest{Text: "x", Kind: "hanoi"}},
		{"bad tiles", "input:1:", pourRequest{Text: "1 1 .\n3 4 5\n6 7 8\n", Kind: "tiles"}},
		{"bad rush", "input:", pourRequest{Text: "..B\nAAB\n.C.\n", Kind: "rush"}},
		// A puzzle with a mistake goes to its own reader (kinds.Detect),
		// not to Water Sort's, which used to take these three.
		{"bad torch", "input:1:15: person 2 takes -2 minutes", pourRequest{Text: `{"times": [1, -2]}`}},
		{"bad rush, told", "input:3:5: piece B does not continue", pourRequest{Text: "AA.B..\n...B..\n...BB.\n"}},
		{"bad tiles, told", "input:3:5: tile 8 again", pourRequest{Text: "1 2 3\n4 5 6\n7 8 8\n"}},
		{"bad river", "input:3:8", pourRequest{Text: "items a b\nboat 1\nrowers c\n"}},
		{"no such level", "no puzzle 3", pourRequest{Text: `{"capacities":[3,5],"target":4}`, Index: 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, v := call(t, s, "/api/pour/solve", tc.body)
			assert.Equal(t, http.StatusBadRequest, code, v)
			assert.Contains(t, v["error"], tc.want)
		})
	}
}

// TestServe checks the graceful shutdown: a request in flight when the
// server is told to stop still gets its answer, and Serve returns. The
// engine holds the request until the server has stopped listening.
func TestServe(t *testing.T) {
	started, release := make(chan struct{}), make(chan struct{})
	slow := aquariumkind.Engine{Name: "slow", Solve: func(ctx context.Context, p *aquarium.Puzzle, rule aquarium.Rule, limit int) (aquariumkind.Outcome, error) {
		close(started)
		select {
		case <-release:
		case <-ctx.Done():
			return aquariumkind.Outcome{}, ctx.Err()
		}
		return aquariumkind.CP().Solve(ctx, p, rule, limit)
	}}
	s := newTestServer(t, Config{Engines: []aquariumkind.Engine{slow}})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ctx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.Serve(ctx, ln) }()

	pz := puzzleBody(readPuzzle(t, sixBySix))
	body, _ := json.Marshal(solveRequest{Puzzle: &pz, Engine: "slow"})
	answer := make(chan map[string]any, 1)
	go func() {
		res, err := http.Post("http://"+ln.Addr().String()+"/solve", "application/json", bytes.NewReader(body))
		if err != nil {
			answer <- map[string]any{"error": err.Error()}
			return
		}
		defer res.Body.Close()
		var v map[string]any
		json.NewDecoder(res.Body).Decode(&v)
		answer <- v
	}()
	select {
	case <-started: // the request is in flight
	case <-time.After(10 * time.Second):
		t.Fatal("the request did not reach the engine")
	}
	stop()
	require.Eventually(t, func() bool {
		conn, err := net.Dial("tcp", ln.Addr().String())
		if err == nil {
			conn.Close()
		}
		return err != nil
	}, 10*time.Second, time.Millisecond, "the server stops listening")
	close(release)
	select {
	case err := <-served:
		require.NoError(t, err)
	case <-time.After(ShutdownGrace + 2*time.Second):
		t.Fatal("Serve did not return")
	}
	v := <-answer
	assert.Equal(t, "solved", v["status"], v)
}

// TestRaceCompareEngines races compare's own engine list: every engine it
// names runs, in its order, and all find the 6x6 unique; on a pool-rule
// puzzle the engines of the region rule alone stay out, as in compare.
func TestRaceCompareEngines(t *testing.T) {
	s := newTestServer(t, Config{})
	var names []string
	regionOnly := 0
	for _, e := range aquariumkind.Engines(true) {
		names = append(names, e.Name)
		if e.RegionOnly {
			regionOnly++
		}
	}
	pz := puzzleBody(readPuzzle(t, sixBySix))
	events := raceEvents(t, s, pz)
	last := events[len(events)-1]
	var got []string
	for _, row := range last.Rows {
		got = append(got, row.Engine)
		assert.Equal(t, "unique", row.Answer, "%s: %s", row.Engine, row.Error)
	}
	assert.Equal(t, names, got)
	require.NotNil(t, last.Agree)
	assert.True(t, *last.Agree)

	pz.Rule = "pool"
	last = raceEvents(t, s, pz)[0]
	assert.Len(t, last.Rows, len(names)-regionOnly)
}

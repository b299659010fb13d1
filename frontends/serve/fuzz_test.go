package serve

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/waterworks-solver/waterworks/frontends/kind/aquariumkind"
	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// fuzzPaths are the endpoints the fuzz target sends its bytes to.
var fuzzPaths = []string{"/api/aquarium/load", "/api/aquarium/play", "/api/aquarium/hint", "/api/aquarium/check",
	"/solve", "/api/aquarium/analyse", "/api/aquarium/export", "/api/aquarium/race", "/api/pour/solve", "/api/aquarium/generate"}

// FuzzAPI sends arbitrary request bodies to every endpoint: none may
// answer 5xx or panic, and every answer but a race's stream is one JSON
// value (go test -fuzz FuzzAPI ./frontends/serve).
func FuzzAPI(f *testing.F) {
	d := readPuzzle(f, sixBySix)
	pz := jsonOf(d.ID, d.Puzzle, aquarium.RegionRule)
	seeds := []any{
		loadRequest{Text: "  1 2\n1 ab\n2 aa\n"},
		stateRequest{Puzzle: &pz, Cells: strings.Repeat("?", 36), Click: &clickJSON{Row: 1, Col: 4, To: "#"}},
		solveRequest{Puzzle: &pz, Limit: 2},
		exportRequest{Puzzle: &pz, Format: "url"},
		stateRequest{Puzzle: &puzzleJSON{Width: 2, Height: 1, Walls: &wallsJSON{Right: "1"}, Cols: []int{1, 0}, Rows: []int{1}}},
		pourRequest{Text: "--capacities 3,5 --target 4"},
		pourRequest{Text: "capacity 2\nred blue\nblue red\n-\n"},
		generateRequest{Width: 3, Height: 3, Seed: 1},
	}
	for i, seed := range seeds {
		body, err := json.Marshal(seed)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(uint8(i), body)
	}
	f.Add(uint8(0), []byte(`{"text":"`+strings.Repeat("9", 300)+`"}`))
	s, err := New(Config{Engines: []aquariumkind.Engine{aquariumkind.CP()}, Limits: Limits{MaxCells: 400, LiveCells: 100, Deadline: 200 * time.Millisecond}})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, which uint8, body []byte) {
		path := fuzzPaths[int(which)%len(fuzzPaths)]
		rec := callRaw(t, s, path, string(body))
		if rec.Code >= 500 && rec.Code != http.StatusServiceUnavailable && rec.Code != http.StatusGatewayTimeout {
			t.Fatalf("%s: HTTP %d: %s", path, rec.Code, rec.Body.String())
		}
		if ct := rec.Header().Get("Content-Type"); strings.HasPrefix(ct, "application/json") && !json.Valid(rec.Body.Bytes()) {
			t.Fatalf("%s: invalid JSON answer %q", path, rec.Body.String())
		}
	})
}

// TestCellsRoundTrip checks that the grid strings the page sends read and
// write back unchanged, and that a puzzle's JSON reads back as itself.
func TestCellsRoundTrip(t *testing.T) {
	d := readPuzzle(t, sixBySix)
	for _, cells := range []string{strings.Repeat("?", 36), strings.Repeat("#.?", 12)} {
		sol, err := cellsOf(d.Puzzle, cells)
		if err != nil {
			t.Fatal(err)
		}
		if got := cellString(sol); got != cells {
			t.Fatalf("%q read and written back is %q", cells, got)
		}
	}
	s := newTestServer(t, Config{})
	pz := jsonOf(d.ID, d.Puzzle, aquarium.PoolRule)
	p, rule, err := s.puzzleOf(&pz)
	if err != nil || rule != aquarium.PoolRule {
		t.Fatal(err, rule)
	}
	again, _ := json.Marshal(jsonOf(d.ID, p, rule))
	first, _ := json.Marshal(pz)
	if string(again) != string(first) {
		t.Fatalf("%s read back as %s", first, again)
	}
}

package serve

import (
	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/aquariumfmt"
	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// convertedRecord returns the record of the 6x6 puzzle exactly as
// "aquarium convert --to json" writes it (aquariumfmt.Write, the writer
// that command calls).
func convertedRecord(t *testing.T) []byte {
	t.Helper()
	data, err := os.ReadFile(sixBySix)
	require.NoError(t, err)
	docs, err := aquariumfmt.Read(sixBySix, data)
	require.NoError(t, err)
	var b bytes.Buffer
	require.NoError(t, aquariumfmt.Write(&b, docs[0], aquariumfmt.JSONLines))
	return b.Bytes()
}

// TestSolveTakesTheCommandLinesInputs: POST /solve takes a record as
// convert --to json writes it, with annotations carried into the answer,
// and the text format; each answer is checked by the checker.
func TestSolveTakesTheCommandLinesInputs(t *testing.T) {
	s := newTestServer(t, Config{})
	record := convertedRecord(t)
	text, err := os.ReadFile(sixBySix)
	require.NoError(t, err)
	annotated := bytes.Replace(record, []byte(`"width"`), []byte(`"author":"Ann","rating":[5, 4],"width"`), 1)
	p := readPuzzle(t, sixBySix).Puzzle
	for _, tc := range []struct {
		name, path string
		body       []byte
	}{
		{"record", "/solve", record},
		{"record with annotations", "/solve?engine=gini/totalizer&limit=2", annotated},
		{"text", "/solve?board=true", text},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, v := call(t, s, tc.path, string(tc.body))
			require.Equal(t, http.StatusOK, code, v)
			assert.Equal(t, "solved", v["status"], v)
			sols, _ := v["solutions"].([]any)
			require.NotEmpty(t, sols, v)
			sol, err := cellsOf(p, sols[0].(string))
			require.NoError(t, err)
			assert.NoError(t, aquarium.Check(p, sol, aquarium.RegionRule))
		})
	}
	rec := callRaw(t, s, "/solve?limit=2", string(annotated))
	require.Equal(t, http.StatusOK, rec.Code, rec.Body.String())
	assert.Contains(t, rec.Body.String(), `"author":"Ann","rating":[5, 4]`, "annotations carried as written")
	var v map[string]any
	require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &v))
	assert.Equal(t, true, v["unique"])
	assert.Equal(t, sixBySix, v["id"])
}

// TestSolveAnswersBadInputInTheCommandLinesWords: the answer to a bad
// record or text carries the message the command line prints for the
// same input, at its line and column.
func TestSolveAnswersBadInputInTheCommandLinesWords(t *testing.T) {
	s := newTestServer(t, Config{})
	record := string(bytes.TrimSpace(convertedRecord(t)))
	for _, tc := range []struct{ body, want string }{
		{strings.Replace(record, `"width"`, `"widht"`, 1), `request:1:`},
		{strings.Replace(record, `"width"`, `"widht"`, 1), `unknown field "widht"; did you mean "width"?`},
		{record + "\n" + record, `duplicate id`},
		{strings.Replace(record, `"width":6`, `"width":"6"`, 1), `width: want an integer, found a string`},
		{"6 6\n3 a a\n", "request:"},
	} {
		code, v := call(t, s, "/solve", tc.body)
		assert.Equal(t, http.StatusBadRequest, code, tc.body)
		assert.Contains(t, v["error"], tc.want, tc.body)
	}
	code, v := call(t, s, "/solve?limt=2", record)
	assert.Equal(t, http.StatusBadRequest, code)
	assert.Equal(t, `unknown query parameter "limt"; did you mean "limit"?`, v["error"])
}

// goPhrases match what Go's libraries say, which no answer may carry.
var goPhrases = regexp.MustCompile(`json: |cannot unmarshal|invalid character|unexpected EOF|unexpected end of JSON|` +
	`Go struct|Go value|looking for beginning|strconv\.|(^|: )EOF|\*[a-z]+\.[A-Z]\w*Error|%!`)

// TestNoGoErrorTextInAnswers posts bad bodies to every endpoint that
// reads one and checks that each answer is a 4xx whose text holds none of
// Go's phrases.
func TestNoGoErrorTextInAnswers(t *testing.T) {
	s := newTestServer(t, Config{})
	record := string(bytes.TrimSpace(convertedRecord(t)))
	bodies := []string{
		"", " ", "{", "}", "[]", "null", "1", `"str"`, "{} {}", "{,}", `{"puzzle":`, `{"puzzle":{"width":"6"}}`,
		`{"puzzle":{"width":6,"height":6,"regions":[[0]]}}`, `{"puzzle":{"wdth":6}}`, `{"puzle":{}}`,
		`{"puzzle":{"width":99999999999999999999}}`, `{"puzzle":{"width":1e3}}`, `{"puzzle":{"width":6,"height":6}, "limit":"2"}`,
		`{"puzzle":{"width":6,"height":6}, "board":"yes"}`, `{"puzzle":null}`, `{"puzzle":{"cols":[1,"x"]}}`,
		`{"text": 5}`, `{"text":"6 6\n3 a"}`, `{"file": "x"}`, `{"width":"x"}`, `{"id":"x",}`, `{"id":tru}`, "{\"id\":\"\x01\"}",
		"\xff\xfe", "{\"puzzle\":{}}\n{\"x\":1}", strings.Replace(record, `"regions":[[`, `"regions":[`, 1),
		strings.Replace(record, `"cols":[`, `"cols":"`, 1), record[:len(record)/2], record + " trailing",
		`{"capacities":[3,"x"],"target":4}`, `{"kind":"jugs","text":"{\"capacities\":[3,5],\"trget\":4}"}`,
	}
	paths := []string{"/solve", "/solve?limit=x", "/api/aquarium/solve", "/api/aquarium/load", "/api/aquarium/generate",
		"/api/aquarium/play", "/api/aquarium/hint", "/api/aquarium/check", "/api/aquarium/analyse",
		"/api/aquarium/export", "/api/aquarium/race", "/api/pour/solve"}
	for _, path := range paths {
		for _, body := range bodies {
			rec := callRaw(t, s, path, body)
			if rec.Code < 400 || rec.Code >= 500 {
				if rec.Code != http.StatusOK { // a body that happens to be fine may be answered
					t.Errorf("%s %q: status %d", path, body, rec.Code)
				}
				continue
			}
			if m := goPhrases.FindString(rec.Body.String()); m != "" {
				t.Errorf("%s %q: Go's %q in %s", path, body, m, rec.Body.String())
			}
		}
	}
}

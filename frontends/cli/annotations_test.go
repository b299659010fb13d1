package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// jsonLinesCommands are the commands that read JSON Lines, each with a
// record it solves (its id "a"), a field of that record, and a near miss
// of the field.
var jsonLinesCommands = []struct {
	args            []string
	record          string
	field, misspelt string
}{
	{[]string{"aquarium", "solve"}, aquariumRecord, `"width"`, `"widht"`},
	{[]string{"aquarium", "count"}, aquariumRecord, `"regions"`, `"region"`},
	{[]string{"aquarium", "check"}, strings.Replace(aquariumRecord, `"solution":null`, `"solution":["#.","##"]`, 1), `"solution"`, `"soluton"`},
	{[]string{"tiles", "solve"}, `{"id":"a","tiles":[1,0,2,3,4,5,6,7,8]}`, `"tiles"`, `"tils"`},
	{[]string{"sort", "solve"}, `{"id":"a","capacity":2,"bottles":[["r","b"],["b","r"],[]]}`, `"capacity"`, `"capacty"`},
	{[]string{"torch", "solve"}, `{"id":"a","times":[1,2,5,10]}`, `"times"`, `"tims"`},
	{[]string{"jugs", "solve"}, `{"id":"a","capacities":[3,5],"target":4}`, `"target"`, `"trget"`},
	{[]string{"rush", "solve"}, `{"id":"a","board":["..B.CC","..B...","AAB...","DDD..E",".....E",".....E"]}`, `"board"`, `"bord"`},
}

// aquariumRecord is a record as aquarium convert --to json writes it.
const aquariumRecord = `{"id":"a","width":2,"height":2,"regions":[[0,1],[1,1]],"cols":[2,1],"rows":[1,2],"solution":null}`

// TestJSONLinesRules checks the rules every JSON Lines command keeps: an
// id stated twice is an error on the second line; a misspelt known field
// is an error with its "did you mean"; any other field is an annotation,
// accepted and carried into JSON output unchanged.
func TestJSONLinesRules(t *testing.T) {
	for _, c := range jsonLinesCommands {
		t.Run(c.args[0], func(t *testing.T) {
			args := append(append([]string{}, c.args...), "--format", "json", "-")

			annotated := strings.Replace(c.record, `{"id":"a",`, `{"id":"a","author":"Ann Lee","rating":{"stars":[4, 5]},`, 1)
			code, out, errOut := run(t, annotated+"\n", args...)
			require.Equal(t, 0, code, "annotated record: %s%s", out, errOut)
			var rec map[string]json.RawMessage
			require.NoError(t, json.Unmarshal([]byte(out), &rec), out)
			assert.Equal(t, `"Ann Lee"`, string(rec["author"]), out)
			assert.Equal(t, `{"stars":[4, 5]}`, string(rec["rating"]), "carried as written: %s", out)
			assert.Contains(t, []string{`"solved"`, `"ok"`}, string(rec["status"]), out)

			code, out, _ = run(t, c.record+"\n"+c.record+"\n", args...)
			assert.Equal(t, 2, code, out)
			lines := strings.Split(strings.TrimSpace(out), "\n")
			require.Len(t, lines, 2, out)
			assert.Regexp(t, `"status":"(solved|ok)"`, lines[0])
			assert.Contains(t, lines[1], `duplicate id \"a\": line 1 has it too`)

			code, out, _ = run(t, strings.Replace(c.record, c.field, c.misspelt, 1)+"\n", args...)
			assert.Equal(t, 2, code, out)
			assert.Contains(t, out, `unknown field \"`+strings.Trim(c.misspelt, `"`)+`\"; did you mean \"`+strings.Trim(c.field, `"`)+`\"?`)
		})
	}
}

// TestConvertCarriesAnnotations: aquarium convert --to json writes a
// record's annotations back as they were written.
func TestConvertCarriesAnnotations(t *testing.T) {
	in := strings.Replace(aquariumRecord, `"solution":null`, `"solution":null,"author":"Ann","rating":{"stars": 4}`, 1)
	code, out, errOut := run(t, in+"\n", "aquarium", "convert", "--to", "json", "-")
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, in+"\n", out)
}

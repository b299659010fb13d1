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
	{[]string{"tiles", "solve"}, `{"id":"a","tiles":[1,0,2,3,4,5,6,7,8]}`, `"tiles"`, `"tils"`},
	{[]string{"sort", "solve"}, `{"id":"a","capacity":2,"bottles":[["r","b"],["b","r"],[]]}`, `"capacity"`, `"capacty"`},
	{[]string{"torch", "solve"}, `{"id":"a","times":[1,2,5,10]}`, `"times"`, `"tims"`},
	{[]string{"jugs", "solve"}, `{"id":"a","capacities":[3,5],"target":4}`, `"target"`, `"trget"`},
	{[]string{"rush", "solve"}, `{"id":"a","board":["..B.CC","..B...","AAB...","DDD..E",".....E",".....E"]}`, `"board"`, `"bord"`},
}

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
			assert.Equal(t, `"solved"`, string(rec["status"]), out)

			code, out, _ = run(t, c.record+"\n"+c.record+"\n", args...)
			assert.Equal(t, 2, code, out)
			lines := strings.Split(strings.TrimSpace(out), "\n")
			require.Len(t, lines, 2, out)
			assert.Contains(t, lines[0], `"status":"solved"`)
			assert.Contains(t, lines[1], `duplicate id \"a\": line 1 has it too`)

			code, out, _ = run(t, strings.Replace(c.record, c.field, c.misspelt, 1)+"\n", args...)
			assert.Equal(t, 2, code, out)
			assert.Contains(t, out, `unknown field \"`+strings.Trim(c.misspelt, `"`)+`\"; did you mean \"`+strings.Trim(c.field, `"`)+`\"?`)
		})
	}
}

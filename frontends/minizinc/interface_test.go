package minizinc

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseInterface(t *testing.T) {
	out := `{"type": "warning", "message": "w"}
{"type": "interface", "input": {"n": {"type": "int"}}, "output": {"grid": {"type" : "int", "dim" : 2}, "s": {"type": "int", "set": true}, "c": {"type": "int", "enum_type": "Colour", "optional": true}}, "method": "max", "has_output_item": true, "included_files": [], "globals": ["alldifferent"]}`
	in, err := parseInterface([]byte(out))
	require.NoError(t, err)
	assert.Equal(t, Maximize, in.Method)
	assert.Equal(t, VarType{Type: "int"}, in.Input["n"])
	assert.Equal(t, VarType{Type: "int", Dim: 2}, in.Output["grid"])
	assert.True(t, in.Output["s"].Set)
	assert.Equal(t, VarType{Type: "int", EnumType: "Colour", Optional: true}, in.Output["c"])
	assert.True(t, in.HasOutputItem)
	assert.Equal(t, []string{"alldifferent"}, in.Globals)

	_, err = parseInterface([]byte(`{"type": "interface", "method": "guess"}`))
	assert.ErrorContains(t, err, `unknown method "guess"`)
	_, err = parseInterface([]byte("{}\n"))
	assert.ErrorContains(t, err, "no interface")
}

// TestInterface asks minizinc about the test models: queens is a
// satisfaction problem with an array of output, pack a maximisation, and
// broken does not compile.
func TestInterface(t *testing.T) {
	p, std := needGecode(t)
	in, err := p.Interface(t.Context(), Instance{Model: testdata("queens.mzn"), Data: []string{testdata("queens8.dzn")}}, std)
	require.NoError(t, err)
	assert.Equal(t, Satisfy, in.Method)
	assert.Equal(t, VarType{Type: "int", Dim: 1}, in.Output["q"])
	assert.NotEmpty(t, in.Globals)
	in, err = p.Interface(t.Context(), Instance{Model: testdata("pack.mzn")}, std)
	require.NoError(t, err)
	assert.Equal(t, Maximize, in.Method)
	_, err = p.Interface(t.Context(), Instance{Model: testdata("broken.mzn")}, std)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "broken.mzn:2:16")
}

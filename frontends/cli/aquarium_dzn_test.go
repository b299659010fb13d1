package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAquariumConvertDZN checks convert --to dzn: the data aquariumfmt's
// golden test keeps for the file, picked by -o's extension too, with the
// rule --rule states, and a misspelt format.
func TestAquariumConvertDZN(t *testing.T) {
	file := filepath.Join(aquariumTestdata, "6x6-easy.txt")
	want, err := os.ReadFile(filepath.Join(aquariumTestdata, "dzn", "6x6-easy.dzn"))
	require.NoError(t, err)
	code, out, errOut := run(t, "", "aquarium", "convert", "--to", "dzn", file)
	require.Equal(t, ExitOK, code, errOut)
	assert.Equal(t, string(want), out)

	target := filepath.Join(t.TempDir(), "easy.dzn")
	code, out, errOut = run(t, "", "aquarium", "convert", "--rule", "pool", "-o", target, file)
	require.Equal(t, ExitOK, code, errOut)
	assert.Empty(t, out)
	got, err := os.ReadFile(target)
	require.NoError(t, err)
	assert.Equal(t, strings.Replace(string(want), "rule = region;", "rule = pool;", 1), string(got))

	code, _, errOut = run(t, "", "aquarium", "convert", "--to", "dnz", file)
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, `did you mean "dzn"?`)
}

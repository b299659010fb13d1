package textblock

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestIDsClaim(t *testing.T) {
	ids := make(IDs)
	assert.Equal(t, "", ids.Claim("a", 1))
	assert.Equal(t, "", ids.Claim("b", 2))
	assert.Equal(t, `duplicate id "a": line 1 has it too (ids are unique within a file)`, ids.Claim("a", 5))
	assert.NotEqual(t, "", ids.Claim("bad\x1b[31m", 6), "a name that does not print safely")
}

package tiles

import (
	"bytes"
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPatternDBFile(t *testing.T) {
	pats := [][]int{{1, 2, 3, 4}, {5, 6, 7, 8}}
	db, err := BuildPatternDB(context.Background(), 3, 3, pats, 2)
	require.NoError(t, err)
	var buf bytes.Buffer
	n, err := db.WriteTo(&buf)
	require.NoError(t, err)
	assert.Equal(t, int64(buf.Len()), n)
	back, err := ReadPatternDB(bytes.NewReader(buf.Bytes()))
	require.NoError(t, err)
	assert.Equal(t, db, back)
	assert.True(t, back.SamePatterns(3, 3, pats))
	assert.False(t, back.SamePatterns(3, 3, [][]int{{5, 6, 7, 8}, {1, 2, 3, 4}}))
	assert.False(t, back.SamePatterns(4, 4, pats))

	data := buf.Bytes()
	for name, bad := range map[string][]byte{
		"flipped":   flip(data, len(data)/2),
		"header":    flip(data, 3),
		"version":   flip(data, len(pdbMagic)),
		"truncated": data[:len(data)-1],
		"empty":     nil,
		"trailing":  append(bytes.Clone(data), 0),
	} {
		_, err := ReadPatternDB(bytes.NewReader(bad))
		assert.ErrorIs(t, err, ErrCorruptPatternDB, name)
	}
}

func flip(data []byte, i int) []byte {
	out := bytes.Clone(data)
	out[i] ^= 0x40
	return out
}

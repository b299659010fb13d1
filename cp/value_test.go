package cp

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestValuePanicsOnUnfixed reads the value of an open variable: a
// programming error that must name the variable and its domain, not
// answer with its minimum.
func TestValuePanicsOnUnfixed(t *testing.T) {
	s := New()
	x := s.NewVar(2, 7)
	s.SetName(x, "rows")
	assert.PanicsWithError(t, "cp: Value of rows ∈ 2..7, which is not fixed", func() { s.Value(x) })
	require.NoError(t, s.Remove(x, 4))
	assert.PanicsWithError(t, "cp: Value of rows ∈ 2..7 (5 values), which is not fixed", func() { s.Value(x) })
	require.NoError(t, s.Assign(x, 5))
	assert.Equal(t, 5, s.Value(x))
}

// TestLitOf: the literal a fixed 0..1 variable makes true is Pos for 1
// and Neg for 0; an open variable has none, and LitOf panics as Value
// does.
func TestLitOf(t *testing.T) {
	s := New()
	zero, one, open := s.NewBool(), s.NewBool(), s.NewBool()
	require.NoError(t, s.Assign(zero, 0))
	require.NoError(t, s.Assign(one, 1))
	require.Equal(t, Neg(zero), s.LitOf(zero))
	require.Equal(t, Pos(one), s.LitOf(one))
	require.True(t, s.IsTrue(s.LitOf(zero)) && s.IsTrue(s.LitOf(one)))
	require.Panics(t, func() { s.LitOf(open) })
}

// TestVarInfoFitsIn24Bytes guards the variable table's layout: every Min,
// Max and Fixed reads it, and a field added or reordered carelessly makes
// it 32 bytes a variable: 2 MB instead of 1.5 MB on a 250x250 grid.
func TestVarInfoFitsIn24Bytes(t *testing.T) {
	require.LessOrEqual(t, unsafe.Sizeof(varInfo{}), uintptr(24))
}

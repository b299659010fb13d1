package aquariumcli

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseSize(t *testing.T) {
	for _, tc := range []struct {
		in   string
		w, h int
		ok   bool
	}{
		{"10x10", 10, 10, true}, {"15X8", 15, 8, true}, {"6", 6, 6, true}, {"2x400", 2, 400, true},
		{"1x5", 0, 0, false}, {"401x2", 0, 0, false}, {"x5", 0, 0, false}, {"5x", 0, 0, false},
		{"+5x5", 0, 0, false}, {"5x5x5", 0, 0, false}, {"", 0, 0, false}, {"-3x4", 0, 0, false},
	} {
		w, h, err := parseSize(tc.in)
		if !tc.ok {
			assert.Error(t, err, tc.in)
			continue
		}
		require.NoError(t, err, tc.in)
		assert.Equal(t, [2]int{tc.w, tc.h}, [2]int{w, h}, tc.in)
	}
}

// FuzzParseSize checks that parseSize never panics and that a size it
// accepts prints back to itself.
func FuzzParseSize(f *testing.F) {
	for _, s := range []string{"10x10", "6", "15X8", "x", "+1x2", "99999999999999999999x2", "3x-3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		w, h, err := parseSize(s)
		if err != nil {
			return
		}
		require.True(t, w >= 2 && w <= 400 && h >= 2 && h <= 400, "%q", s)
		w2, h2, err := parseSize(strings.Join([]string{itoa(w), itoa(h)}, "x"))
		require.NoError(t, err)
		require.Equal(t, [2]int{w, h}, [2]int{w2, h2})
	})
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

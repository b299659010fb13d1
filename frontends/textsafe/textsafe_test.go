package textsafe

import (
	"bytes"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCheck(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		maxLine int
		want    string // the data Check returns, when it passes
		err     string // the error, when it fails
	}{
		{"plain", "a b\nc\n", 10, "a b\nc\n", ""},
		{"CRLF kept", "a\r\nb\r\n", 10, "a\r\nb\r\n", ""},
		{"lone CRs become LFs", "a\rb\r", 10, "a\nb\n", ""},
		{"lone CR among LFs kept for the reader", "a\rb\nc", 10, "a\rb\nc", ""},
		{"BOM blanked", "\xEF\xBB\xBFab", 10, "   ab", ""},
		{"BOM and CRs", "\xEF\xBB\xBFa\rb", 10, "   a\nb", ""},
		{"tab allowed", "a\tb", 10, "a\tb", ""},
		{"NUL", "ab\ncd\x00", 10, "", "f:2:3: not a text file: NUL byte"},
		{"escape", "\x1b[2J", 10, "", "f:1:1: not a text file: control character U+001B"},
		{"DEL", "a\x7f", 10, "", "f:1:2: not a text file: control character U+007F"},
		{"C1 CSI", "a\u009b2J", 10, "", "f:1:2: not a text file: control character U+009B"},
		{"invalid UTF-8", "ok\n\xff", 10, "", "f:2:1: not UTF-8 text: invalid byte 0xFF"},
		{"line at the limit", "abcd\nefgh", 4, "abcd\nefgh", ""},
		{"line over the limit", "abcd\nefghi", 4, "", "f:2:5: line is longer than 4 bytes (the limit for this format)"},
		{"CR-only line over the limit", "ab\rcdefg", 4, "", "f:2:5: line is longer than 4 bytes (the limit for this format)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Check("f", []byte(tt.in), tt.maxLine)
			if tt.err != "" {
				assert.EqualError(t, err, tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, string(got))
		})
	}
}

func TestCheckDoesNotChangeItsInput(t *testing.T) {
	in := []byte("\xEF\xBB\xBFa\rb")
	orig := bytes.Clone(in)
	_, err := Check("f", in, 10)
	require.NoError(t, err)
	assert.Equal(t, orig, in)
}

func TestCheckSize(t *testing.T) {
	_, err := Check("big", make([]byte, MaxInput+1), MaxJSONLine)
	assert.EqualError(t, err, "big:1:1: input is 33554433 bytes; at most 33554432 (32 MiB) are read")
}

func TestScanJSON(t *testing.T) {
	long := func(n int) string { return "[" + strings.Repeat("0,", n-1) + "0]" }
	tests := []struct {
		name string
		line string
		col  int
		msg  string
	}{
		{"ok", `{"a":[1,2],"b":"x"}`, 0, ""},
		{"array at the limit", `{"a":` + long(MaxJSONArray) + `}`, 0, ""},
		{"array over the limit", `{"regions":` + long(MaxJSONArray+1) + `}`, 13 + 2*MaxJSONArray, `field "regions" has an array of more than 1000 elements (the limit)`},
		{"nested array over the limit", `{"r":[` + long(MaxJSONArray+1) + `]}`, 8 + 2*MaxJSONArray, `field "r" has an array of more than 1000 elements (the limit)`},
		{"many short arrays are fine", `{"r":[` + strings.Repeat(long(10)+",", 999) + long(10) + `]}`, 0, ""},
		{"top-level array", long(MaxJSONArray + 1), 2 + 2*MaxJSONArray, "the line has an array of more than 1000 elements (the limit)"},
		{"commas in strings do not count", `{"a":["` + strings.Repeat(",", 2000) + `"]}`, 0, ""},
		{"commas in objects do not count", `{"a":{` + strings.Repeat(`"k":1,`, 1500) + `"z":1}}`, 0, ""},
		{"escaped NUL", `{"id":"a\u0000b"}`, 9, `field "id" holds a NUL character (\u0000)`},
		{"escaped backslash then u0000", `{"id":"a\\u0000b"}`, 0, ""},
		{"quote escaped", `{"id":"a\"\u0000"}`, 11, `field "id" holds a NUL character (\u0000)`},
		{"too deep", strings.Repeat("[", 65), 65, "the line nests arrays and objects deeper than 64 levels"},
		{"unterminated string", `{"a":"abc`, 0, ""},
		{"key after nested object", `{"a":{"b":[1]},"c":` + long(MaxJSONArray+1) + `}`, 21 + 2*MaxJSONArray, `field "c" has an array of more than 1000 elements (the limit)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			col, msg := ScanJSON([]byte(tt.line))
			assert.Equal(t, tt.msg, msg)
			assert.Equal(t, tt.col, col)
		})
	}
}

func TestName(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain", "plain"},
		{"with space", "with space"},
		{"grün", "grün"},
		{"", ""},
		{"\x1b[2J", `"\x1b[2J"`},
		{"a\nb", `"a\nb"`},
		{"a\x00b", `"a\x00b"`},
		{"\xff", `"\xff"`},
		{"rtl\u202eevil", `"rtl\u202eevil"`},
		{"csi\u009b", `"csi\u009b"`},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, Name(tt.in), "Name(%q)", tt.in)
	}
}

func TestCheckName(t *testing.T) {
	assert.Empty(t, CheckName("id", "ok-id"))
	assert.Empty(t, CheckName("id", "repl\uFFFDok"))
	assert.Equal(t, `id "a\x00b" holds a NUL character`, CheckName("id", "a\x00b"))
	assert.Equal(t, `colour name "\x1b[31mred" holds the control character U+001B`, CheckName("colour name", "\x1b[31mred"))
	assert.Equal(t, `id "\xff" is not valid UTF-8`, CheckName("id", "\xff"))
	assert.Equal(t, "id is 1001 bytes long; at most 1000 are allowed", CheckName("id", strings.Repeat("x", 1001)))
}

// FuzzCheck holds Check to its promises: what passes is UTF-8 text of the
// same length as the input, without NUL or control characters other than
// tab, line feed and carriage return, and with no line over the limit.
func FuzzCheck(f *testing.F) {
	for _, s := range []string{"a\nb", "a\rb\r", "\xEF\xBB\xBFx", "\x00", "\xff", "abcdefgh\nab"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		out, err := Check("f", data, 8)
		if err != nil {
			return
		}
		require.Len(t, out, len(data))
		require.True(t, utf8.Valid(out))
		for _, line := range bytes.Split(out, []byte("\n")) {
			require.LessOrEqual(t, len(line), 8)
			for _, r := range string(line) {
				require.True(t, r == '\t' || r == '\r' || !unicode.IsControl(r), "control %U passed", r)
			}
		}
	})
}

// FuzzName checks that Name's output is printable and reads back to its
// input.
func FuzzName(f *testing.F) {
	for _, s := range []string{"a", "\x1b[2J", "\xff", "grün", "a\u202eb"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := Name(s)
		for _, r := range got {
			require.True(t, strconv.IsPrint(r), "%q holds %U", got, r)
		}
		if got != s {
			back, err := strconv.Unquote(got)
			require.NoError(t, err)
			require.Equal(t, s, back)
		}
	})
}

// FuzzScanJSON checks that ScanJSON never panics and that a line it passes
// has no array over the limit by a count of its own.
func FuzzScanJSON(f *testing.F) {
	for _, s := range []string{`{"a":[1,2]}`, `{"id":"\u0000"}`, `[[[`, `"\`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		col, msg := ScanJSON(line)
		if msg != "" {
			require.Greater(t, col, 0)
			require.LessOrEqual(t, col, len(line)+1)
		}
	})
}

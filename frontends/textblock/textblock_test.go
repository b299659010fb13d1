package textblock

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSplit(t *testing.T) {
	blocks := Split([]byte("# head\n\nab # c\n# mid\ncd\r\n\n\n# alone\n\nef"))
	assert.Equal(t, [][]Line{
		{{Text: "ab ", No: 3}, {Text: "cd", No: 5}},
		{{Text: "ef", No: 10}},
	}, blocks)
	assert.Empty(t, Split([]byte("# nothing\n\n")))
}

func TestIsJSONLines(t *testing.T) {
	assert.True(t, IsJSONLines([]byte(" \n{\"id\": 1}")))
	assert.False(t, IsJSONLines([]byte("1 2 3")))
	assert.False(t, IsJSONLines(nil))
}

// nonBlank collects what NonBlank yields.
func nonBlank(data []byte) []Line {
	var lines []Line
	for no, line := range NonBlank(data) {
		lines = append(lines, Line{Text: string(line), No: no})
	}
	return lines
}

func TestNonBlankLines(t *testing.T) {
	assert.Equal(t, []Line{{Text: "{}", No: 2}, {Text: " {} ", No: 4}}, nonBlank([]byte("\n{}\n \n {} \n")))
}

func TestByteOrderMark(t *testing.T) {
	assert.Equal(t, [][]Line{{{Text: "ab", No: 1}}}, Split([]byte("\ufeffab")))
	assert.True(t, IsJSONLines([]byte("\ufeff{}")))
	assert.Equal(t, []Line{{Text: "{}", No: 1}}, nonBlank([]byte("\ufeff{}")))
}

func TestParseEither(t *testing.T) {
	jsonLines := func(name string, _ []byte) []string { return []string{name + ": json"} }
	text := func(name string, data []byte) []string {
		if len(data) == 0 {
			return nil
		}
		return []string{name + ": text"}
	}
	none := func() string { return "none" }
	for _, tc := range []struct{ in, want string }{
		{"\ufeff {\"id\": 1}\n", "in: json"},
		{"1 2\n3 0\n", "in: text"},
		{"", "none"},
	} {
		got := ParseEither("in", []byte(tc.in), jsonLines, text, none)
		if len(got) != 1 || got[0] != tc.want {
			t.Errorf("ParseEither(%q) = %v, want [%s]", tc.in, got, tc.want)
		}
	}
}

func TestFields(t *testing.T) {
	comma := func(c byte) bool { return c == ' ' || c == ',' }
	for _, tc := range []struct {
		line string
		want []Token
	}{
		{"", nil},
		{" ,, ", nil},
		{"1", []Token{{"1", 7, 1}}},
		{" 12,3  x", []Token{{"12", 7, 2}, {"3", 7, 5}, {"x", 7, 8}}},
		{"a,", []Token{{"a", 7, 1}}},
	} {
		got := Fields(tc.line, 7, comma)
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Fields(%q) = %v, want %v", tc.line, got, tc.want)
		}
	}
}

func TestPosition(t *testing.T) {
	data := []byte("ab\ncd\n\nef")
	for _, tc := range []struct{ off, line, col int }{
		{0, 1, 1}, {2, 1, 3}, {3, 2, 1}, {4, 2, 2}, {6, 3, 1}, {7, 4, 1}, {9, 4, 3}, {99, 4, 3}, {-1, 1, 1},
	} {
		line, col := Position(data, tc.off)
		if line != tc.line || col != tc.col {
			t.Errorf("Position(%d) = %d:%d, want %d:%d", tc.off, line, col, tc.line, tc.col)
		}
	}
}

func TestWords(t *testing.T) {
	got := Words("items farmer\twolf\r goat # and the cabbage", 7)
	want := []Token{{"items", 7, 1}, {"farmer", 7, 7}, {"wolf", 7, 14}, {"goat", 7, 20}}
	if len(got) != len(want) {
		t.Fatalf("Words = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("word %d = %v, want %v", i, got[i], want[i])
		}
	}
	if w := Words("# only a comment", 1); len(w) != 0 {
		t.Errorf("a comment has words: %v", w)
	}
}

func TestNonBlank(t *testing.T) {
	data := []byte("\ufeff{\"a\":1}\r\n\n  \t\r\n{\"b\":2}\n{\"c\":3}")
	var nos []int
	var lines []string
	for no, line := range NonBlank(data) {
		nos = append(nos, no)
		lines = append(lines, string(line))
	}
	wantNos, wantLines := []int{1, 4, 5}, []string{`{"a":1}`, `{"b":2}`, `{"c":3}`}
	if fmt.Sprint(nos) != fmt.Sprint(wantNos) || fmt.Sprint(lines) != fmt.Sprint(wantLines) {
		t.Errorf("NonBlank = %v %q, want %v %q", nos, lines, wantNos, wantLines)
	}
	for range NonBlank(data) {
		break // stopping early must not panic
	}
}

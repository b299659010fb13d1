package inputerr

import (
	"errors"
	"fmt"
	"testing"
)

func TestErrorFormat(t *testing.T) {
	for _, tc := range []struct {
		err  *Error
		want string
	}{
		{New("p.txt", 3, 7, "want a clue"), "p.txt:3:7: want a clue"},
		{New("p.txt", 3, 0, "line too long"), "p.txt:3: line too long"},
		{New("p.txt", 0, 5, "empty input"), "p.txt: empty input"},
		{New("", 1, 1, "x"), "-:1:1: x"},
		{New("a\x1b[2Jb", 1, 1, "x"), `"a\x1b[2Jb":1:1: x`},
	} {
		if got := tc.err.Error(); got != tc.want {
			t.Errorf("Error() = %q, want %q", got, tc.want)
		}
	}
}

func TestListError(t *testing.T) {
	var l List
	if l.Err() != nil {
		t.Fatalf("empty list: Err() = %v, want nil", l.Err())
	}
	l.Add("f", 2, 1, "second")
	l.Add("f", 1, 4, "first")
	l.Add("f", 1, 4, "first")
	l.Sort()
	for i, want := range []string{"f:1:4: first (and 1 more error)"} {
		if got := l.Error(); got != want {
			t.Errorf("%d: Error() = %q, want %q", i, got, want)
		}
	}
	l.Add("f", 9, 9, "third")
	if got, want := l.Error(), "f:1:4: first (and 2 more errors)"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	var target List
	if err := fmt.Errorf("reading: %w", l.Err()); !errors.As(err, &target) || len(target) != 3 {
		t.Errorf("errors.As through %%w: got %v", target)
	}
}

func TestLineOf(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want int
	}{
		{New("f", 7, 3, "bad"), 7},
		{fmt.Errorf("wrapped: %w", New("f", 7, 0, "bad")), 7},
		{errors.New("no place"), 0},
		{nil, 0},
	} {
		if got := LineOf(tc.err); got != tc.want {
			t.Errorf("LineOf(%v) = %d, want %d", tc.err, got, tc.want)
		}
	}
}

package puzzleerr_test

import (
	"errors"
	"testing"

	"github.com/waterworks-solver/waterworks/models/puzzleerr"
)

func TestWrongf(t *testing.T) {
	err := puzzleerr.Wrongf("move %d slides %c off the board", 3, 'B')
	if !errors.Is(err, puzzleerr.ErrWrongPlan) {
		t.Errorf("%v does not wrap ErrWrongPlan", err)
	}
	if got, want := err.Error(), "wrong plan: move 3 slides B off the board"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestInvalidf(t *testing.T) {
	err := puzzleerr.Invalidf("capacity %d is below 1", 0)
	if !errors.Is(err, puzzleerr.ErrInvalidPuzzle) || errors.Is(err, puzzleerr.ErrWrongPlan) {
		t.Errorf("%v wraps the wrong error", err)
	}
	if got, want := err.Error(), "invalid puzzle: capacity 0 is below 1"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

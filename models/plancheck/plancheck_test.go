package plancheck_test

import (
	"errors"
	"testing"

	"github.com/waterworks-solver/waterworks/models/plancheck"
)

func TestWrongf(t *testing.T) {
	err := plancheck.Wrongf("move %d slides %c off the board", 3, 'B')
	if !errors.Is(err, plancheck.ErrWrongPlan) {
		t.Errorf("%v does not wrap ErrWrongPlan", err)
	}
	if got, want := err.Error(), "wrong plan: move 3 slides B off the board"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

package clikit

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/waterworks-solver/waterworks/frontends/inputerr"
)

func TestErrorID(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want string
	}{
		{inputerr.New("a.txt", 3, 7, "bad cell"), "a.txt:3"},
		{fmt.Errorf("reading: %w", &ReadError{Name: "b.jsonl", Err: errors.New("no such file")}), "b.jsonl"},
		{errors.New("something else"), "something else"},
	} {
		assert.Equal(t, tc.want, ErrorID(tc.err), "%v", tc.err)
	}
}

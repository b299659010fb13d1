package clikit

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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

// TestParseInputs checks that read inputs are parsed, unreadable ones get
// an entry of their own, and interrupted ones none.
func TestParseInputs(t *testing.T) {
	inputs := []Input{
		{Name: "a", Data: []byte("x y")},
		{Name: "b", Err: &ReadError{Name: "b", Err: errors.New("no such file")}},
		{Name: "c", Err: &ReadError{Name: "c", Err: context.Canceled}},
		{Name: "d", Data: []byte("z")},
	}
	got := ParseInputs(inputs, func(name string, data []byte) []string {
		var out []string
		for _, w := range strings.Fields(string(data)) {
			out = append(out, name+":"+w)
		}
		return out
	}, func(name string, err error) string { return name + " failed" })
	assert.Equal(t, []string{"a:x", "a:y", "b failed", "d:z"}, got)
}

// TestKeepIDs checks that --id keeps the entries it names, in order, and
// that an id no entry has makes the exit code ExitUsage.
func TestKeepIDs(t *testing.T) {
	var errOut bytes.Buffer
	stdio := IO{Err: &errOut}
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	ids := RegisterIDs(fs)
	require.NoError(t, fs.Parse([]string{"--id", "c,a,z"}))
	kept, code := KeepIDs(stdio, ids, []string{"a", "b", "c"}, func(s string) string { return s })
	assert.Equal(t, []string{"a", "c"}, kept)
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut.String(), "--id z: no puzzle has this id")

	all, code := KeepIDs(stdio, RegisterIDs(flag.NewFlagSet("none", flag.ContinueOnError)), []string{"a", "b"}, func(s string) string { return s })
	assert.Equal(t, []string{"a", "b"}, all)
	assert.Equal(t, ExitOK, code)
}

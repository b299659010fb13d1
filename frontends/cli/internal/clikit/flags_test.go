package clikit

import (
	"bytes"
	"flag"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// testFlags is a flag set of every kind of value, with an old spelling.
func testFlags() (*flag.FlagSet, *bytes.Buffer, *bytes.Buffer, *struct {
	timeout time.Duration
	limit   int
	unique  bool
	backend string
}) {
	var out, errOut bytes.Buffer
	fs := NewFlagSet(IO{Out: &out, Err: &errOut}, "waterworks test", "[flags] FILE...", "A command for the tests.")
	v := &struct {
		timeout time.Duration
		limit   int
		unique  bool
		backend string
	}{}
	fs.DurationVar(&v.timeout, "timeout", 0, "give up after this `duration`")
	fs.IntVar(&v.limit, "max-states", 5, "stop after this many states")
	fs.BoolVar(&v.unique, "unique", false, "prove it unique")
	fs.StringVar(&v.backend, "backend", "cp", "solving `engine`")
	Alias(fs, "limit-states", "max-states")
	Describe(fs, `
	Examples:
	  waterworks test a.txt
	Exit codes:
	  0  done`)
	return fs, &out, &errOut, v
}

func TestParseArgs(t *testing.T) {
	fs, out, errOut, v := testFlags()
	files, err := ParseArgs(fs, []string{"a.txt", "--timeout", "2s", "-", "-unique", "--backend=gini", "--limit-states", "7", "--", "--not-a-flag"})
	require.NoError(t, err)
	assert.Equal(t, []string{"a.txt", "-", "--not-a-flag"}, files)
	assert.Equal(t, 2*time.Second, v.timeout)
	assert.True(t, v.unique)
	assert.Equal(t, "gini", v.backend)
	assert.Equal(t, 7, v.limit, "the old spelling sets the flag")
	var set []string
	fs.Visit(func(f *flag.Flag) { set = append(set, f.Name) })
	assert.Equal(t, []string{"backend", "max-states", "timeout", "unique"}, set, "Visit names flags by their canonical name")
	assert.Empty(t, out.String())
	assert.Empty(t, errOut.String())
}

// TestOldSpellings checks that every solving command's older spellings
// set the shared flags, stay out of help, and are registered only for the
// flags a command has.
func TestOldSpellings(t *testing.T) {
	var out bytes.Buffer
	fs := NewFlagSet(IO{Out: &out, Err: &out}, "waterworks test", "FILE", "A command for the tests.")
	states, steps := fs.Int("max-states", 1, "states"), fs.Int("max-steps", 1, "steps")
	OldSpellings(fs)
	_, err := ParseArgs(fs, []string{"--limit-states", "7", "--max-moves=9"})
	require.NoError(t, err)
	assert.Equal(t, 7, *states)
	assert.Equal(t, 9, *steps)
	WriteHelp(&out, fs)
	assert.Contains(t, out.String(), "--max-states")
	assert.NotContains(t, out.String(), "limit-states")
	assert.NotContains(t, out.String(), "max-moves")

	bfsOnly := NewFlagSet(IO{Out: &out, Err: &out}, "waterworks test", "FILE", "A command for the tests.")
	bfsOnly.Int("max-states", 1, "states")
	OldSpellings(bfsOnly)
	assert.NotNil(t, bfsOnly.Lookup("limit-states"))
	assert.Nil(t, bfsOnly.Lookup("max-moves"), "no alias of a flag the command lacks")
}

func TestParseArgsMistakes(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--bakend", "cp"}, "waterworks test: unknown flag --bakend; did you mean --backend?\nRun 'waterworks test -h' for help.\n"},
		{[]string{"-uniqe"}, "unknown flag --uniqe; did you mean --unique?"},
		{[]string{"--limit", "3"}, "unknown flag --limit; did you mean --limit-states?"},
		{[]string{"--zzz"}, "waterworks test: unknown flag --zzz\n"},
		{[]string{"--timeout", "5"}, "--timeout 5: a duration needs a unit, e.g. 5s (units: ms, s, m, h)"},
		{[]string{"--timeout=1.5"}, "--timeout 1.5: a duration needs a unit, e.g. 1.5s"},
		{[]string{"--timeout", "soon"}, `--timeout "soon": not a duration; write e.g. 500ms, 30s or 2m`},
		{[]string{"--timeout"}, "flag --timeout needs a value, e.g. --timeout 10s"},
		{[]string{"--max-states", "x"}, `--max-states "x": want a whole number`},
		{[]string{"--max-states", "99999999999999999999"}, "--max-states 99999999999999999999: out of range"},
		{[]string{"--unique=perhaps"}, "--unique=perhaps: want true or false"},
		{[]string{"---unique"}, "unknown flag ---unique"},
	} {
		fs, out, errOut, _ := testFlags()
		_, err := ParseArgs(fs, tc.args)
		require.Error(t, err, tc.args)
		assert.Equal(t, ExitUsage, ParseFailed(err))
		assert.Contains(t, errOut.String(), tc.want, tc.args)
		assert.NotContains(t, errOut.String(), "strconv", "no Go error strings")
		assert.NotContains(t, errOut.String(), "Flags:", "no usage dump on a mistake")
		assert.Empty(t, out.String())
	}
}

func TestHelpOnStdout(t *testing.T) {
	for _, h := range []string{"-h", "--help", "-help"} {
		fs, out, errOut, _ := testFlags()
		_, err := ParseArgs(fs, []string{"a.txt", h})
		assert.Equal(t, ExitOK, ParseFailed(err))
		assert.Empty(t, errOut.String())
		help := out.String()
		assert.True(t, strings.HasPrefix(help, "usage: waterworks test [flags] FILE...\n\nA command for the tests.\n\nFlags:\n"), help)
		assert.Contains(t, help, "  --backend engine\n      solving engine (default cp)\n")
		assert.Contains(t, help, "  --timeout duration\n")
		assert.Contains(t, help, "  --unique\n      prove it unique\n")
		assert.NotContains(t, help, "limit-states", "old spellings stay hidden")
		assert.NotRegexp(t, `\n  -[^-][^ \n]`, help, "every flag is shown as --name")
		assert.Contains(t, help, "\nExamples:\n  waterworks test a.txt\n")
		assert.Contains(t, help, "\nExit codes:\n    0  done\n    2  bad flags or bad input (the message names file:line:col)\n  130  interrupted (Ctrl-C or SIGTERM)\n")
	}
}

func TestUnknownChoice(t *testing.T) {
	err := UnknownChoice("method", "astr", []string{"bfs", "astar", "greedy", "sat"})
	assert.EqualError(t, err, `unknown --method "astr" (want bfs, astar, greedy or sat); did you mean "astar"?`)
	err = UnknownBackend("cadicl", []string{"cp", "gini", "gophersat", "dimacs:CMD"})
	assert.EqualError(t, err, `unknown --backend "cadicl" (want cp, gini, gophersat or dimacs:CMD); did you mean "dimacs:cadical"?`)
	err = UnknownBackend("gin", []string{"cp", "gini", "gophersat", "dimacs:CMD"})
	assert.Contains(t, err.Error(), `did you mean "gini"?`)
}

// TestParseDoc checks the reading of Describe's doc: free indentation and
// blank lines, and an error, not a silent loss, for a doc of another shape.
func TestParseDoc(t *testing.T) {
	examples, exits, err := parseDoc(`
		Examples:
		  waterworks test a.txt

		  waterworks test --unique b.txt
		Exit codes:
		    0  done
		  124  --timeout  expired`)
	require.NoError(t, err)
	assert.Equal(t, []string{"waterworks test a.txt", "waterworks test --unique b.txt"}, examples)
	assert.Equal(t, []Exit{{ExitOK, "done"}, {ExitTimeout, "--timeout  expired"}}, exits)

	for _, bad := range []string{
		"",
		"Examples:\n  waterworks test a.txt",
		"Exit codes:\n  0  done",
		"waterworks test a.txt\nExamples:\n  x\nExit codes:\n  0  done",
		"Examples:\n  x\nExit codes:\n  0 done",
		"Examples:\n  x\nExit codes:\n  zero  done",
	} {
		_, _, err := parseDoc(bad)
		assert.Error(t, err, "%q", bad)
	}
}

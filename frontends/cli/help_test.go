package cli

import (
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
)

// leafCommands lists every command that runs, as the words that name it
// ("aquarium", "solve").
func leafCommands() [][]string {
	var out [][]string
	var walk func(path []string, cmds []*clikit.Command)
	walk = func(path []string, cmds []*clikit.Command) {
		for _, c := range cmds {
			p := append(append([]string(nil), path...), c.Name)
			if c.Sub != nil {
				walk(p, c.Sub)
				continue
			}
			out = append(out, p)
		}
	}
	walk(nil, topCommands())
	return out
}

// TestHelpGolden keeps every command's help in a golden file
// (testdata/cli/help, rewritten by go test -update), so that a change of
// help shows in review, and checks what every help must hold: the flags
// as --name, examples, and the meaning of the exit codes. "waterworks help
// CMD SUB" prints the same as "CMD SUB -h".
func TestHelpGolden(t *testing.T) {
	shortFlag := regexp.MustCompile(`(?m)^  -[^-][^ \n]`)
	for _, words := range leafCommands() {
		name := strings.Join(words, " ")
		t.Run(name, func(t *testing.T) {
			code, help, errOut := run(t, "", append(words, "-h")...)
			require.Equal(t, ExitOK, code, errOut)
			assert.Empty(t, errOut, "help goes to standard output")
			assert.True(t, strings.HasPrefix(help, "usage: waterworks "+name+" "), help)
			assert.NotRegexp(t, shortFlag, help, "flags are shown as --name")
			assert.Regexp(t, `\nExamples:\n  waterworks `+regexp.QuoteMeta(name)+`[ \n]`, help, "one or two examples")
			codes := []string{"0", "2", "130"}
			if name == "serve" {
				codes = codes[1:] // it runs until interrupted
			}
			for _, c := range codes {
				assert.Regexp(t, `\nExit codes:\n(.*\n)*\s+`+c+`  \S`, help, "what exit %s means", c)
			}
			code, viaHelp, _ := run(t, "", append([]string{"help"}, words...)...)
			assert.Equal(t, ExitOK, code)
			assert.Equal(t, help, viaHelp, "waterworks help %s", name)
			golden(t, filepath.Join("..", "..", "testdata", "cli", "help", strings.Join(words, "-")+".golden"), help)
		})
	}
}

// TestExitCodesSaidOnce: a command's summary no longer words its exit
// codes; its help's "Exit codes" section is the one place.
func TestExitCodesSaidOnce(t *testing.T) {
	for _, words := range leafCommands() {
		_, help, _ := run(t, "", append(words, "-h")...)
		before, _, _ := strings.Cut(help, "\nExit codes:\n")
		assert.NotRegexp(t, `(?i)\bexit (0|1|2|124|130)\b`, before, strings.Join(words, " "))
	}
}

func TestDispatchMistakes(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"aquarium", "sovle"}, "waterworks aquarium: unknown command \"sovle\"; did you mean \"solve\"?\nRun 'waterworks aquarium -h' for the list of commands.\n"},
		{[]string{"aquarim", "solve"}, `waterworks: unknown command "aquarim"; did you mean "aquarium"?`},
		{[]string{"comapre"}, `did you mean "compare"?`},
		{[]string{"--bakend"}, `waterworks: unknown flag "--bakend"`},
		{[]string{"help", "aquarium", "sovle"}, `did you mean "solve"?`},
		{[]string{"help", "jugs", "solve", "more"}, `waterworks jugs solve: has no subcommand "more"`},
		{[]string{"aquarium", "solve", "-bakend", "cp"}, "waterworks aquarium solve: unknown flag --bakend; did you mean --backend?\nRun 'waterworks aquarium solve -h' for help.\n"},
		{[]string{"aquarium", "solve", "--timeout", "5"}, "--timeout 5: a duration needs a unit, e.g. 5s"},
	} {
		code, out, errOut := run(t, "", tc.args...)
		assert.Equal(t, ExitUsage, code, tc.args)
		assert.Empty(t, out, tc.args)
		assert.Contains(t, errOut, tc.want, tc.args)
		assert.LessOrEqual(t, strings.Count(errOut, "\n"), 2, "a short error, not the usage: %s", errOut)
	}
	code, _, errOut := run(t, "")
	assert.Equal(t, ExitUsage, code)
	assert.Contains(t, errOut, "usage:")
}

func TestHelpLists(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"-h"}, {"--help"}} {
		code, out, errOut := run(t, "", args...)
		assert.Equal(t, ExitOK, code)
		assert.Empty(t, errOut)
		for _, words := range leafCommands() {
			assert.Contains(t, out, "waterworks "+strings.Join(words, " ")+" ", args)
		}
	}
	code, out, _ := run(t, "", "help", "aquarium")
	assert.Equal(t, ExitOK, code)
	assert.Contains(t, out, "waterworks aquarium solve ")
	assert.NotContains(t, out, "waterworks jugs")
}

func TestVersion(t *testing.T) {
	want := "(devel)"
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" {
		want = info.Main.Version
	}
	for _, args := range [][]string{{"--version"}, {"version"}, {"-version"}} {
		code, out, errOut := run(t, "", args...)
		assert.Equal(t, ExitOK, code)
		assert.Empty(t, errOut)
		assert.Regexp(t, `^waterworks `+regexp.QuoteMeta(want)+`(, commit [0-9a-f]+( with local changes)?)?, go\d`, out)
	}
}

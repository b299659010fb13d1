package cli

import (
	"bufio"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
)

// helpFlag matches a flag at the head of its entry in a help text's
// "Flags:" section ("  --timeout duration", "  -o FILE").
var helpFlag = regexp.MustCompile(`(?m)^  (--?[a-z][a-z0-9-]*)`)

// docFlag matches a flag named in prose: --name, or -o alone (other
// single-dash words, such as go test's -run, are not ours).
var docFlag = regexp.MustCompile("(?:^|[\\s`(\\[|,])(--[a-z][a-z0-9-]*|-o)(?:$|[\\s`)\\]|,.:;=])")

// helpFlags returns the flags a command's help lists.
func helpFlags(help string) []string {
	var out []string
	for _, m := range helpFlag.FindAllStringSubmatch(help, -1) {
		out = append(out, m[1])
	}
	return out
}

// docFlags returns the flags named in text, each once.
func docFlags(text string) []string {
	var out []string
	// Matches may share a delimiter ("--a, --b"), so look again from
	// just after each flag.
	for rest := text; ; {
		loc := docFlag.FindStringSubmatchIndex(rest)
		if loc == nil {
			break
		}
		if f := rest[loc[2]:loc[3]]; !slices.Contains(out, f) {
			out = append(out, f)
		}
		rest = rest[loc[3]:]
	}
	return out
}

// commandsDoc splits COMMANDS.md into the sections of commands, keyed by
// the command's words after "waterworks" ("aquarium solve"), and the rest.
// A command's section runs from a heading "waterworks WORDS" to the next
// heading; headings inside fenced code do not count.
func commandsDoc(t *testing.T, path string) (sections map[string]string, rest string) {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	sections = map[string]string{}
	var other strings.Builder
	current, fenced := "", false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
		}
		if !fenced && strings.HasPrefix(line, "#") {
			title := strings.TrimSpace(strings.TrimLeft(line, "#"))
			current = ""
			if words, ok := strings.CutPrefix(title, "waterworks "); ok {
				current = words
				_, dup := sections[current]
				assert.False(t, dup, "COMMANDS.md has two sections for %q", title)
				sections[current] = ""
				continue
			}
		}
		if current != "" {
			sections[current] += line + "\n"
		} else {
			other.WriteString(line + "\n")
		}
	}
	require.NoError(t, sc.Err())
	return sections, other.String()
}

// TestCommandsDoc checks COMMANDS.md against the help every command prints
// (the text TestHelpGolden keeps in testdata/cli/help): each command has a
// section that names every flag its help lists and no flag it lacks, no
// section names a command that does not exist, and a flag named outside
// the sections belongs to some command (or is an older spelling of one).
func TestCommandsDoc(t *testing.T) {
	sections, rest := commandsDoc(t, "COMMANDS.md")
	known := map[string]bool{}
	commands := map[string]bool{}
	for _, words := range leafCommands() {
		name := strings.Join(words, " ")
		commands[name] = true
		code, help, errOut := run(t, "", append(words, "-h")...)
		require.Equal(t, ExitOK, code, errOut)
		flags := helpFlags(help)
		require.NotEmpty(t, flags, "no flags found in the help of %s", name)
		for _, f := range flags {
			known[f] = true
		}
		text, ok := sections[name]
		if !assert.True(t, ok, "COMMANDS.md has no section headed \"waterworks %s\"", name) {
			continue
		}
		named := docFlags(text)
		for _, f := range flags {
			if len(f) == 2 && f != "-o" {
				// A one-letter flag (FlatZinc's -a, -n, ...) is named in
				// code quotes, since "clingo -n 2" names another program's.
				assert.Contains(t, text, "`"+f, "COMMANDS.md, waterworks %s: the help lists %s", name, f)
				continue
			}
			assert.Contains(t, named, f, "COMMANDS.md, waterworks %s: the help lists %s", name, f)
		}
		for _, f := range named {
			assert.Contains(t, flags, f, "COMMANDS.md, waterworks %s: names %s, which its help does not list", name, f)
		}
	}
	for name := range sections {
		assert.True(t, commands[name], "COMMANDS.md has a section for \"waterworks %s\", which is no command", name)
	}
	for _, f := range docFlags(rest) {
		canonical, old := clikit.OldSpelling(strings.TrimPrefix(f, "--"))
		assert.True(t, known[f] || old && known["--"+canonical],
			"COMMANDS.md names %s, which no command's help lists", f)
	}
}

// TestDocFlags pins what counts as naming a flag in the documents.
func TestDocFlags(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"`--backend B` and `--encoding E`", []string{"--backend", "--encoding"}},
		{"--unique, --rule region|pool; -o FILE", []string{"--unique", "--rule", "-o"}},
		{"(`--limit 2`) --a,--b", []string{"--limit", "--a", "--b"}},
		{"go test -run X -update, clingo -n 2, re-ordered, e-o", nil},
		{"`--max-states N`: --max-states again", []string{"--max-states"}},
	} {
		assert.Equal(t, tc.want, docFlags(tc.text), tc.text)
	}
}

package main

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// readmeCommand is one command line of the code blocks of README.md or
// frontends/cli/COMMANDS.md, with the output the document shows for it (up
// to a line "...", which stands for the rest) and the files a "$ cat FILE"
// before it shows.
type readmeCommand struct {
	doc    string // the document, from the repository's root
	line   int    // in doc
	cmd    string
	output []string
}

// readmeDocs are the documents whose commands TestReadmeCommands runs.
var readmeDocs = []string{"README.md", "frontends/cli/COMMANDS.md"}

// readmeCommands reads the commands of the fenced code blocks of the
// readmeDocs: in a block with "$ " prompts, the prompted lines (and what
// "$ cat FILE" shows goes to files); in a block without, every line that
// starts with "waterworks", "go " or "make ". It returns the commands and
// the files.
func readmeCommands(t *testing.T) ([]readmeCommand, map[string]string) {
	t.Helper()
	var cmds []readmeCommand
	files := map[string]string{}
	for _, doc := range readmeDocs {
		data, err := os.ReadFile(filepath.Join("..", "..", doc))
		require.NoError(t, err)
		cmds = append(cmds, docCommands(doc, string(data), files)...)
	}
	return cmds, files
}

// docCommands returns the commands of one document's code blocks and adds
// the files it shows to files.
func docCommands(doc, data string, files map[string]string) []readmeCommand {
	var cmds []readmeCommand
	lines := strings.Split(data, "\n")
	for i := 0; i < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "```") {
			continue
		}
		var block []string
		start := i + 1
		for i++; i < len(lines) && !strings.HasPrefix(lines[i], "```"); i++ {
			block = append(block, lines[i])
		}
		prompted := false
		for _, l := range block {
			prompted = prompted || strings.HasPrefix(l, "$ ")
		}
		for j := 0; j < len(block); j++ {
			l := block[j]
			switch {
			case prompted && strings.HasPrefix(l, "$ cat "):
				var shown []string
				for j+1 < len(block) && !strings.HasPrefix(block[j+1], "$ ") {
					j++
					shown = append(shown, block[j])
				}
				files[strings.TrimPrefix(l, "$ cat ")] = strings.Join(shown, "\n") + "\n"
			case prompted && strings.HasPrefix(l, "$ "):
				c := readmeCommand{doc: doc, line: start + j, cmd: strings.TrimPrefix(l, "$ ")}
				for j+1 < len(block) && !strings.HasPrefix(block[j+1], "$ ") {
					j++
					c.output = append(c.output, block[j])
				}
				cmds = append(cmds, c)
			case !prompted && (strings.HasPrefix(l, "waterworks ") || strings.HasPrefix(l, "go ") || strings.HasPrefix(l, "make ")):
				cmds = append(cmds, readmeCommand{doc: doc, line: start + j, cmd: l})
			}
		}
	}
	return cmds
}

// readmeSkip says why a README command is not run here, or "".
func readmeSkip(c string) string {
	switch {
	case strings.HasPrefix(c, "go install"):
		return "installs from the network"
	case strings.HasPrefix(c, "go test"):
		return "the test suite, which runs this test"
	case strings.HasPrefix(c, "make "):
		return "writes into testdata/examples/out; the example Makefile has its own test"
	case strings.HasPrefix(c, "waterworks minizinc install"):
		return "writes into the user's MiniZinc folder; TestMiniZincConformance installs into a temporary one"
	case strings.HasPrefix(c, "waterworks serve"):
		return "a server that runs until stopped; servecli's tests start it"
	case strings.ContainsAny(c, "[|") || strings.Contains(c, "FILE") || strings.Contains(c, " CMD"):
		return "a synopsis with placeholders"
	case strings.Contains(c, "puzzles/*.txt") || strings.Contains(c, "corpus.jsonl") || strings.Contains(c, "new.txt"):
		return "names the reader's own files (checked below on a file of ours)"
	case strings.Contains(c, "korf100"):
		return "Korf's 100 take minutes; tilescli's long tests run them"
	}
	return ""
}

// TestReadmeCommands runs every command shown in the code blocks of
// README.md and frontends/cli/COMMANDS.md as a fresh clone would, from the
// repository's root with waterworks on the PATH, and checks that it
// succeeds and prints what the document shows; the ones that cannot run
// here say why. Then COMMANDS.md's benchstat line runs on a bench file
// that compare writes.
func TestReadmeCommands(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("needs a POSIX shell")
	}
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("needs sh")
	}
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	bin := t.TempDir()
	wrapper := "#!/bin/sh\nWATERWORKS_TEST_MAIN=1 exec '" + os.Args[0] + "' \"$@\"\n"
	require.NoError(t, os.WriteFile(filepath.Join(bin, "waterworks"), []byte(wrapper), 0o755))
	cmds, files := readmeCommands(t)
	require.NotEmpty(t, cmds)
	work := t.TempDir() // the README's own files, such as level.txt
	for name, content := range files {
		if have, err := os.ReadFile(filepath.Join(root, name)); err == nil {
			// A file of the repository: the README shows it as it is,
			// perhaps without its comment lines.
			var got []string
			for _, l := range strings.Split(string(have), "\n") {
				if !strings.HasPrefix(l, "#") {
					got = append(got, l)
				}
			}
			for i, l := range strings.Split(strings.TrimSuffix(content, "\n"), "\n") {
				if strings.TrimSpace(l) == "..." {
					break
				}
				if assert.Greater(t, len(got), i, name) {
					assert.Equal(t, l, got[i], "README shows %s line %d", name, i+1)
				}
			}
			delete(files, name)
			continue
		}
		require.NoError(t, os.WriteFile(filepath.Join(work, name), []byte(content), 0o644))
	}
	ran := 0
	for _, c := range cmds {
		cmd := strings.Replace(c.cmd, "go run ./cmd/waterworks", "waterworks", 1)
		if why := readmeSkip(cmd); why != "" {
			t.Logf("%s:%d: %s: not run: %s", c.doc, c.line, c.cmd, why)
			continue
		}
		// A file the README showed with cat is read from where it was written.
		for name := range files {
			cmd = strings.ReplaceAll(cmd, " "+name, " "+filepath.Join(work, name))
		}
		ran++
		t.Run(strings.TrimPrefix(c.cmd, "waterworks "), func(t *testing.T) {
			out, code := runShell(t, root, bin, cmd)
			require.Equal(t, 0, code, "%s:%d: %s\n%s", c.doc, c.line, c.cmd, out)
			for i, want := range c.output {
				if strings.TrimSpace(want) == "..." {
					break
				}
				got := strings.Split(out, "\n")
				require.Greater(t, len(got), i, "%s:%d: output", c.doc, c.line)
				want = strings.ReplaceAll(want, "level.txt", filepath.Join(work, "level.txt"))
				if cut, ok := strings.CutSuffix(want, "..."); ok { // the rest of the line left out
					assert.True(t, strings.HasPrefix(got[i], cut), "%s:%d: line %d of the output: %q, shown as %q", c.doc, c.line, i+1, got[i], want)
					continue
				}
				assert.Equal(t, strings.TrimRight(want, " "), strings.TrimRight(got[i], " "), "%s:%d: line %d of the output", c.doc, c.line, i+1)
			}
		})
	}
	assert.GreaterOrEqual(t, ran, 5, "the README's runnable commands were found")

	// "go tool benchstat -col /engine new.txt" on what compare --format
	// bench writes: the tool is in go.mod, so it runs from a clone.
	t.Run("benchstat", func(t *testing.T) {
		if _, err := exec.LookPath("go"); err != nil {
			t.Skip("no go command")
		}
		newTxt := filepath.Join(work, "new.txt")
		out, code := runShell(t, root, bin, "waterworks compare --format bench --count 2 --engines cp,gini testdata/aquarium/6x6-easy.txt > "+newTxt)
		require.Equal(t, 0, code, out)
		out, code = runShell(t, root, bin, "go tool benchstat -col /engine "+newTxt)
		if code != 0 && (strings.Contains(out, "dial tcp") || strings.Contains(out, "proxy.golang.org")) {
			t.Skipf("benchstat is not in the module cache and the network is out of reach: %s", out)
		}
		require.Equal(t, 0, code, out)
		assert.Contains(t, out, "cp")
		assert.Contains(t, out, "gini")
		out, code = runShell(t, root, bin, "go tool benchstat -h")
		assert.NotContains(t, out, "no such tool")
		assert.Contains(t, out, "Usage: benchstat")
		assert.Contains(t, []int{0, 2}, code, "help is asked for, not a failure of the tool")
	})
}

// runShell runs line with sh in dir, with bin first on the PATH, and
// returns its output (stdout and stderr) and exit code.
func runShell(t *testing.T, dir, bin, line string) (string, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "sh", "-c", line)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("%s: still running after 3 minutes", line)
	}
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatalf("%s: %v", line, err)
	}
	return string(out), cmd.ProcessState.ExitCode()
}

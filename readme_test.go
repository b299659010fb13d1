package waterworks_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// readmeGoBlock returns the one Go block of README.md.
func readmeGoBlock(t *testing.T) string {
	t.Helper()
	readme, err := os.ReadFile("README.md")
	require.NoError(t, err)
	blocks := regexp.MustCompile("(?s)\n```go\n(.*?)\n```\n").FindAllStringSubmatch(string(readme), -1)
	require.Len(t, blocks, 1, "README.md should hold one Go block")
	return blocks[0][1]
}

// exampleAsMain returns the source of Example_readme as the program the
// README shows: package main, the example's body as main's, without the
// Output comment.
func exampleAsMain(t *testing.T) string {
	t.Helper()
	src, err := os.ReadFile("readme_example_test.go")
	require.NoError(t, err)
	s := strings.Replace(string(src), "package waterworks_test\n", "package main\n", 1)
	s = strings.Replace(s, "\nfunc Example_readme() {\n", "\nfunc main() {\n", 1)
	before, output, found := strings.Cut(s, "\t// Output:\n")
	require.True(t, found, "Example_readme has no Output comment")
	_, after, found := strings.Cut(output, "\n}\n")
	require.True(t, found)
	return strings.TrimSpace(before + "}\n" + after)
}

// TestReadmeGoExample keeps README's Go program the same as
// Example_readme, which go test compiles and runs against its Output.
func TestReadmeGoExample(t *testing.T) {
	assert.Equal(t, exampleAsMain(t), strings.TrimSpace(readmeGoBlock(t)),
		"README.md's Go block and Example_readme (readme_example_test.go) differ: change both")
}

// docLink matches a Markdown link's target, and docPath a repository path
// in a code span: a file with an extension, or a directory ending in /
// (engine names such as sat/gini/moves look like paths too).
var (
	docLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	docPath = regexp.MustCompile("`((?:testdata|cmd|cp|sat|models|frontends|\\.ci)/(?:[^`\\s*?]*/)?(?:[^`\\s*?/]+\\.[a-z]+)?)`")
)

// TestDocLinks checks that the documents point at files that exist: every
// relative link, and every path of the repository named in a code span.
func TestDocLinks(t *testing.T) {
	for _, doc := range []string{"README.md", "BENCHMARKS.md", "frontends/cli/COMMANDS.md"} {
		text, err := os.ReadFile(doc)
		require.NoError(t, err)
		var targets []string
		for _, m := range docLink.FindAllStringSubmatch(string(text), -1) {
			target, _, _ := strings.Cut(m[1], "#")
			if target == "" || strings.Contains(target, "://") {
				continue
			}
			targets = append(targets, filepath.Join(filepath.Dir(doc), target))
		}
		for _, m := range docPath.FindAllStringSubmatch(string(text), -1) {
			targets = append(targets, strings.TrimRight(m[1], ".,:;"))
		}
		for _, target := range targets {
			_, err := os.Stat(target)
			assert.NoError(t, err, "%s points at %s", doc, target)
		}
	}
}

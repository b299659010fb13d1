package mznlib_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/waterworks-solver/waterworks/models/fzn/mznlib"
)

var declRE = regexp.MustCompile(`(?s)predicate\s+(\w+)\s*\((.*?)\)\s*;`)

// TestDeclarations checks that each fzn_*.mzn file declares, without a
// body, the predicate it is named after, with the parameters of MiniZinc's
// standard library (when it is installed).
func TestDeclarations(t *testing.T) {
	names, err := fs.Glob(mznlib.FS, "*.mzn")
	if err != nil || len(names) == 0 {
		t.Fatalf("no files: %v", err)
	}
	std := "/usr/share/minizinc/std"
	for _, name := range names {
		data, err := fs.ReadFile(mznlib.FS, name)
		if err != nil {
			t.Fatal(err)
		}
		text := stripComments(string(data))
		if strings.Contains(text, "=") {
			t.Errorf("%s: has a body; the library only declares", name)
		}
		decls := declRE.FindAllStringSubmatch(text, -1)
		if len(decls) == 0 {
			t.Errorf("%s: declares nothing", name)
		}
		if !strings.HasPrefix(name, "fzn_") {
			continue
		}
		pred := strings.TrimSuffix(name, ".mzn")
		if len(decls) != 1 || decls[0][1] != pred {
			t.Errorf("%s: want one declaration of %s", name, pred)
			continue
		}
		stdText, err := os.ReadFile(filepath.Join(std, name))
		if err != nil {
			t.Logf("%s: no standard library to compare with: %v", name, err)
			continue
		}
		want := regexp.MustCompile(`(?s)predicate\s+` + pred + `\s*\((.*?)\)\s*=`).FindStringSubmatch(stripComments(string(stdText)))
		if want == nil {
			t.Errorf("%s: not found in %s", pred, std)
			continue
		}
		if got, w := squeeze(decls[0][2]), squeeze(want[1]); got != w {
			t.Errorf("%s: parameters\n%s\nwant (std)\n%s", name, got, w)
		}
	}
}

func stripComments(s string) string {
	var b strings.Builder
	for line := range strings.Lines(s) {
		if i := strings.IndexByte(line, '%'); i >= 0 {
			line = line[:i] + "\n"
		}
		b.WriteString(line)
	}
	return b.String()
}

func squeeze(s string) string { return strings.Join(strings.Fields(s), " ") }

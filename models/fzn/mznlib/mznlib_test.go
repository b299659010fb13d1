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

var declRE = regexp.MustCompile(`(?s)predicate\s+(\w+)\s*\(([^=;]*?)\)\s*;`)

// TestDeclarations checks that each fzn_*.mzn file declares, without a
// body, the predicate it is named after, or defines it by a call of the
// native waterworks_ predicate it declares, with the parameters of
// MiniZinc's standard library (when it is installed); and that the
// redefinitions only declare.
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
		decls := declRE.FindAllStringSubmatch(text, -1)
		if len(decls) == 0 {
			t.Errorf("%s: declares nothing", name)
		}
		if !strings.HasPrefix(name, "fzn_") {
			if strings.Contains(text, "=") {
				t.Errorf("%s: has a body; the redefinitions only declare", name)
			}
			continue
		}
		pred := strings.TrimSuffix(name, ".mzn")
		params := ""
		if def := regexp.MustCompile(`(?s)predicate\s+` + pred + `\s*\((.*?)\)\s*=`).FindStringSubmatch(text); def != nil {
			// fzn_X defined by a native waterworks_X, declared here.
			native := "waterworks_" + strings.TrimPrefix(pred, "fzn_")
			calls := regexp.MustCompile(`=\s*` + native + `\(`).MatchString(text)
			if len(decls) != 1 || decls[0][1] != native || !calls {
				t.Errorf("%s: defines %s other than by a call of %s, declared alone", name, pred, native)
			}
			params = def[1]
		} else {
			if len(decls) != 1 || decls[0][1] != pred || strings.Contains(text, "=") {
				t.Errorf("%s: want one declaration of %s, without a body", name, pred)
				continue
			}
			params = decls[0][2]
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
		if got, w := squeeze(params), squeeze(want[1]); got != w {
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

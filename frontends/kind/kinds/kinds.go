// Package kinds lists every kind of input of waterworks (see package
// kind), in the order detection tries them, so that the command line's
// compare and the web page tell inputs apart by the same rules.
package kinds

import (
	"slices"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/kind/aquariumkind"
	"github.com/waterworks-solver/waterworks/frontends/kind/fznkind"
	"github.com/waterworks-solver/waterworks/frontends/kind/jugskind"
	"github.com/waterworks-solver/waterworks/frontends/kind/mznkind"
	"github.com/waterworks-solver/waterworks/frontends/kind/riverkind"
	"github.com/waterworks-solver/waterworks/frontends/kind/rushkind"
	"github.com/waterworks-solver/waterworks/frontends/kind/sortkind"
	"github.com/waterworks-solver/waterworks/frontends/kind/tileskind"
	"github.com/waterworks-solver/waterworks/frontends/kind/torchkind"
)

// All lists the kinds in the order Detect tries them, which settles an
// input that two kinds' rules accept: FlatZinc comes first, its rule (a
// solve item) being the strictest, then MiniZinc (a solve or include
// item in what is not FlatZinc); Aquarium comes before Water Sort,
// which leaves Aquarium the text both readers accept; Rush Hour and the
// river crossings come before Water Sort too, whose reader takes rows
// without spaces for bottles of one unit and a line of words for a
// bottle; sliding tiles come after Water Sort, so that a level with
// numbers for colours stays Water Sort's.
func All() []kind.Kind {
	return []kind.Kind{fznkind.Kind(), mznkind.Kind(), aquariumkind.Kind(), jugskind.Kind(), rushkind.Kind(), torchkind.Kind(),
		riverkind.Kind(), sortkind.Kind(), tileskind.Kind()}
}

// Detect returns the first of among (in their order) whose rule accepts
// data, and false when none does.
func Detect(among []kind.Kind, data []byte) (kind.Kind, bool) {
	i := slices.IndexFunc(among, func(k kind.Kind) bool { return k.Detect(data) })
	if i < 0 {
		return kind.Kind{}, false
	}
	return among[i], true
}

// DetectFile returns the first of among whose Extensions end the file
// name name, or else Detect's kind for data: the file name settles what
// the content leaves open (a MiniZinc model that reads like FlatZinc).
func DetectFile(among []kind.Kind, name string, data []byte) (kind.Kind, bool) {
	for _, k := range among {
		if slices.ContainsFunc(k.Extensions, func(ext string) bool { return strings.HasSuffix(name, ext) }) {
			return k, true
		}
	}
	return Detect(among, data)
}

func kindName(k kind.Kind) string { return k.Name }

// Named returns the kind called name among kinds, and false when there is
// none.
func Named(among []kind.Kind, name string) (kind.Kind, bool) {
	return kind.Named(among, kindName, name)
}

// Names lists the names of kinds, in order.
func Names(among []kind.Kind) []string { return kind.Names(among, kindName) }

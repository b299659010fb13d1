package aquariumcli

import (
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/aquariumfmt"
	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/kind/aquariumkind"
	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqcp"
	"github.com/waterworks-solver/waterworks/sat"
	"github.com/waterworks-solver/waterworks/sat/backends"
)

// aquariumFlags are the flags shared by solve and count.
type aquariumFlags struct {
	clikit.CommonFlags
	backend  string
	encoding string
	rule     string
}

func (f *aquariumFlags) register(fs *flag.FlagSet) {
	f.CommonFlags.Register(fs)
	fs.StringVar(&f.backend, "backend", "cp", "solving `engine`: "+strings.Join(aquariumkind.BackendNames(), ", "))
	fs.StringVar(&f.encoding, "encoding", "", "how SAT backends get row and column counts: "+encodingNames()+"\n(default native for gophersat, auto for the others)")
	fs.StringVar(&f.rule, "rule", "", "water `rule`: region or pool (default: the rule the file states, else region)")
}

func encodingNames() string {
	var names []string
	for _, e := range sat.Encodings() {
		names = append(names, e.String())
	}
	return strings.Join(names, ", ")
}

// resolve checks the flags and returns the engine they name.
func (f *aquariumFlags) resolve() (aquariumkind.Engine, error) {
	if err := f.Check(); err != nil {
		return aquariumkind.Engine{}, err
	}
	if f.rule != "" {
		if _, err := aquarium.ParseRule(f.rule); err != nil {
			return aquariumkind.Engine{}, err
		}
	}
	e, err := aquariumkind.Open(aquariumkind.Options{Backend: f.backend, Encoding: f.encoding, Timeouts: f.Timeout > 0})
	if errors.Is(err, backends.ErrUnknown) {
		return e, clikit.UnknownBackend(f.backend, aquariumkind.BackendNames())
	}
	return e, err
}

// ruleFor returns the rule to apply to a document: the flag's, else the
// document's own, else the region rule.
func (f *aquariumFlags) ruleFor(d aquariumfmt.Document) aquarium.Rule {
	if f.rule != "" {
		r, _ := aquarium.ParseRule(f.rule)
		return r
	}
	if d.HasRule {
		return d.Rule
	}
	return aquarium.RegionRule
}

// logicFlags are solve's flags for reasoning without guessing.
type logicFlags struct {
	logicOnly bool
	explain   bool
	depth     int
	depthSet  bool // --depth was given
}

// logicDepthBudget is how deep --logic-only and --explain reason when
// --depth is not given: nested probing of depth 3 takes minutes on a 30×30
// grid that depth 2 leaves in seconds, so they stop there and say how to
// go deeper.
const logicDepthBudget = 2

// reasoning returns the depth to reason to, and whether it is the default
// budget rather than the --depth asked for.
func (lf *logicFlags) reasoning() (depth int, budgeted bool) {
	if lf.depthSet {
		return lf.depth, false
	}
	return min(lf.depth, logicDepthBudget), true
}

func (lf *logicFlags) register(fs *flag.FlagSet) {
	fs.BoolVar(&lf.logicOnly, "logic-only", false, "reason without guessing (propagation, then probing), from the cells of a partial solution block if any; where reasoning stops short, print the partial grid (status unknown)")
	fs.BoolVar(&lf.explain, "explain", false, "print the chain of deductions in words (as comments above the grid), to the solution or as far as reasoning goes; JSON: the explanation field")
	registerDepth(fs, &lf.depth, ";\nwhen it is not given, --logic-only and --explain stop at depth 2 and say so")
}

// registerDepth adds the --depth flag of hint and solve, with extra at the
// end of its help.
func registerDepth(fs *flag.FlagSet, depth *int, extra string) {
	fs.IntVar(depth, "depth", aqcp.DefaultLogicDepth, "deepest nested probing to try (0: no probing, 1: probing, 2 and more: probing inside suppositions)"+extra)
}

func checkDepth(depth int) error {
	if depth < 0 || depth > 9 {
		return fmt.Errorf("--depth %d is outside 0..9", depth)
	}
	return nil
}

// on reports whether solve should reason rather than search.
func (lf *logicFlags) on() bool { return lf.logicOnly || lf.explain }

// check validates the flags after parsing; reasoning runs on the CP core.
func (lf *logicFlags) check(backend string) error {
	if err := checkDepth(lf.depth); err != nil {
		return err
	}
	if lf.on() && backend != "cp" {
		return fmt.Errorf("--logic-only and --explain reason on the CP core; --backend %s does not apply", backend)
	}
	return nil
}

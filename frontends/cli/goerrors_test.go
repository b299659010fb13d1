package cli

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// goErrorText matches what Go's libraries say, which a user should never
// see: context errors, strconv and encoding/json messages, a bare EOF,
// panics, fmt's complaints and printed pointers.
var goErrorText = regexp.MustCompile(`context deadline exceeded|context canceled|strconv\.|invalid character|json: |` +
	`unexpected EOF|(?m)(^|: )EOF$|runtime error|goroutine \d+|panic:|%!|<nil>|0x[0-9a-f]{6,}|\*[a-z]+\.[A-Z]\w*Error`)

// TestNoGoErrorStrings runs every command on bad and edge inputs, on
// timeouts that expire at once and under a context already canceled (a
// signal), and checks that nothing Go's libraries say reaches the user,
// on stdout or stderr, in any format.
func TestNoGoErrorStrings(t *testing.T) {
	const easy = "../../testdata/aquarium/6x6-easy.txt"
	bad := []string{
		"", "{", "[]", "{\"id\":1}", "{\"cols\":[1,2", "{\"cols\":[99999999999999999999999]}",
		"\x00\x01\x02garbage\xff", "\"str\"", "null", "1 1\n1 a b\n", "https://puzz.link/p?aquarium/6/6/4b1u",
		"{\"capacities\":[3,5],\"target\":\"x\"}", "{\"capacities\":\"3,5\"}", "capacity x\nred\n",
		"{\"times\":[1,\"a\"]}",
		// JSON that encoding/json refuses in its own words ("invalid character").
		"{\"id\":\"x\",}", "{\"capacities\":[3,5] \"target\":4}", "{\"times\":[1,2]} x", "{\"id\":tru}", "{\"tiles\":[1,-x]}",
	}
	var cases [][]string
	for _, format := range []string{"text", "json"} {
		for _, cmd := range [][]string{
			{"aquarium", "solve"}, {"aquarium", "count"}, {"aquarium", "hint"}, {"aquarium", "check"},
			{"aquarium", "solve", "--logic-only"}, {"jugs", "solve"}, {"sort", "solve"},
			{"tiles", "solve"}, {"rush", "solve"}, {"torch", "solve"},
		} {
			cases = append(cases, append(append([]string{}, cmd...), "--format", format, "-"))
		}
	}
	for _, cmd := range [][]string{{"aquarium", "convert", "--to", "url"}, {"aquarium", "encode", "--format", "dimacs"},
		{"aquarium", "render"}, {"compare"}} {
		cases = append(cases, append(append([]string{}, cmd...), "-"))
	}
	for _, args := range cases {
		for _, in := range bad {
			runClean(t, context.Background(), in, args...)
		}
	}

	// Flags with bad values, and work stopped by a timeout at once.
	for _, args := range [][]string{
		{"aquarium", "solve", "--timeout", "5", easy},
		{"aquarium", "solve", "--timeout", "x", easy},
		{"aquarium", "solve", "--depth", "x", "--logic-only", easy},
		{"aquarium", "count", "--limit", "99999999999999999999999", easy},
		{"aquarium", "solve", "--max-memory", "lots", easy},
		{"aquarium", "generate", "--size", "axb"},
		{"aquarium", "generate", "--size", "30x30", "--seed", "x"},
		{"jugs", "solve", "--capacities", "a,b", "--target", "4"},
		{"jugs", "solve", "--capacities", "3,5", "--target", "99999999999999999999999"},
		{"aquarium", "solve", "--timeout", "1ns", easy},
		{"aquarium", "solve", "--timeout", "1ns", "--format", "json", easy},
		{"aquarium", "solve", "--timeout", "1ns", "--format", "csv", easy},
		{"aquarium", "solve", "--timeout", "1ns", "--backend", "gini", easy},
		{"aquarium", "solve", "--timeout", "1ns", "--logic-only", easy},
		{"aquarium", "solve", "--timeout", "1ns", "--explain", easy},
		{"aquarium", "count", "--timeout", "1ns", easy},
		{"aquarium", "hint", "--timeout", "1ns", "--steps", "0", easy},
		{"aquarium", "solve", "--timeout", "1ns", "--stats", easy},
		{"aquarium", "generate", "--size", "30x30", "--timeout", "1ms"},
		{"aquarium", "generate", "--size", "30x30", "--timeout", "1ms", "--format", "json"},
		{"compare", "--timeout", "1ns", easy},
		{"compare", "--timeout", "1ns", "--format", "json", easy},
		{"jugs", "solve", "--timeout", "1ns", "--capacities", "3,5", "--target", "4"},
		{"jugs", "solve", "--timeout", "1ns", "--capacities", "3,5", "--target", "4", "--method", "sat"},
		{"sort", "solve", "--timeout", "1ns", "../../testdata/watersort/three-colours.txt"},
		{"tiles", "solve", "--timeout", "1ns", "../../testdata/tiles/eight.txt"},
		{"rush", "solve", "--timeout", "1ns", "../../testdata/rush/readme49.txt"},
		{"torch", "solve", "--timeout", "1ns", "../../testdata/torch/classic.jsonl"},
		{"aquarium", "solve", "no-such-file.txt"},
		{"aquarium", "solve", "--format", "json", "no-such-file.txt"},
		{"aquarium", "solve", "../../testdata"},
	} {
		runClean(t, context.Background(), "", args...)
	}

	// Interrupted before it starts: every command says so in its words.
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, args := range [][]string{
		{"aquarium", "solve", easy}, {"aquarium", "solve", "--format", "json", easy}, {"aquarium", "count", easy},
		{"aquarium", "hint", easy}, {"aquarium", "solve", "--logic-only", easy}, {"aquarium", "generate", "--size", "8x8"},
		{"compare", easy}, {"jugs", "solve", "--capacities", "3,5", "--target", "4"},
		{"tiles", "solve", "../../testdata/tiles/eight.txt"}, {"rush", "solve", "../../testdata/rush/readme49.txt"},
		{"sort", "solve", "../../testdata/watersort/three-colours.txt"},
		{"torch", "solve", "../../testdata/torch/classic.jsonl"}, {"aquarium", "render", easy},
	} {
		runClean(t, canceled, "", args...)
	}
}

// runClean runs the command line and fails when its output holds what
// goErrorText matches.
func runClean(t *testing.T, ctx context.Context, stdin string, args ...string) {
	t.Helper()
	var out, errOut bytes.Buffer
	Main(ctx, args, IO{In: strings.NewReader(stdin), Out: &out, Err: &errOut})
	for _, s := range []string{out.String(), errOut.String()} {
		if m := goErrorText.FindString(s); m != "" {
			assert.Failf(t, "a Go error string reached the user", "%q on input %q: %q in\n%s", args, stdin, m, s)
		}
	}
}

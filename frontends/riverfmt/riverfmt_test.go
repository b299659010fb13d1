package riverfmt

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/internal/fmttest"
	"github.com/waterworks-solver/waterworks/models/river"
)

const testdata = "../../testdata/river"

func TestParseTestdata(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(testdata, "*.txt"))
	require.GreaterOrEqual(t, len(files), 5)
	for _, file := range files {
		data, err := os.ReadFile(file)
		require.NoError(t, err)
		p, err := Parse(file, data)
		require.NoError(t, err, file)
		checkRoundTrip(t, p)
	}
}

func TestParseWolfGoatCabbage(t *testing.T) {
	p, err := Parse("wgc", []byte("items farmer wolf goat cabbage # all of them\nboat 2\nrowers farmer\n"+
		"forbid wolf goat unless farmer\nforbid goat cabbage unless farmer\n"))
	require.NoError(t, err)
	require.Equal(t, &river.Puzzle{
		Kinds: []river.Kind{{Name: "farmer", Count: 1, Rows: true}, {Name: "wolf", Count: 1},
			{Name: "goat", Count: 1}, {Name: "cabbage", Count: 1}},
		Capacity: 2,
		Forbids:  []river.Forbid{{Group: []int{1, 2}, Unless: []int{0}}, {Group: []int{2, 3}, Unless: []int{0}}},
	}, p)
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ name, input, want string }{
		{"unknown item", "items farmer wolf goat\nboat 2\nforbid wolf gaot unless farmer\n", `in:3:13: unknown item "gaot" (items must be listed on an items line first); did you mean "goat"?`},
		{"boat 0", "items a\nboat 0\n", `in:2:6: boat capacity "0"`},
		{"nobody rows", "items a b\nboat 2\nrowers\n", "in:3:1: a rowers line names nobody"},
		{"duplicate", "items goat wolf goat\nboat 2\n", `in:1:17: duplicate item "goat"`},
		{"keyword", "items a b\nbaot 2\n", `in:2:1: unknown keyword "baot"; did you mean "boat"?`},
		{"count", "items m*3 c*0\nboat 2\n", `in:1:13: "c*0": the count`},
		{"no boat", "items a\n", "in:1:1: no boat"},
		{"no items", "# nothing\n", "in:1:1: no items"},
		{"two boats", "items a\nboat 1\nboat 2\n", "in:3:1: a second boat line; line 2"},
		{"never syntax", "items a b\nboat 1\nnever a than b\n", `in:3:1: want "never more MANY than FEW"`},
		{"couple of many", "items h*2 w\nboat 1\ncouple h w\n", `in:3:8: "h" stands for 2 items`},
		{"start broken", "items a b\nboat 1\nforbid a b\n", "in:1:1: invalid puzzle: the start already breaks a rule: a and b together"},
		{"rower unknown", "items a b\nboat 1\nrowers c\n", `in:3:8: unknown item "c"`},
		{"bad name", "items 9lives\nboat 1\n", `in:1:7: "9lives" is not a name`},
		{"unless nobody", "items a b c\nboat 1\nforbid a b unless\n", `in:3:12: "unless" names no guard`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Parse("in", []byte(tt.input))
			require.Nil(t, p)
			require.ErrorContains(t, err, tt.want)
			fmttest.Positioned(t, err)
		})
	}
}

func TestWords(t *testing.T) {
	wgc, err := Parse("wgc", []byte("items farmer wolf goat cabbage\nboat 2\nrowers farmer\n"))
	require.NoError(t, err)
	mc, err := Parse("mc", []byte("items missionary*3 cannibal*3 ferry\nboat 3\n"))
	require.NoError(t, err)
	for _, tt := range []struct {
		p    *river.Puzzle
		trip river.Trip
		want string
	}{
		{wgc, river.Trip{Load: []int{1, 0, 1, 0}}, "the farmer takes the goat across"},
		{wgc, river.Trip{Load: []int{1, 0, 1, 0}, Back: true}, "the farmer takes the goat back"},
		{wgc, river.Trip{Load: []int{1, 0, 0, 0}, Back: true}, "the farmer returns alone"},
		{wgc, river.Trip{Load: []int{1, 0, 0, 0}}, "the farmer crosses alone"},
		{mc, river.Trip{Load: []int{0, 2, 0}}, "2 cannibals cross"},
		{mc, river.Trip{Load: []int{1, 1, 0}, Back: true}, "1 missionary and 1 cannibal return"},
		{mc, river.Trip{Load: []int{2, 0, 1}}, "2 missionaries and the ferry cross"},
	} {
		require.Equal(t, tt.want, Words(tt.p, tt.trip))
	}
}

// checkRoundTrip writes p and reads it back.
func checkRoundTrip(t testing.TB, p *river.Puzzle) {
	var buf bytes.Buffer
	require.NoError(t, Write(&buf, p))
	back, err := Parse("round", buf.Bytes())
	require.NoError(t, err, buf.String())
	require.Equal(t, p, back, buf.String())
}

func FuzzParse(f *testing.F) {
	fmttest.Seed(f, testdata, "*.txt", "bad/*")
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Parse("fuzz", data)
		if err != nil {
			require.Nil(t, p)
			fmttest.Positioned(t, err)
			return
		}
		require.NoError(t, p.Validate())
		checkRoundTrip(t, p)
	})
}

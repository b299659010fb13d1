package webfmt

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/inputerr"
)

// seedDir holds the fuzz seeds, one input per file, a folder per format.
const seedDir = "../../testdata/webfmt"

// addSeeds adds every file of seedDir/format to the fuzzer's corpus, and
// the extra inputs.
func addSeeds(f *testing.F, format string, extra ...string) {
	files, err := filepath.Glob(filepath.Join(seedDir, format, "*"))
	require.NoError(f, err)
	require.NotEmpty(f, files, "no seeds in %s/%s", seedDir, format)
	for _, name := range files {
		data, err := os.ReadFile(name)
		require.NoError(f, err)
		f.Add(string(data))
	}
	for _, s := range extra {
		f.Add(s)
	}
}

// requireInputErr asserts that err is a positioned input error.
func requireInputErr(t *testing.T, err error) {
	var ie *inputerr.Error
	require.ErrorAs(t, err, &ie)
	require.Equal(t, "fuzz", ie.File)
	require.NotEmpty(t, ie.Msg)
}

func FuzzDecodeTask(f *testing.F) {
	addSeeds(f, "task", "", "1;1", "0_0;1", "1_2_1_2;1,1,1,1,", "9999999_1;1")
	f.Fuzz(func(t *testing.T, in string) {
		p, err := DecodeTask("fuzz", in)
		if err != nil {
			requireInputErr(t, err)
			return
		}
		require.NoError(t, p.Validate())
		out, err := EncodeTask(p)
		require.NoError(t, err, "a decoded task string must encode")
		back, err := DecodeTask("fuzz", out)
		require.NoError(t, err, out)
		assert.Equal(t, p, back)
		again, err := EncodeTask(back)
		require.NoError(t, err)
		assert.Equal(t, out, again)
	})
}

func FuzzDecodeURL(f *testing.F) {
	addSeeds(f, "url", "", "aquarium/1/1", "aquarium/1/1//.", "aquarium/r/2/2/00/-0z", "p?aquarium/255/1")
	f.Fuzz(func(t *testing.T, in string) {
		p, rule, err := DecodeURL("fuzz", in)
		if err != nil {
			requireInputErr(t, err)
			return
		}
		require.NoError(t, p.Validate())
		out, err := EncodeURL(p, rule)
		require.NoError(t, err, "a decoded URL must encode")
		back, backRule, err := DecodeURL("fuzz", out)
		require.NoError(t, err, out)
		assert.Equal(t, p, back)
		assert.Equal(t, rule, backRule)
		again, err := EncodeURL(back, backRule)
		require.NoError(t, err)
		assert.Equal(t, out, again)
	})
}

func FuzzDecodePzprv3(f *testing.F) {
	addSeeds(f, "pzprv3", "", "pzprv3/aquarium/1/1//. 1 /1 # /")
	f.Fuzz(func(t *testing.T, in string) {
		p, rule, s, err := DecodePzprv3("fuzz", in)
		if err != nil {
			requireInputErr(t, err)
			return
		}
		require.NoError(t, p.Validate())
		out, err := EncodePzprv3(p, rule, s)
		require.NoError(t, err, "a decoded file must encode")
		back, backRule, backSol, err := DecodePzprv3("fuzz", out)
		require.NoError(t, err, out)
		assert.Equal(t, p, back)
		assert.Equal(t, rule, backRule)
		assert.Equal(t, s, backSol)
		again, err := EncodePzprv3(back, backRule, backSol)
		require.NoError(t, err)
		assert.Equal(t, out, again)
	})
}

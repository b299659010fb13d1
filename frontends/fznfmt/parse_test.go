package fznfmt

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/inputerr"
	"github.com/waterworks-solver/waterworks/models/fzn"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/fzn")

const testdata = "../../testdata/fzn"

// parseFile reads a testdata file, naming it by its base name.
func parseFile(t testing.TB, path string) (*fzn.Model, error) {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	return Parse(context.Background(), filepath.Base(path), bytes.NewReader(data))
}

func write(t testing.TB, m *fzn.Model) []byte {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, Write(&b, m))
	return b.Bytes()
}

// golden compares got with the file at path, or rewrites it with -update.
func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		require.NoError(t, os.WriteFile(path, got, 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test -update to make it")
	assert.Equal(t, string(want), string(got))
}

// TestWriteGolden writes each hand-written file of testdata/fzn/good back
// as canonical FlatZinc.
func TestWriteGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(testdata, "good", "*.fzn"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			m, err := parseFile(t, f)
			require.NoError(t, err)
			golden(t, strings.TrimSuffix(f, ".fzn")+".golden", write(t, m))
		})
	}
}

// TestErrors reads each file of testdata/fzn/bad and compares every error
// reported, with its file:line:col, with the .err file beside it.
func TestErrors(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(testdata, "bad", "*.fzn"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			m, err := parseFile(t, f)
			require.Error(t, err)
			assert.Nil(t, m)
			var b strings.Builder
			for _, e := range inputerr.All(err) {
				var ie *inputerr.Error
				require.True(t, errors.As(e, &ie), "%v is not an *inputerr.Error", e)
				b.WriteString(e.Error() + "\n")
			}
			golden(t, strings.TrimSuffix(f, ".fzn")+".err", []byte(b.String()))
		})
	}
}

// fznFiles lists every .fzn file of testdata/fzn that should parse.
func fznFiles(t testing.TB) []string {
	var files []string
	for _, dir := range []string{"good", "minizinc", "check"} {
		fs, err := filepath.Glob(filepath.Join(testdata, dir, "*.fzn"))
		require.NoError(t, err)
		files = append(files, fs...)
	}
	require.NotEmpty(t, files)
	return files
}

// TestRoundTrip checks that Parse(Write(m)) is m, positions aside, and that
// writing it again gives the same bytes.
func TestRoundTrip(t *testing.T) {
	for _, f := range fznFiles(t) {
		t.Run(filepath.Base(f), func(t *testing.T) {
			m, err := parseFile(t, f)
			require.NoError(t, err)
			text := write(t, m)
			m2, err := Parse(context.Background(), "written", bytes.NewReader(text))
			require.NoError(t, err, "the written text:\n%s", text)
			assertSameModel(t, m, m2)
			assert.Equal(t, string(text), string(write(t, m2)))
		})
	}
}

// assertSameModel compares two models with their positions set to zero.
func assertSameModel(t *testing.T, a, b *fzn.Model) {
	t.Helper()
	erasePositions(reflect.ValueOf(a), map[uintptr]bool{})
	erasePositions(reflect.ValueOf(b), map[uintptr]bool{})
	if !reflect.DeepEqual(a, b) {
		t.Fatalf("the models differ:\n%s\n%s", write(t, a), write(t, b))
	}
}

var posType = reflect.TypeOf(fzn.Pos{})

// erasePositions zeroes every fzn.Pos reachable from v.
func erasePositions(v reflect.Value, seen map[uintptr]bool) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() || seen[v.Pointer()] {
			return
		}
		seen[v.Pointer()] = true
		erasePositions(v.Elem(), seen)
	case reflect.Interface:
		if !v.IsNil() {
			erasePositions(v.Elem(), seen)
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			erasePositions(v.Index(i), seen)
		}
	case reflect.Struct:
		if v.Type() == posType {
			if v.CanSet() {
				v.Set(reflect.Zero(posType))
			}
			return
		}
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				erasePositions(v.Field(i), seen)
			}
		}
	}
}

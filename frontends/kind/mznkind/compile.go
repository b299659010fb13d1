package mznkind

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/kind/fznkind"
	"github.com/waterworks-solver/waterworks/frontends/minizinc"
	"github.com/waterworks-solver/waterworks/frontends/textsafe"
	"github.com/waterworks-solver/waterworks/models/fzn"
	"github.com/waterworks-solver/waterworks/models/fzn/mznlib"
)

// Instance is a MiniZinc model and its data files, as inputs: each is
// read by minizinc from its Path, or from a copy of its Data when it has
// none (standard input).
type Instance struct {
	Model kind.Input
	Data  []kind.Input
}

// ID names the instance in rows and messages: the model's name and its
// data files', separated by spaces, as minizinc's command line gives
// them.
func (in Instance) ID() string {
	names := []string{in.Model.Name}
	for _, d := range in.Data {
		names = append(names, d.Name)
	}
	return strings.Join(names, " ")
}

// Library is a solver library a model is compiled with.
type Library int

// The libraries.
const (
	// Ours is waterworks' own library (models/fzn/mznlib): what cp,
	// cp-learn and the sat engines take.
	Ours Library = iota
	// Gecode is Gecode's own library, for fzn-gecode.
	Gecode
	// Standard is MiniZinc's standard library alone, every global
	// decomposed, compiled for Gecode.
	Standard
)

// gecodeID is Gecode's solver id among minizinc's solvers.
const gecodeID = "org.gecode.gecode"

// ourID is the id of the configuration that compiles with our library.
const ourID = "org.waterworks.compare"

// A Compiler compiles instances with minizinc. Close removes its files.
type Compiler struct {
	program *minizinc.Program
	dir     string // our library's configuration, and copies of standard input
	ours    string // the path of that configuration
}

// ErrNoMiniZinc is the error of NewCompiler when minizinc is not
// installed; it wraps minizinc.ErrNotFound.
var ErrNoMiniZinc = fmt.Errorf("a MiniZinc model needs the minizinc program, which compiles it into FlatZinc: %w", minizinc.ErrNotFound)

// NewCompiler finds minizinc and writes our library where it can read
// it; its error is ErrNoMiniZinc when minizinc is not installed.
func NewCompiler() (*Compiler, error) {
	p, err := minizinc.Find()
	if err != nil {
		return nil, ErrNoMiniZinc
	}
	dir, err := os.MkdirTemp("", "waterworks-mzn-")
	if err != nil {
		return nil, err
	}
	ours, err := p.LibraryConfig(dir, ourID, mznlib.FS)
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	return &Compiler{program: p, dir: dir, ours: ours}, nil
}

// Close removes the compiler's files.
func (c *Compiler) Close() error { return os.RemoveAll(c.dir) }

// Compile compiles the instance with the library lib and reads the
// FlatZinc. A model minizinc cannot compile gives a
// *minizinc.CompileError, its place named as the inputs are (standard
// input as "-").
func (c *Compiler) Compile(ctx context.Context, in Instance, lib Library) (*fzn.Model, error) {
	files, names, err := c.files(in)
	if err != nil {
		return nil, err
	}
	solver, flags := c.ours, []string(nil)
	switch lib {
	case Gecode:
		solver = gecodeID
	case Standard:
		solver, flags = gecodeID, []string{"-G", "std"}
	}
	text, err := c.program.Compile(ctx, files, solver, flags...)
	var ce *minizinc.CompileError
	if errors.As(err, &ce) {
		for copied, name := range names {
			ce.Message = strings.ReplaceAll(ce.Message, copied, name)
		}
		ce.Message = textsafe.Name(ce.Message) // it may quote the model's text
		return nil, ce
	}
	if err != nil {
		return nil, err
	}
	return fznkind.Read(ctx, in.ID()+" (compiled)", text)
}

// files returns the files minizinc reads for the instance: each input's
// path, or a copy of its data in the compiler's directory, and the names
// of the copies' inputs by the copies' paths.
func (c *Compiler) files(in Instance) (minizinc.Instance, map[string]string, error) {
	names := map[string]string{}
	path := func(i int, input kind.Input, ext string) (string, error) {
		if input.Path != "" {
			if abs, err := filepath.Abs(input.Path); err == nil {
				names[abs] = input.Name // minizinc's messages name files by their absolute paths
			}
			return input.Path, nil
		}
		p := filepath.Join(c.dir, fmt.Sprintf("input%d%s", i, ext))
		names[p] = input.Name
		return p, os.WriteFile(p, input.Data, 0o600)
	}
	model, err := path(0, in.Model, ".mzn")
	if err != nil {
		return minizinc.Instance{}, nil, err
	}
	out := minizinc.Instance{Model: model}
	for i, d := range in.Data {
		p, err := path(i+1, d, ".dzn")
		if err != nil {
			return minizinc.Instance{}, nil, err
		}
		out.Data = append(out.Data, p)
	}
	return out, names, nil
}

// ForGecode compiles the instance for Gecode: with Gecode's own library
// when it compiles the model into constraints fzn.Check knows, else with
// the standard library, and then why in note.
func (c *Compiler) ForGecode(ctx context.Context, in Instance) (m *fzn.Model, note string, err error) {
	m, err = c.Compile(ctx, in, Gecode)
	var ce *minizinc.CompileError
	switch {
	case errors.As(err, &ce):
		note = "Gecode's own library does not compile it (" + brief(ce.Message) + ")"
	case err != nil:
		return nil, "", err
	default:
		unknown := uncheckable(m)
		if len(unknown) == 0 {
			return m, "", nil
		}
		note = "with Gecode's own library it has constraints the checker does not know (" + strings.Join(unknown, ", ") + ")"
	}
	m, err = c.Compile(ctx, in, Standard)
	return m, note, err
}

// uncheckable lists the names of m's constraints that fzn.Check does not
// know, once each, in order.
func uncheckable(m *fzn.Model) []string {
	var names []string
	for _, con := range m.Constraints {
		if !fzn.Knows(con.Name, len(con.Args)) && !slices.Contains(names, con.Name) {
			names = append(names, con.Name)
		}
	}
	return names
}

// briefLen bounds the message brief keeps.
const briefLen = 160

// brief returns the first line of s, cut after briefLen bytes (at a
// rune's start) with an ellipsis.
func brief(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	if len(line) <= briefLen {
		return line
	}
	cut := briefLen
	for cut > 0 && !utf8.RuneStart(line[cut]) {
		cut--
	}
	return line[:cut] + "..."
}

package aquariumcli

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/waterworks-solver/waterworks/frontends/aquariumfmt"
	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/inputerr"
	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/kind/aquariumkind"
	"github.com/waterworks-solver/waterworks/frontends/render"
	"github.com/waterworks-solver/waterworks/frontends/textsafe"
	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// Picture formats of render.
const (
	pictureSVG = "svg"
	picturePNG = "png"
)

const aquariumRenderSummary = `Draw an Aquarium puzzle as an SVG or PNG picture: thin grid lines, thick aquarium walls,
the clues outside the grid, and the water of the solution that comes with the puzzle (as
given, possibly partial: blue water, dots for cells known empty), or with --solve of the
solution the solver finds, checked before it is drawn.
` +
	aquariumInputs +
	`The input holds one puzzle; --id picks one from a file of several. A PNG goes to standard
output only when that is not a terminal; -o FILE writes the file atomically (nothing is
written on failure).`

// renderFlags are the flags of render.
type renderFlags struct {
	solver   aquariumFlags // --rule, --backend and --timeout of --solve
	format   string
	output   string
	cellSize int
	solve    bool
	id       string
}

func (f *renderFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.format, "format", "", "picture `format`: svg or png (default: the -o file's extension, .svg or .png, else svg)")
	fs.StringVar(&f.output, "o", "", "write the picture to `FILE` (atomically) instead of standard output")
	fs.IntVar(&f.cellSize, "cell-size", 0, fmt.Sprintf("side of a cell in `pixels`, %d to %d (default %d)",
		render.MinCellSize, render.MaxCellSize, render.DefaultCellSize))
	fs.BoolVar(&f.solve, "solve", false, "solve the puzzle and draw its solution instead of the one given")
	fs.StringVar(&f.id, "id", "", "draw the puzzle with this `id` from a file of several")
	fs.StringVar(&f.solver.backend, "backend", "cp", "solving `engine` for --solve: "+strings.Join(aquariumkind.BackendNames(), ", "))
	fs.StringVar(&f.solver.rule, "rule", "", "water `rule` for --solve: region or pool (default: the rule the input states, else region)")
	fs.DurationVar(&f.solver.Timeout, "timeout", 0, "give --solve up after this `duration` (e.g. 500ms, 30s); 0 means never")
	f.solver.RegisterMaxMemory(fs)
}

// toFile reports whether the picture goes to a file rather than stdout.
func (f *renderFlags) toFile() bool { return f.output != "" && f.output != "-" }

// resolve checks the flags and returns the picture format and the backend
// of --solve.
func (f *renderFlags) resolve(stdio clikit.IO) (string, aquariumkind.Engine, error) {
	f.solver.Format = clikit.FormatText
	engine, err := f.solver.resolve()
	if err != nil {
		return "", engine, err
	}
	format, err := clikit.FormatFor(f.format, f.output, pictureSVG, map[string]string{".svg": pictureSVG, ".png": picturePNG}, true)
	switch {
	case err != nil:
		return "", engine, err
	case format != pictureSVG && format != picturePNG:
		return "", engine, clikit.UnknownChoice("format", format, []string{pictureSVG, picturePNG})
	case f.cellSize != 0 && (f.cellSize < render.MinCellSize || f.cellSize > render.MaxCellSize):
		return "", engine, fmt.Errorf("--cell-size %d is not from %d to %d", f.cellSize, render.MinCellSize, render.MaxCellSize)
	case format == picturePNG && !f.toFile() && stdio.OutIsTerminal:
		return "", engine, fmt.Errorf("not writing a PNG picture to a terminal: give -o FILE or redirect standard output")
	}
	return format, engine, nil
}

func runAquariumRender(ctx context.Context, stdio clikit.IO, args []string) int {
	fs := clikit.NewFlagSet(stdio, "waterworks aquarium render", "[flags] [FILE]", aquariumRenderSummary)
	var f renderFlags
	f.register(fs)
	clikit.Describe(fs, `
		Examples:
		  waterworks aquarium render testdata/aquarium/6x6-easy-solved.txt > solved.svg
		  waterworks aquarium render --solve -o solved.png testdata/aquarium/6x6-easy.txt
		Exit codes:
		    0  the picture was drawn
		    1  with --solve: the puzzle has no solution
		  124  with --solve: --timeout expired`)
	files, err := clikit.ParseArgs(fs, args)
	if err != nil {
		return clikit.ParseFailed(err)
	}
	format, engine, err := f.resolve(stdio)
	if err == nil && len(files) > 1 {
		err = fmt.Errorf("render draws one puzzle; got %d inputs", len(files))
	}
	if err != nil {
		return clikit.UsageError(stdio, fs, err)
	}
	d, code := oneInput(stdio, files, f.id, "render")
	if code != clikit.ExitOK {
		return code
	}

	s := d.Solution
	if f.solve {
		r := newAquariumRun(clikit.IO{Out: io.Discard, Err: stdio.Err}, clikit.FormatText, false)
		rec, got := r.search(ctx, &f.solver, engine, d, 1)
		if rec.Status != kind.StatusSolved {
			r.note(ctx, rec, "")
			return clikit.ExitCode(ctx, rec.Status)
		}
		// search has checked every solution already; checking again here
		// keeps "never draw a wrong answer" true whatever search becomes.
		s = got.Solutions[0]
		if err := aquarium.Check(d.Puzzle, s, f.solver.ruleFor(d)); err != nil {
			fmt.Fprintf(stdio.Err, "%s: internal error: the solution found fails the check: %v\n", textsafe.Name(d.ID), err)
			return clikit.ExitUsage
		}
	}

	picture, err := draw(ctx, d, s, format, render.Options{CellSize: f.cellSize})
	switch {
	case ctx.Err() != nil:
		fmt.Fprintf(stdio.Err, "%s: interrupted while drawing; nothing written\n", textsafe.Name(d.ID))
		return clikit.ExitInterrupted
	case err != nil:
		fmt.Fprintf(stdio.Err, "%s: cannot draw: %v\n", textsafe.Name(d.ID), err)
		return clikit.ExitUsage
	}
	if f.toFile() {
		return finishFile(stdio, f.output, picture, clikit.ExitOK)
	}
	if _, err := stdio.Out.Write(picture); err != nil {
		fmt.Fprintf(stdio.Err, "waterworks: writing output: %v\n", err)
		return clikit.ExitUsage
	}
	return clikit.ExitOK
}

// draw draws the picture of d with solution s in format. The drawing of a
// big grid takes a while and the renderer takes no context, so it runs
// aside and draw returns as soon as ctx ends, with ctx's error and no
// picture: an interrupt then leaves the target untouched.
func draw(ctx context.Context, d aquariumfmt.Document, s aquarium.Solution, format string, opts render.Options) ([]byte, error) {
	type result struct {
		picture []byte
		err     error
	}
	done := make(chan result, 1)
	go func() {
		var r result
		r.err = kind.Safely(d.ID, func() error {
			var b bytes.Buffer
			var err error
			if format == picturePNG {
				err = render.PNG(&b, d.Puzzle, s, opts)
			} else {
				err = render.SVG(&b, d.Puzzle, s, opts)
			}
			r.picture = b.Bytes()
			return err
		})
		done <- r
	}()
	select {
	case r := <-done:
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return r.picture, r.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// oneInput reads the one puzzle a command such as render or encode works
// on (named by verb in messages): the only puzzle of the input, or the one
// with the given id. Problems are reported on stdio.Err with ExitUsage.
func oneInput(stdio clikit.IO, files []string, id, verb string) (aquariumfmt.Document, int) {
	inputs, code := clikit.ReadInputsWith(stdio, files, isInlinePuzzle)
	if code != clikit.ExitOK {
		return aquariumfmt.Document{}, code
	}
	in := inputs[0]
	docs, err := aquariumfmt.Read(in.Name, in.Data)
	if err != nil {
		for _, e := range inputerr.All(err) {
			fmt.Fprintln(stdio.Err, e)
		}
		return aquariumfmt.Document{}, clikit.ExitUsage
	}
	if id != "" {
		for _, d := range docs {
			if d.ID == id {
				return d, clikit.ExitOK
			}
		}
		fmt.Fprintf(stdio.Err, "%s: no puzzle with id %q\n", textsafe.Name(in.Name), id)
		return aquariumfmt.Document{}, clikit.ExitUsage
	}
	if len(docs) != 1 {
		fmt.Fprintf(stdio.Err, "%s: holds %d puzzles; %s takes one (pick it with --id)\n", textsafe.Name(in.Name), len(docs), verb)
		return aquariumfmt.Document{}, clikit.ExitUsage
	}
	return docs[0], clikit.ExitOK
}

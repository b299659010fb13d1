package aquariumcli

import (
	"bytes"
	"context"
	"fmt"

	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/frontends/textsafe"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqasp"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqsat"
	"github.com/waterworks-solver/waterworks/sat"
)

const aquariumEncodeSummary = `Write the SAT encoding of one Aquarium puzzle, for any solver outside waterworks:
DIMACS CNF with the row and column counts written by --encoding, or OPB (pseudo-Boolean)
with them as native constraints; or, with --format asp, an answer-set program for clingo
(region rule only; "clingo -n 2" decides uniqueness). Comments name every block variable
"water(row=R;cols=C1,C2,...;aquarium=NAME)", rows and columns from 1, so a model decodes
to cells through them: a true variable fills its cells, a false one leaves them empty.
` +
	aquariumInputs

func runAquariumEncode(ctx context.Context, stdio clikit.IO, args []string) int {
	fs := clikit.NewFlagSet(stdio, "waterworks aquarium encode", "[flags] FILE", aquariumEncodeSummary)
	format := fs.String("format", "", "output `format`: dimacs, opb or asp (default: the -o file's extension, .cnf,\n.dimacs, .opb or .lp, else dimacs)")
	encoding := fs.String("encoding", sat.Auto.String(), "CNF encoding of the counts for dimacs: "+encodingNames())
	rule := fs.String("rule", "", "water `rule`: region or pool (default: the rule the file states, else region)")
	id := fs.String("id", "", "the `ID` of the puzzle to encode, when the input holds several")
	output := fs.String("o", "", "write to `FILE` (atomically) instead of standard output")
	clikit.Describe(fs, `
		Examples:
		  waterworks aquarium encode testdata/aquarium/6x6-easy.txt
		  waterworks aquarium encode --format asp testdata/aquarium/6x6-easy.txt
		Exit codes:
		    0  the encoding was written`)
	files, err := clikit.ParseArgs(fs, args)
	if err != nil {
		return clikit.ParseFailed(err)
	}
	enc, err := sat.ParseEncoding(*encoding)
	if err == nil {
		*format, err = clikit.FormatFor(*format, *output, "dimacs",
			map[string]string{".cnf": "dimacs", ".dimacs": "dimacs", ".opb": "opb", ".lp": "asp"}, false)
	}
	switch {
	case err != nil:
	case *format != "dimacs" && *format != "opb" && *format != "asp":
		err = clikit.UnknownChoice("format", *format, []string{"dimacs", "opb", "asp"})
	case *format == "dimacs" && enc == sat.Native:
		err = fmt.Errorf("DIMACS holds clauses only: pick a CNF encoding, or --format opb")
	case len(files) > 1:
		err = fmt.Errorf("encode takes one input, got %d", len(files))
	}
	f := aquariumFlags{rule: *rule, backend: "cp", CommonFlags: clikit.CommonFlags{Format: clikit.FormatText}}
	if err == nil {
		_, err = f.resolve()
	}
	if err != nil {
		return clikit.UsageError(stdio, fs, err)
	}
	d, code := oneInput(stdio, files, *id, "encode")
	if code != clikit.ExitOK {
		return code
	}
	r := f.ruleFor(d)
	if *format == "asp" {
		var buf bytes.Buffer
		if err := aqasp.WriteASP(&buf, d.Puzzle, r); err != nil {
			fmt.Fprintf(stdio.Err, "%s: %v\n", textsafe.Name(d.ID), err)
			return clikit.ExitUsage
		}
		return writeEncoding(stdio, *output, buf.Bytes())
	}
	m, err := aqsat.EncodeSAT(d.Puzzle, r)
	if err != nil {
		fmt.Fprintf(stdio.Err, "%s: %v\n", textsafe.Name(d.ID), err)
		return clikit.ExitUsage
	}
	var buf bytes.Buffer
	if *format == "dimacs" {
		fmt.Fprintf(&buf, "c waterworks aquarium encode: puzzle %s, %v rule, %v encoding\n", textsafe.Name(d.ID), r, enc)
		var cnf *sat.Formula
		if cnf, err = m.Formula.Lower(enc); err == nil {
			err = sat.WriteDIMACS(&buf, cnf)
		}
	} else {
		// OPB readers want the "* #variable=" header first: no comment of ours.
		err = sat.WriteOPB(&buf, m.Formula)
	}
	if err != nil {
		fmt.Fprintf(stdio.Err, "%s: %v\n", textsafe.Name(d.ID), err)
		return clikit.ExitUsage
	}
	return writeEncoding(stdio, *output, buf.Bytes())
}

// writeEncoding writes an encoding to the -o file, atomically, or to
// standard output.
func writeEncoding(stdio clikit.IO, output string, data []byte) int {
	if output != "" && output != "-" {
		return finishFile(stdio, output, data, clikit.ExitOK)
	}
	if _, err := stdio.Out.Write(data); err != nil {
		fmt.Fprintf(stdio.Err, "waterworks: writing output: %v\n", err)
		return clikit.ExitUsage
	}
	return clikit.ExitOK
}

package sat

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Result is what a solver printed in the SAT-competition output format.
type Result struct {
	Status    Status
	HasStatus bool  // an "s" line was found
	Model     Model // from the "v" lines; nil when there were none
	Stats     Stats // counts found in comment lines such as "c conflicts: 12"
}

// ReadResult reads solver output in the SAT-competition format: one "s
// SATISFIABLE", "s UNSATISFIABLE" or "s UNKNOWN" line, and for SAT "v"
// lines of literals ending with 0. Other lines are ignored, except lines
// such as "c conflicts: 123" or "decisions : 45 (...)", whose counts fill
// Stats (conflicts, decisions, propagations, restarts; the last one wins).
// Errors are [*ParseError] values.
func ReadResult(r io.Reader) (Result, error) {
	var res Result
	lr := newLineReader(r)
	ended := false // the "v" lines ended with 0
	for {
		line, toks, cols, ok := lr.nextFields()
		if !ok {
			break
		}
		switch toks[0] {
		case "s":
			st, ok := parseStatus(toks[1:])
			if !ok {
				return res, parseErrorf(lr.line, cols[0], "want s SATISFIABLE, s UNSATISFIABLE or s UNKNOWN, found %q", line)
			}
			if res.HasStatus && st != res.Status {
				return res, parseErrorf(lr.line, cols[0], "second status line %q", line)
			}
			res.Status, res.HasStatus = st, true
		case "v":
			if ended {
				return res, parseErrorf(lr.line, cols[0], "values after the closing 0")
			}
			if res.Model == nil {
				res.Model = Model{false}
			}
			for i, tok := range toks[1:] {
				n, err := strconv.ParseInt(tok, 10, 32)
				if err != nil {
					return res, parseErrorf(lr.line, cols[i+1], "want a literal, found %q", tok)
				}
				if n == 0 {
					ended = true
					continue
				}
				if ended {
					return res, parseErrorf(lr.line, cols[i+1], "values after the closing 0")
				}
				l := Lit(n)
				for len(res.Model) <= l.Var() {
					res.Model = append(res.Model, false)
				}
				res.Model[l.Var()] = l > 0
			}
		default:
			readStat(&res.Stats, line)
		}
	}
	if lr.err != nil {
		return res, fmt.Errorf("sat: reading solver output: %w", lr.err)
	}
	return res, nil
}

func parseStatus(words []string) (Status, bool) {
	switch strings.Join(words, " ") {
	case "SATISFIABLE":
		return Sat, true
	case "UNSATISFIABLE":
		return Unsat, true
	case "UNKNOWN", "INDETERMINATE":
		return Unknown, true
	}
	return Unknown, false
}

// readStat fills one count of st from a line "[c] NAME : NUMBER ...".
func readStat(st *Stats, line string) {
	line = strings.TrimSpace(line)
	if rest, ok := strings.CutPrefix(line, "c "); ok {
		line = rest
	}
	name, value, ok := strings.Cut(line, ":")
	if !ok {
		return
	}
	toks := strings.Fields(value)
	if len(toks) == 0 {
		return
	}
	n, err := strconv.ParseInt(toks[0], 10, 64)
	if err != nil || n < 0 {
		return
	}
	switch strings.TrimSpace(name) {
	case "conflicts":
		st.Conflicts = n
	case "decisions":
		st.Decisions = n
	case "propagations":
		st.Propagations = n
	case "restarts":
		st.Restarts = n
	}
}

// WriteResult writes st in the SAT-competition format: the statistics
// that are not zero as "c NAME: N" lines, the "s" line and, for Sat, the
// values of variables 1..numVars from a on "v" lines of at most 78
// characters, ending with 0.
func WriteResult(w io.Writer, st Status, a Assignment, numVars int, stats Stats) error {
	bw := bufio.NewWriter(w)
	for _, s := range []struct {
		name string
		n    int64
	}{
		{"conflicts", stats.Conflicts},
		{"decisions", stats.Decisions},
		{"propagations", stats.Propagations},
		{"restarts", stats.Restarts},
	} {
		if s.n != 0 {
			fmt.Fprintf(bw, "c %s: %d\n", s.name, s.n)
		}
	}
	fmt.Fprintf(bw, "s %s\n", st)
	if st == Sat {
		line := []byte("v")
		for v := 1; v <= numVars; v++ {
			l := Pos(v)
			if !a.Value(l) {
				l = l.Not()
			}
			tok := strconv.Itoa(int(l))
			if len(line)+1+len(tok) > 78 {
				bw.Write(append(line, '\n'))
				line = append(line[:0], 'v')
			}
			line = append(append(line, ' '), tok...)
		}
		bw.Write(append(line, " 0\n"...))
	}
	return bw.Flush()
}

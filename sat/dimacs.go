package sat

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// ErrNotCNF is returned when writing as DIMACS a formula that still holds
// linear constraints: lower it with a CNF [Encoding] first.
var ErrNotCNF = errors.New("sat: formula has linear constraints; lower it to CNF first")

// ParseError is a problem at a position of a DIMACS, OPB or solver-output
// text. Its message reads "line:col: msg", ready for a file name in front.
type ParseError struct {
	Line int // 1-based
	Col  int // 1-based, in bytes; 0 when the problem concerns the whole line
	Msg  string
}

// Error returns "line:col: msg", or "line: msg" when Col is 0.
func (e *ParseError) Error() string {
	if e.Col == 0 {
		return fmt.Sprintf("%d: %s", e.Line, e.Msg)
	}
	return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg)
}

func parseErrorf(line, col int, format string, args ...any) *ParseError {
	return &ParseError{Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

// ReadOptions tunes the readers.
type ReadOptions struct {
	// Strict requires the header ("p cnf V C" for DIMACS, "* #variable= N
	// #constraint= M" for OPB) before any clause, literals within its
	// variable count, its exact number of clauses or constraints, and a 0
	// at the end of the last clause. Without Strict the header is optional
	// and only raises the variable count, and a SATLIB "%" line ends the
	// input.
	Strict bool
}

// varsWithUnits returns the number of variables f and the unit literals
// use, the count a file's header announces.
func varsWithUnits(f *Formula, units []Lit) (int, error) {
	numVars := f.NumVars()
	for _, u := range units {
		if u == 0 {
			return 0, errors.New("sat: unit literal 0")
		}
		numVars = max(numVars, u.Var())
	}
	return numVars, nil
}

// WriteDIMACS writes f in DIMACS CNF: a "c xN = name" comment for each
// named variable in increasing order, the header "p cnf V C", then one
// clause per line ending in 0. Each of units is written as one more unit
// clause after f's own, which is how a solver without assumptions is given
// them. It returns [ErrNotCNF] when f holds linear constraints.
func WriteDIMACS(w io.Writer, f *Formula, units ...Lit) error {
	if f.NumLinears() > 0 {
		return ErrNotCNF
	}
	numVars, err := varsWithUnits(f, units)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	writeNames(bw, f, "c")
	fmt.Fprintf(bw, "p cnf %d %d\n", numVars, f.NumClauses()+len(units))
	var buf []byte
	for c := range f.Clauses() {
		buf = appendClause(buf[:0], c)
		bw.Write(buf)
	}
	for _, u := range units {
		buf = appendClause(buf[:0], []Lit{u})
		bw.Write(buf)
	}
	return bw.Flush()
}

func appendClause(buf []byte, c []Lit) []byte {
	for _, l := range c {
		buf = strconv.AppendInt(buf, int64(l), 10)
		buf = append(buf, ' ')
	}
	return append(buf, '0', '\n')
}

// writeNames writes "<comment> xN = name" lines, line breaks in names
// turned into spaces.
func writeNames(w *bufio.Writer, f *Formula, comment string) {
	for v, name := range f.Names() {
		name = strings.NewReplacer("\r", " ", "\n", " ").Replace(name)
		fmt.Fprintf(w, "%s x%d = %s\n", comment, v, name)
	}
}

// nameComment parses the text after the comment mark of "c x17 = name".
func nameComment(text string) (v int, name string, ok bool) {
	rest, ok := strings.CutPrefix(text, " x")
	if !ok {
		return 0, "", false
	}
	num, name, ok := strings.Cut(rest, " = ")
	if !ok || name == "" {
		return 0, "", false
	}
	v, err := strconv.Atoi(num)
	if err != nil || v < 1 || v > math.MaxInt32 {
		return 0, "", false
	}
	return v, name, true
}

// lineReader yields the lines of a text with their numbers, without the
// line break, whatever their length.
type lineReader struct {
	r    *bufio.Reader
	line int
	err  error
}

func newLineReader(r io.Reader) *lineReader {
	return &lineReader{r: bufio.NewReaderSize(r, 64<<10)}
}

// next returns the next line, or ok false at the end or on a read error
// (kept in lr.err).
func (lr *lineReader) next() (text string, ok bool) {
	s, err := lr.r.ReadString('\n')
	if err != nil && (err != io.EOF || s == "") {
		if err != io.EOF {
			lr.err = err
		}
		return "", false
	}
	lr.line++
	s = strings.TrimSuffix(s, "\n")
	return strings.TrimSuffix(s, "\r"), true
}

// nextFields returns the next line that holds a token, with its tokens
// and their columns (fields), skipping blank lines; ok is false at the end
// or on a read error (kept in lr.err).
func (lr *lineReader) nextFields() (line string, toks []string, cols []int, ok bool) {
	for {
		if line, ok = lr.next(); !ok {
			return "", nil, nil, false
		}
		if toks, cols = fields(line); len(toks) > 0 {
			return line, toks, cols, true
		}
	}
}

// fields splits a line into whitespace-separated tokens with their 1-based
// byte columns.
func fields(line string) (toks []string, cols []int) {
	i := 0
	for i < len(line) {
		for i < len(line) && isSpace(line[i]) {
			i++
		}
		start := i
		for i < len(line) && !isSpace(line[i]) {
			i++
		}
		if start < i {
			toks = append(toks, line[start:i])
			cols = append(cols, start+1)
		}
	}
	return toks, cols
}

func isSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\v' || b == '\f' || b == '\r' }

// ReadDIMACS reads a DIMACS CNF formula. Comment lines ("c ...") are
// skipped, except "c xN = name" lines, which name variable N as
// [WriteDIMACS] writes them. Clauses may span lines and share them. Errors
// are [*ParseError] values with the line and column of the problem.
func ReadDIMACS(r io.Reader, opts ReadOptions) (*Formula, error) {
	d := &dimacsReader{f: NewFormula(), lr: newLineReader(r), opts: opts}
	for {
		line, ok := d.lr.next()
		if !ok {
			break
		}
		trimmed := strings.TrimLeft(line, " \t\v\f\r")
		switch {
		case trimmed == "":
			continue
		case trimmed[0] == 'c':
			if v, name, ok := nameComment(trimmed[1:]); ok {
				d.f.SetName(v, name)
			}
			continue
		case trimmed[0] == '%' && !opts.Strict:
			return d.finish()
		case trimmed[0] == 'p':
			if err := d.header(line); err != nil {
				return nil, err
			}
			continue
		}
		if err := d.clauses(line); err != nil {
			return nil, err
		}
	}
	return d.finish()
}

// dimacsReader is the state of ReadDIMACS.
type dimacsReader struct {
	f                    *Formula
	lr                   *lineReader
	opts                 ReadOptions
	seenHeader           bool
	headerLine           int
	declVars, declClause int
	clause               []Lit // the clause read so far, not ended by 0 yet
	clauseLine           int   // where it started
}

// header reads the header line "p cnf VARIABLES CLAUSES".
func (d *dimacsReader) header(line string) error {
	toks, cols := fields(line)
	lr := d.lr
	if d.seenHeader {
		return parseErrorf(lr.line, cols[0], "second header line (the first is on line %d)", d.headerLine)
	}
	if d.opts.Strict && (d.f.NumClauses() > 0 || len(d.clause) > 0) {
		return parseErrorf(lr.line, cols[0], "header after clauses")
	}
	if len(toks) != 4 || toks[0] != "p" || toks[1] != "cnf" {
		return parseErrorf(lr.line, cols[0], `want header "p cnf VARIABLES CLAUSES", found %q`, strings.TrimSpace(line))
	}
	var err error
	if d.declVars, err = headerCount(toks[2], math.MaxInt32); err != nil {
		return parseErrorf(lr.line, cols[2], "variable count %q: %v", toks[2], err)
	}
	if d.declClause, err = headerCount(toks[3], math.MaxInt); err != nil {
		return parseErrorf(lr.line, cols[3], "clause count %q: %v", toks[3], err)
	}
	d.seenHeader, d.headerLine = true, lr.line
	d.f.numVars = max(d.f.numVars, d.declVars)
	return nil
}

// clauses reads the literals of a line, adding each clause at its 0.
func (d *dimacsReader) clauses(line string) error {
	toks, cols := fields(line)
	if len(toks) == 0 {
		return nil
	}
	lr := d.lr
	if d.opts.Strict && !d.seenHeader {
		return parseErrorf(lr.line, cols[0], `clause before the header "p cnf VARIABLES CLAUSES"`)
	}
	for i, tok := range toks {
		n, err := strconv.ParseInt(tok, 10, 32)
		if err != nil || n == math.MinInt32 {
			return parseErrorf(lr.line, cols[i], "want a literal (a nonzero integer) or 0, found %q", tok)
		}
		if n == 0 {
			d.f.AddClause(d.clause...)
			d.clause = d.clause[:0]
			continue
		}
		l := Lit(n)
		if d.opts.Strict && l.Var() > d.declVars {
			return parseErrorf(lr.line, cols[i], "literal %d beyond the %d variables of the header", n, d.declVars)
		}
		if len(d.clause) == 0 {
			d.clauseLine = lr.line
		}
		d.clause = append(d.clause, l)
	}
	return nil
}

// finish ends the formula at the end of the input (or at a "%" line).
func (d *dimacsReader) finish() (*Formula, error) {
	f, lr := d.f, d.lr
	if lr.err != nil {
		return nil, fmt.Errorf("sat: reading DIMACS: %w", lr.err)
	}
	if len(d.clause) > 0 {
		if d.opts.Strict {
			return nil, parseErrorf(d.clauseLine, 0, "last clause does not end with 0")
		}
		f.AddClause(d.clause...)
	}
	if d.opts.Strict {
		if !d.seenHeader {
			return nil, parseErrorf(max(lr.line, 1), 0, `no header "p cnf VARIABLES CLAUSES"`)
		}
		if f.NumClauses() != d.declClause {
			return nil, parseErrorf(d.headerLine, 0, "header announces %d clauses, found %d", d.declClause, f.NumClauses())
		}
		if f.NumVars() > d.declVars {
			return nil, parseErrorf(d.headerLine, 0, "header announces %d variables, a name comment uses variable %d", d.declVars, f.NumVars())
		}
	}
	return f, nil
}

func headerCount(tok string, limit int) (int, error) {
	n, err := strconv.ParseInt(tok, 10, 64)
	if err != nil || n < 0 {
		return 0, errors.New("want a count (an integer of at least 0)")
	}
	if n > int64(limit) {
		return 0, fmt.Errorf("above the limit %d", limit)
	}
	return int(n), nil
}

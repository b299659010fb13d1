package aquariumfmt

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/waterworks-solver/waterworks/frontends/textsafe"
	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// ParseText reads one puzzle in the text format described in the package
// documentation. name is used in error messages and is the document's id
// unless the input has an id directive. Problems come back as an
// inputerr.List of up to ten positioned errors. A directive after the grid
// is one of them: Read takes it as the start of the next puzzle, ParseText
// reads one.
func ParseText(name string, data []byte) (Document, error) {
	data, err := textsafe.Check(name, data, textsafe.MaxTextLine)
	if err != nil {
		return Document{}, err
	}
	lines := strings.Split(string(data), "\n")
	p := &textParser{errs: errorList{file: name}, doc: Document{ID: name}}
	if next := p.parse(lines, 0); next < len(lines) {
		directive := tokenize(lines[next], true)[0]
		p.errs.add(next+1, directive.col, "the %s directive must come before the grid", directive.text)
	}
	if err := p.errs.err(); err != nil {
		return Document{}, err
	}
	return p.doc, nil
}

// parseTexts reads the puzzles of a text input, for Read: one, or several
// where each after the first begins with a directive (id or rule) after
// the grid of the one before, as generate writes them. Each puzzle is
// checked on its own, so the good ones come back with the problems of the
// bad ones. With several puzzles, one without an id directive is named
// "name:line", the line it starts on.
//
// Reading stops when ctx is done, checked at every line and every row
// of the grid, and returns ctx's error alone.
func parseTexts(ctx context.Context, name string, data []byte) ([]Document, error) {
	data, err := textsafe.Check(name, data, textsafe.MaxTextLine)
	if err != nil {
		return nil, err
	}
	lines := strings.Split(string(data), "\n")
	errs := errorList{file: name}
	var docs []Document
	puzzles := 0
	for from := 0; from < len(lines); puzzles++ {
		p := &textParser{ctx: ctx, errs: errorList{file: name}, doc: Document{ID: name}}
		from = p.parse(lines, from)
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if p.errs.empty() {
			docs = append(docs, p.doc)
		}
		errs.list = append(errs.list, p.errs.list...)
	}
	if puzzles > 1 {
		for i, d := range docs {
			if !d.HasID {
				docs[i].ID = fmt.Sprintf("%s:%d", name, d.Line)
			}
		}
	}
	return docs, errs.err()
}

// token is a run of characters other than spaces and tabs, with the 1-based
// byte column of its first character.
type token struct {
	text string
	col  int
}

// end returns the column just after the token.
func (t token) end() int { return t.col + len(t.text) }

// tokenize splits a line at spaces and tabs. With comments set, a token
// starting with '#' ends the line.
func tokenize(s string, comments bool) []token {
	toks := make([]token, 0, min(len(s)/2+1, 64))
	for i := 0; i < len(s); {
		if s[i] == ' ' || s[i] == '\t' {
			i++
			continue
		}
		j := i
		for j < len(s) && s[j] != ' ' && s[j] != '\t' {
			j++
		}
		if comments && s[i] == '#' {
			break
		}
		toks = append(toks, token{s[i:j], i + 1})
		i = j
	}
	return toks
}

// rowLine is a line of the grid: a row clue and the labels after it.
type rowLine struct {
	num    int
	clue   *token // nil when the line starts with a label
	labels []token
}

// label is one cell's aquarium label with its position.
type label struct {
	text      string
	line, col int
}

// phase is the part of the input the parser is in.
type phase int

const (
	inHeader   phase = iota // directives, up to the column clue line
	inRows                  // row lines, up to "solution" or the end
	inSolution              // the H rows of the solution block
	afterBlock              // comments only
	stop                    // a problem left the rest of the input meaningless
)

// textParser holds the state of one ParseText call. It reads the lines
// into the fields below, then builds the document from them.
type textParser struct {
	ctx  context.Context // nil for none; reading stops when it is done
	errs errorList
	doc  Document

	sawAnything bool
	lastLine    int     // line of the last directive, for "no grid"
	colLine     int     // line of the column clues, 0 until seen
	cols        []token // column clues
	rows        []rowLine
	solLine     int // line of "solution", 0 when there is no block
	solRows     []solutionLine
	// afterBlockSeen is set by the first non-blank line after the block.
	afterBlockSeen bool
}

// solutionLine is a line of the solution block.
type solutionLine struct {
	num  int
	toks []token
}

// parse reads one puzzle from lines[from:] and returns the index of the
// line where the next one begins: a directive after the grid, when the
// grid has rows and any solution block is complete, or len(lines).
func (p *textParser) parse(lines []string, from int) (next int) {
	state := inHeader
	for i := from; i < len(lines); i++ {
		if p.done() {
			return len(lines)
		}
		num := i + 1
		line := p.carriageReturns(num, lines[i])
		if (state == afterBlock || state == inRows && len(p.rows) > 0) && startsPuzzle(line) {
			p.finish(state)
			return i
		}
		if state == afterBlock {
			if !p.afterBlockLine(num, line) {
				break
			}
			continue
		}
		toks := tokenize(line, state != inSolution)
		if len(toks) == 0 {
			continue
		}
		p.sawAnything = true
		switch state {
		case inHeader:
			state = p.headerLine(num, toks)
		case inRows:
			state = p.rowsLine(num, toks)
		case inSolution:
			p.solRows = append(p.solRows, solutionLine{num, toks})
			if len(p.solRows) == len(p.rows) {
				state = afterBlock
			}
		}
		if state == stop {
			return len(lines)
		}
	}
	p.finish(state)
	return len(lines)
}

// done reports whether the parser's context is done, when it has one.
func (p *textParser) done() bool { return p.ctx != nil && p.ctx.Err() != nil }

// startsPuzzle reports whether a line after a grid begins the next puzzle:
// its first token is a directive.
func startsPuzzle(line string) bool {
	toks := tokenize(line, true)
	return len(toks) > 0 && (toks[0].text == "id" || toks[0].text == "rule")
}

// carriageReturns drops the '\r' of a "\r\n" line end and reports any other
// carriage return, reading it as a space.
func (p *textParser) carriageReturns(num int, line string) string {
	line = strings.TrimSuffix(line, "\r")
	if i := strings.IndexByte(line, '\r'); i >= 0 {
		p.errs.add(num, i+1, "carriage return inside a line (lines end with \\n or \\r\\n)")
		line = strings.ReplaceAll(line, "\r", " ")
	}
	return line
}

// startsClue reports whether a token is meant as a clue: it starts with a
// digit or '-'.
func startsClue(s string) bool {
	return s != "" && (s[0] == '-' || '0' <= s[0] && s[0] <= '9')
}

func (p *textParser) headerLine(num int, toks []token) phase {
	if p.doc.Line == 0 {
		p.doc.Line = num
	}
	p.lastLine = num
	word := toks[0]
	switch {
	case startsClue(word.text):
		p.colLine, p.cols = num, toks
		if len(toks) > aquarium.MaxSide {
			p.errs.add(num, toks[aquarium.MaxSide].col, "more than %d column clues: grids are at most %dx%d", aquarium.MaxSide, aquarium.MaxSide, aquarium.MaxSide)
			return stop
		}
		return inRows
	case word.text == "rule":
		p.ruleDirective(num, toks)
	case word.text == "id":
		p.idDirective(num, toks)
	case word.text == "solution":
		p.errs.add(num, word.col, "solution block before the grid")
		return stop
	default:
		p.errs.add(num, word.col, "unknown directive %q (want rule or id; the grid starts with the column clues)", word.text)
	}
	return inHeader
}

// directiveArg checks that a directive has exactly one argument and
// returns it.
func (p *textParser) directiveArg(num int, toks []token, what string) (token, bool) {
	switch {
	case len(toks) < 2:
		p.errs.add(num, toks[0].end(), "%s directive needs %s", toks[0].text, what)
		return token{}, false
	case len(toks) > 2:
		p.errs.add(num, toks[2].col, "unexpected %q after the %s directive", toks[2].text, toks[0].text)
		return token{}, false
	}
	return toks[1], true
}

func (p *textParser) ruleDirective(num int, toks []token) {
	arg, ok := p.directiveArg(num, toks, "a rule (region or pool)")
	if !ok {
		return
	}
	rule, err := aquarium.ParseRule(arg.text)
	switch {
	case err != nil:
		p.errs.add(num, arg.col, "%v", err)
	case p.doc.HasRule:
		p.errs.add(num, toks[0].col, "rule given twice")
	default:
		p.doc.Rule, p.doc.HasRule = rule, true
	}
}

func (p *textParser) idDirective(num int, toks []token) {
	arg, ok := p.directiveArg(num, toks, "a name")
	if !ok {
		return
	}
	if p.doc.HasID {
		p.errs.add(num, toks[0].col, "id given twice")
		return
	}
	p.doc.ID, p.doc.HasID = arg.text, true
}

func (p *textParser) rowsLine(num int, toks []token) phase {
	switch first := toks[0]; first.text {
	case "solution":
		if len(toks) > 1 {
			p.errs.add(num, toks[1].col, "unexpected %q after solution", toks[1].text)
		}
		if len(p.rows) == 0 {
			p.errs.add(num, first.col, "solution block before any row of the grid")
			return stop
		}
		p.solLine = num
		return inSolution
	case "rule", "id":
		p.errs.add(num, first.col, "the %s directive must come before the grid", first.text)
		return inRows
	}
	if len(p.rows) == aquarium.MaxSide {
		p.errs.add(num, toks[0].col, "more than %d rows: grids are at most %dx%d", aquarium.MaxSide, aquarium.MaxSide, aquarium.MaxSide)
		return stop
	}
	// A row starts with its clue. When the first token is no clue but the
	// rest are a full row of labels, it is a bad clue; otherwise the clue
	// is missing and every token is a label.
	row := rowLine{num: num, labels: toks}
	if startsClue(toks[0].text) || p.fullRow(toks[1:]) {
		row.clue, row.labels = &toks[0], toks[1:]
	}
	p.rows = append(p.rows, row)
	return inRows
}

// afterBlockLine reads a line after the solution block, where only
// comments may come, and reports whether to read on.
// fullRow reports whether tokens are as many labels as there are column
// clues, in the spaced or the compact form.
func (p *textParser) fullRow(toks []token) bool {
	w := len(p.cols)
	return len(toks) == w || len(toks) == 1 && utf8.RuneCountInString(toks[0].text) == w
}

func (p *textParser) afterBlockLine(num int, line string) bool {
	if strings.Trim(line, " \t") == "" {
		return true
	}
	first := !p.afterBlockSeen
	p.afterBlockSeen = true
	if first && p.looksLikeSolutionRow(line) {
		p.errs.add(num, len(line)-len(strings.TrimLeft(line, " \t"))+1, "extra solution row: the grid has %s", plural(len(p.rows), "row"))
		return false
	}
	toks := tokenize(line, true)
	switch {
	case len(toks) == 0:
		return true
	case toks[0].text == "solution":
		p.errs.add(num, toks[0].col, "second solution block")
	default:
		p.errs.add(num, toks[0].col, "unexpected %q after the solution block", toks[0].text)
	}
	return false
}

// looksLikeSolutionRow reports whether a line the parser would take for a
// comment is more likely one solution row too many: W cells of '#', '.'
// and '?', at least one of them not '#'.
func (p *textParser) looksLikeSolutionRow(line string) bool {
	cells := strings.Join(strings.Fields(line), "")
	if len(cells) != len(p.cols) || !strings.ContainsAny(cells, ".?") {
		return false
	}
	for i := 0; i < len(cells); i++ {
		if _, ok := cellOf(cells[i]); !ok {
			return false
		}
	}
	return true
}

// finish reports what is missing at the end of the input and builds the
// document from the lines read.
func (p *textParser) finish(state phase) {
	switch state {
	case inHeader:
		if !p.sawAnything {
			p.errs.add(1, 1, "empty input")
		} else {
			p.errs.add(p.lastLine, 1, "no grid: want a line of column clues after the directives")
		}
		return
	case inRows:
		if len(p.rows) == 0 {
			p.errs.add(p.colLine, p.cols[0].col, "the grid has no rows: want a line per row after the column clues")
			return
		}
	case inSolution:
		p.errs.add(p.solLine, 1, "solution block has %s, want %d (one per row of the grid)", plural(len(p.solRows), "row"), len(p.rows))
	}
	p.build()
}

// clue reads a clue token: a decimal number or '-' for a missing clue.
// Numbers too large for an int come back as -2 so that callers report them
// as larger than the line.
func clue(t token) (int, bool) {
	if t.text == "-" {
		return aquarium.NoClue, true
	}
	for i := 0; i < len(t.text); i++ {
		if t.text[i] < '0' || t.text[i] > '9' {
			return 0, false
		}
	}
	n, err := strconv.Atoi(t.text)
	if err != nil {
		return tooLarge, true
	}
	return n, true
}

// tooLarge stands for a clue that does not fit in an int.
const tooLarge = -2

// outside reports whether a clue exceeds a line of n cells.
func outside(k, n int) bool { return k == tooLarge || k > n }

func (p *textParser) build() {
	w, h := len(p.cols), len(p.rows)
	puzzle := &aquarium.Puzzle{Width: w, Height: h, Cols: make([]int, w), Rows: make([]int, h)}
	for c, t := range p.cols {
		k, ok := clue(t)
		switch {
		case !ok:
			p.errs.add(p.colLine, t.col, "want a column clue (a number or -), found %q", t.text)
		case outside(k, h):
			p.errs.add(p.colLine, t.col, "column clue %s is larger than the number of rows (%d)", t.text, h)
		}
		puzzle.Cols[c] = k
	}
	cells := p.rowLabels(w)
	if p.done() {
		return
	}
	for r, row := range p.rows {
		k, ok := 0, false
		if row.clue != nil {
			k, ok = clue(*row.clue)
		}
		switch {
		case row.clue == nil:
			p.errs.add(row.num, row.labels[0].col, "want the row clue (a number or -) before the labels, found %q", row.labels[0].text)
		case !ok:
			p.errs.add(row.num, row.clue.col, "want a row clue (a number or -), found %q", row.clue.text)
		case outside(k, w):
			p.errs.add(row.num, row.clue.col, "row clue %s is larger than the number of columns (%d)", row.clue.text, w)
		}
		puzzle.Rows[r] = k
	}
	puzzle.Regions, puzzle.Names = p.regions(cells)
	if p.done() {
		return
	}
	solution := p.solution(w)
	if !p.errs.empty() {
		return
	}
	if err := puzzle.Validate(); err != nil { // the checks above should make this unreachable
		p.errs.add(p.doc.Line, 1, "%v", err)
		return
	}
	p.doc.Puzzle, p.doc.Solution = puzzle, solution
}

// rowLabels splits every row into its W labels, reporting rows of the wrong
// width. A row of exactly one label token is compact (one character per
// label) when the grid is wider than one column.
func (p *textParser) rowLabels(w int) [][]label {
	cells := make([][]label, len(p.rows))
	widths := make([]int, len(p.rows))
	for r, row := range p.rows {
		if p.done() {
			return cells
		}
		cells[r] = make([]label, 0, w)
		if len(row.labels) == 1 && w > 1 {
			t := row.labels[0]
			if n := utf8.RuneCountInString(t.text); n != w {
				widths[r] = n // reported by checkWidth; its labels are not needed
				continue
			}
			for i, ch := range t.text {
				cells[r] = append(cells[r], label{t.text[i : i+utf8.RuneLen(ch)], row.num, t.col + i})
			}
		} else {
			for _, t := range row.labels {
				cells[r] = append(cells[r], label{t.text, row.num, t.col})
			}
		}
		widths[r] = len(cells[r])
	}
	// When the rows agree on another width, the column clues are wrong.
	if n := widths[0]; n != w && n > 0 && len(p.rows) > 1 && allEqual(widths) && !slices.ContainsFunc(p.rows, mixesForms) {
		p.errs.add(p.colLine, 1, "%s, but every row has %s", plural(w, "column clue"), plural(n, "label"))
		return cells
	}
	for r, row := range p.rows {
		p.checkWidth(row, widths[r], w)
	}
	return cells
}

func allEqual(xs []int) bool {
	for _, x := range xs {
		if x != xs[0] {
			return false
		}
	}
	return true
}

// mixesForms reports whether a row has several label tokens, some of them
// longer than one character: compact and spaced labels in one row.
func mixesForms(row rowLine) bool {
	if len(row.labels) < 2 {
		return false
	}
	for _, t := range row.labels {
		if utf8.RuneCountInString(t.text) > 1 {
			return true
		}
	}
	return false
}

func (p *textParser) checkWidth(row rowLine, n, w int) {
	if n == w {
		return
	}
	runes := 0
	for _, t := range row.labels {
		runes += utf8.RuneCountInString(t.text)
	}
	var end int // the column just after the row
	if len(row.labels) > 0 {
		end = row.labels[len(row.labels)-1].end()
	} else {
		end = row.clue.end()
	}
	switch {
	case mixesForms(row) && runes == w:
		p.errs.add(row.num, row.labels[0].col, "row mixes compact and spaced labels: write %d labels separated by spaces, or one token of %d characters", w, w)
	case n == 0:
		p.errs.add(row.num, end, "row has no labels, want %d", w)
	case len(row.labels) == 1 && n > 1:
		p.errs.add(row.num, row.labels[0].col, "compact row has %s, want %d (one per column clue)", plural(n, "label"), w)
	case n > w:
		p.errs.add(row.num, row.labels[w].col, "row has %s, want %d (one per column clue)", plural(n, "label"), w)
	default:
		p.errs.add(row.num, end, "row has %s, want %d (one per column clue)", plural(n, "label"), w)
	}
}

// regions checks the labels and numbers the aquariums in order of first
// appearance, returning the cells' ids and the labels by id.
func (p *textParser) regions(cells [][]label) ([]int, []string) {
	ids := make(map[string]int)
	var names []string
	regions := make([]int, 0, len(cells)*len(p.cols))
	var multi label // the first label of more than one character, if any
	for r, row := range cells {
		if p.done() {
			return nil, nil
		}
		for _, l := range row {
			if off, msg := labelProblem(l.text); msg != "" {
				p.errs.add(l.line, l.col+off, "%s", msg)
			}
			id, ok := ids[l.text]
			if !ok {
				id = len(names)
				ids[l.text] = id
				names = append(names, l.text)
			}
			regions = append(regions, id)
			// Rows without a clue or of the wrong width are reported
			// already; their tokens are not to be trusted as labels.
			if multi.text == "" && p.rows[r].clue != nil && len(row) == len(p.cols) && utf8.RuneCountInString(l.text) > 1 {
				multi = l
			}
		}
	}
	if multi.text != "" {
		for _, row := range p.rows {
			if len(row.labels) == 1 && len(p.cols) > 1 {
				p.errs.add(row.num, row.labels[0].col, "compact row in a puzzle with multi-character labels (%q on line %d): write the labels separated by spaces", multi.text, multi.line)
				break
			}
		}
	}
	return regions, names
}

// labelPunct lists the punctuation allowed in aquarium labels besides
// letters and digits.
const labelPunct = "_-+*/:=@$%&!~^<>()[]{}|'"

// labelProblem says what keeps s from being an aquarium label, and at which
// byte offset, or returns an empty message.
func labelProblem(s string) (int, string) {
	if s == "-" {
		return 0, "- is not an aquarium label (it marks a missing clue)"
	}
	for i, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune(labelPunct, r) {
			if r == '#' {
				return i, "'#' in an aquarium label (a comment starts with a token beginning with #)"
			}
			return i, "character " + strconv.QuoteRune(r) + " is not allowed in an aquarium label (letters, digits and " + labelPunct + " are)"
		}
	}
	return 0, ""
}

// solution reads the solution block, if any, for a grid w cells wide.
func (p *textParser) solution(w int) aquarium.Solution {
	if p.solLine == 0 {
		return aquarium.Solution{}
	}
	s := aquarium.NewSolution(w, len(p.solRows)) // checked against the grid's height in finish
	for r, row := range p.solRows {
		n, mixed := 0, false
		for _, t := range row.toks {
			k := utf8.RuneCountInString(t.text)
			n += k
			mixed = mixed || len(row.toks) > 1 && k > 1
		}
		if mixed || n != w {
			p.solutionWidth(row.num, row.toks, mixed, n, w)
			continue
		}
		c := 0 // the cell's column in the grid
		for _, t := range row.toks {
			for i, ch := range t.text {
				cell, ok := cellOf(t.text[i])
				switch {
				case !ok:
					msg := badCell(t.text, i)
					if unicode.IsLetter(ch) {
						msg += " (comments are not allowed inside the solution block)"
					}
					p.errs.add(row.num, t.col+i, "%s", msg)
				default:
					s.Cells[r*w+c] = cell
				}
				c++
			}
		}
	}
	return s
}

func (p *textParser) solutionWidth(num int, toks []token, mixed bool, n, w int) {
	last := toks[len(toks)-1]
	switch {
	case mixed && n == w:
		p.errs.add(num, toks[0].col, "solution row mixes compact and spaced cells")
	case n > w:
		p.errs.add(num, toks[0].col, "solution row has %s, want %d", plural(n, "cell"), w)
	default:
		p.errs.add(num, last.end(), "solution row has %s, want %d", plural(n, "cell"), w)
	}
}

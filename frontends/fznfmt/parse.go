// Package fznfmt reads and writes FlatZinc, the language MiniZinc compiles
// its models into, and writes the solution output of the FlatZinc
// specification.
//
// Parse reads the FlatZinc of MiniZinc 2.6 into an fzn.Model: comments,
// predicate declarations, parameters of every type (bool, int, float, set
// of int and arrays of them), variables of type bool and int (with a range,
// a set of values or no bound) and arrays of them, constraints, the solve
// item, and annotations with nested calls, arrays, strings and floats
// wherever the grammar allows them. Integer literals may be decimal, 0x
// hexadecimal or 0o octal, with a minus sign. It refuses float and set
// variables by name. It is a little more liberal than the grammar: items
// may come in any order as long as a name is declared before it is used
// and the solve item comes last, and parameters may carry annotations.
//
// Errors come as an inputerr.List of *inputerr.Error, each with file, line
// and column; Parse reports up to maxErrors of them.
//
// Write prints a model as canonical FlatZinc: Parse(Write(m)) is m again,
// positions aside, and writing that again gives the same bytes.
//
// WriteSolution, WriteStatus and WriteStats print what a FlatZinc solver
// prints: the values of the output variables with the "----------"
// separator, the status lines ("==========", "=====UNSATISFIABLE=====",
// ...) and "%%%mzn-stat: name=value" blocks. ReadOutput reads that back,
// from any FlatZinc solver, into fzn.Solutions that fzn.Check can judge.
package fznfmt

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/waterworks-solver/waterworks/frontends/inputerr"
	"github.com/waterworks-solver/waterworks/models/fzn"
)

// maxErrors is how many errors Parse reports before it gives up.
const maxErrors = 20

// maxDepth bounds the nesting of annotations and of arrays in them.
const maxDepth = 100

// checkEvery is how many items Parse reads between looks at its context.
const checkEvery = 1024

// errBail stops the reading of an item after a syntax error.
var errBail = errors.New("bail out")

// errTooMany stops the reading of the file after maxErrors errors.
var errTooMany = errors.New("too many errors")

// Parse reads a FlatZinc model from r; name is the name of the input for
// messages ("-" or "" for standard input). It stops early, returning
// ctx.Err(), when ctx is done.
func Parse(ctx context.Context, name string, r io.Reader) (*fzn.Model, error) {
	p := &parser{
		lx:      newLexer(r),
		file:    name,
		m:       new(fzn.Model),
		byName:  make(map[string]*fzn.Decl),
		preds:   make(map[string]*fzn.Predicate),
		names:   make(map[string]string),
		domains: make(map[fzn.Range]*fzn.Set),
		refused: make(map[string]bool),
	}
	if err := p.model(ctx); err != nil {
		return nil, fmt.Errorf("%s: %w", inputName(name), err)
	}
	if p.lx.err != nil {
		return nil, fmt.Errorf("%s: %w", inputName(name), p.lx.err)
	}
	if len(p.errs) > 0 {
		return nil, p.errs
	}
	return p.m, nil
}

func inputName(name string) string {
	if name == "" {
		return "-"
	}
	return name
}

// parser reads one model. Nodes are allocated from slabs, so that a file
// of millions of constraints costs few allocations.
type parser struct {
	lx   *lexer
	tok  token
	file string
	errs inputerr.List
	m    *fzn.Model

	byName   map[string]*fzn.Decl      // the declarations so far
	preds    map[string]*fzn.Predicate // the predicate declarations so far
	names    map[string]string         // interned constraint and annotation names
	domains  map[fzn.Range]*fzn.Set    // one Set per interval domain
	refused  map[string]bool           // float and set variables, refused already
	stack    []fzn.Expr                // elements of the lists being read
	values   []int64                   // elements of the set literal being read
	arena    []fzn.Expr                // storage of finished lists
	annArena []*fzn.Annotation         // storage of finished annotation lists
	solve    bool                      // the solve item has been read
	depth    int                       // nesting of annotation arguments

	bools  slab[fzn.BoolLit]
	ints   slab[fzn.IntLit]
	floats slab[fzn.FloatLit]
	sets   slab[fzn.SetLit]
	idents slab[fzn.Ident]
	arrays slab[fzn.ArrayLit]
	anns   slab[fzn.Annotation]
	decls  slab[fzn.Decl]
	cons   slab[fzn.Constraint]
}

// slab hands out pointers to the elements of large chunks.
type slab[T any] []T

func (s *slab[T]) alloc() *T {
	if len(*s) == cap(*s) {
		*s = make([]T, 0, 256)
	}
	*s = (*s)[:len(*s)+1]
	return &(*s)[len(*s)-1]
}

// list moves p.stack[start:] into the arena and returns it.
func (p *parser) list(start int) []fzn.Expr {
	n := len(p.stack) - start
	if n == 0 {
		return []fzn.Expr{}
	}
	if cap(p.arena)-len(p.arena) < n {
		p.arena = make([]fzn.Expr, 0, max(n, 4096))
	}
	k := len(p.arena)
	p.arena = append(p.arena, p.stack[start:]...)
	clear(p.stack[start:])
	p.stack = p.stack[:start]
	return p.arena[k : k+n : k+n]
}

func (p *parser) next() { p.lx.next(&p.tok) }

// errorf records an error at pos.
func (p *parser) errorf(pos fzn.Pos, format string, args ...any) {
	p.errs.Add(p.file, int(pos.Line), int(pos.Col), format, args...)
	if len(p.errs) >= maxErrors {
		panic(errTooMany)
	}
}

// fail records a syntax error at the current token and abandons the item.
func (p *parser) fail(format string, args ...any) {
	p.errorf(p.tok.pos, format, args...)
	panic(errBail)
}

// want fails unless the current token is of kind k; what names what is
// wanted in the message.
func (p *parser) want(k tokKind, what string) {
	if p.tok.kind != k {
		p.wanted(what)
	}
}

// wanted fails with "want what, found ...", or with the lexer's message
// when the current token is bad.
func (p *parser) wanted(what string) {
	if p.tok.kind == tBad {
		p.fail("%s", p.tok.msg)
	}
	p.fail("want %s, found %s", what, p.describe())
}

// expect checks the kind of the current token and reads the next one.
func (p *parser) expect(k tokKind, what string) {
	p.want(k, what)
	p.next()
}

// describe names the current token for a message.
func (p *parser) describe() string {
	t := &p.tok
	switch t.kind {
	case tEOF:
		return "the end of the input"
	case tIdent, tInt, tFloat:
		return shorten(t.text)
	case tString:
		return "a string"
	}
	return fmt.Sprintf("%q", punct[t.kind])
}

var punct = map[tokKind]string{
	tSemi: ";", tColon: ":", tColons: "::", tComma: ",", tLParen: "(", tRParen: ")",
	tLBrack: "[", tRBrack: "]", tLBrace: "{", tRBrace: "}", tDotDot: "..", tEq: "=",
}

// itemStart holds the keywords that start an item.
var itemStart = map[string]bool{
	"predicate": true, "constraint": true, "solve": true, "array": true, "var": true,
	"bool": true, "int": true, "float": true, "set": true,
}

// isKeyword reports whether the current token is the identifier kw.
func (p *parser) isKeyword(kw string) bool {
	return p.tok.kind == tIdent && string(p.tok.text) == kw
}

// keyword reads the identifier kw.
func (p *parser) keyword(kw string) {
	if !p.isKeyword(kw) {
		p.wanted(strconv.Quote(kw))
	}
	p.next()
}

// model reads items up to the end of the input.
func (p *parser) model(ctx context.Context) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if r != errTooMany {
				panic(r)
			}
			p.errs.Add(p.file, 0, 0, "too many errors")
		}
	}()
	p.next()
	for n := 0; p.tok.kind != tEOF; n++ {
		if n%checkEvery == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		p.item()
	}
	if !p.solve {
		p.errorf(p.tok.pos, "missing solve item at the end of the input")
	}
	return nil
}

// item reads one item; after a syntax error it skips past the next ';'.
func (p *parser) item() {
	defer func() {
		if r := recover(); r != nil {
			if r != errBail {
				panic(r)
			}
			p.depth = 0
			p.stack = p.stack[:0]
			p.skipItem()
		}
	}()
	if p.solve {
		p.wanted("the end of the input after the solve item")
	}
	pos := p.tok.pos
	switch {
	case p.isKeyword("predicate"):
		p.predicate(pos)
	case p.isKeyword("constraint"):
		p.constraint(pos)
	case p.isKeyword("solve"):
		p.solveItem(pos)
	case p.isKeyword("array"), p.isKeyword("var"), p.isKeyword("bool"), p.isKeyword("int"),
		p.isKeyword("float"), p.isKeyword("set"):
		p.decl(pos)
	default:
		p.wanted("a declaration, a constraint or the solve item")
	}
}

// skipItem skips tokens up to and including the next ';', or up to a
// keyword that starts an item at the start of a line.
func (p *parser) skipItem() {
	for p.tok.kind != tSemi && p.tok.kind != tEOF {
		p.next()
		if p.tok.first && p.tok.kind == tIdent && itemStart[string(p.tok.text)] {
			return
		}
	}
	if p.tok.kind == tSemi {
		p.next()
	}
}

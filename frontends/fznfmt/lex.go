package fznfmt

import (
	"bytes"
	"errors"
	"io"
	"math"
	"strconv"

	"github.com/waterworks-solver/waterworks/models/fzn"
)

// tokKind is the kind of a token.
type tokKind uint8

const (
	tEOF tokKind = iota
	tIdent
	tInt
	tFloat
	tString
	tSemi   // ;
	tColon  // :
	tColons // ::
	tComma  // ,
	tLParen
	tRParen
	tLBrack
	tRBrack
	tLBrace
	tRBrace
	tDotDot // ..
	tEq     // =
	tBad    // a character or literal that is not FlatZinc; msg says why
)

// token is one token. Its text is valid until the next token is read.
type token struct {
	kind tokKind
	pos  fzn.Pos
	text []byte  // tIdent, tInt, tFloat: as written; tString: decoded
	ival int64   // tInt
	fval float64 // tFloat
	msg  string  // tBad
	// first is set when no other token comes before this one on its line.
	first bool
}

// chunkSize is how much the lexer reads at a time.
const chunkSize = 64 << 10

// lexer splits a FlatZinc text into tokens, reading it a chunk at a time
// so that a file of any size costs one chunk of memory (plus the longest
// token).
type lexer struct {
	r       io.Reader
	buf     []byte
	i       int   // next byte to read in buf
	off     int64 // offset in the input of buf[0]
	eof     bool
	err     error // a read error other than io.EOF
	line    int64
	lineOff int64 // offset in the input of the current line's first byte
	tokLine int64 // the line of the last token
	scratch []byte
}

func newLexer(r io.Reader) *lexer {
	return &lexer{r: r, buf: make([]byte, 0, chunkSize), line: 1}
}

// fill reads more input, keeping buf[i:]; it returns false at the end.
func (l *lexer) fill() bool {
	if l.eof {
		return false
	}
	n := copy(l.buf[:cap(l.buf)], l.buf[l.i:])
	l.off += int64(l.i)
	l.i = 0
	l.buf = l.buf[:n]
	for len(l.buf) < cap(l.buf) {
		m, err := l.r.Read(l.buf[len(l.buf):cap(l.buf)])
		l.buf = l.buf[:len(l.buf)+m]
		if err != nil {
			l.eof = true
			if !errors.Is(err, io.EOF) {
				l.err = err
			}
			break
		}
		if m > 0 {
			break
		}
	}
	return len(l.buf) > n
}

// peek returns the byte k places ahead, or -1 at the end of the input.
func (l *lexer) peek(k int) int {
	for l.i+k >= len(l.buf) {
		if !l.fill() {
			return -1
		}
	}
	return int(l.buf[l.i+k])
}

// pos returns the position of the next byte.
func (l *lexer) pos() fzn.Pos {
	return fzn.Pos{Line: clamp32(l.line), Col: clamp32(l.off + int64(l.i) - l.lineOff + 1)}
}

func clamp32(x int64) int32 { return int32(min(x, math.MaxInt32)) }

// Classes of bytes, for the scanning loops.
var (
	identChars, digits, octDigits, hexDigits, spaces [256]bool
)

func init() {
	for c := range 256 {
		identChars[c] = isLetter(c) || isDigit(c) || c == '_'
		digits[c] = isDigit(c)
		octDigits[c] = '0' <= c && c <= '7'
		hexDigits[c] = isDigit(c) || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
	}
	for _, c := range " \t\r\f\v" {
		spaces[c] = true
	}
}

// skipSpace skips white space and comments.
func (l *lexer) skipSpace() {
	for {
		for l.i < len(l.buf) && spaces[l.buf[l.i]] {
			l.i++
		}
		switch l.peek(0) {
		case ' ', '\t', '\r', '\f', '\v':
			continue
		case '\n':
			l.i++
			l.line++
			l.lineOff = l.off + int64(l.i)
		case '%':
			l.skipComment()
		default:
			return
		}
	}
}

// skipComment skips to the end of the line.
func (l *lexer) skipComment() {
	for {
		if k := bytes.IndexByte(l.buf[l.i:], '\n'); k >= 0 {
			l.i += k
			return
		}
		l.i = len(l.buf)
		if !l.fill() {
			return
		}
	}
}

// next reads the next token into t.
func (l *lexer) next(t *token) {
	l.skipSpace()
	*t = token{pos: l.pos(), first: l.line != l.tokLine}
	l.tokLine = l.line
	c := l.peek(0)
	switch {
	case c == -1:
		t.kind = tEOF
	case isLetter(c) || c == '_':
		l.ident(t)
	case isDigit(c) || c == '-':
		l.number(t)
	case c == '"':
		l.str(t)
	default:
		l.i++
		t.kind = tBad
		switch c {
		case ';':
			t.kind = tSemi
		case ',':
			t.kind = tComma
		case '(':
			t.kind = tLParen
		case ')':
			t.kind = tRParen
		case '[':
			t.kind = tLBrack
		case ']':
			t.kind = tRBrack
		case '{':
			t.kind = tLBrace
		case '}':
			t.kind = tRBrace
		case '=':
			t.kind = tEq
		case ':':
			t.kind = tColon
			if l.peek(0) == ':' {
				l.i++
				t.kind = tColons
			}
		case '.':
			if l.peek(0) == '.' {
				l.i++
				t.kind = tDotDot
			} else {
				t.msg = `unexpected "."`
			}
		default:
			t.msg = "unexpected character " + quoteByte(byte(c))
		}
	}
}

func isLetter(c int) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isDigit(c int) bool  { return '0' <= c && c <= '9' }

func quoteByte(c byte) string {
	if c < 0x80 {
		return strconv.QuoteRune(rune(c))
	}
	return "byte 0x" + strconv.FormatUint(uint64(c), 16)
}

// take appends bytes of the class to the token text.
func (l *lexer) take(class *[256]bool) {
	for {
		buf := l.buf[l.i:]
		n := 0
		for n < len(buf) && class[buf[n]] {
			n++
		}
		l.scratch = append(l.scratch, buf[:n]...)
		l.i += n
		if n < len(buf) || !l.fill() {
			return
		}
	}
}

func (l *lexer) ident(t *token) {
	l.scratch = l.scratch[:0]
	l.take(&identChars)
	t.kind, t.text = tIdent, l.scratch
}

// number reads an int literal (decimal, 0x hex, 0o octal) or a float
// literal, with an optional leading minus sign. Like MiniZinc, it does not
// read "1." of "1..5" as a float.
func (l *lexer) number(t *token) {
	l.scratch = l.scratch[:0]
	if l.peek(0) == '-' {
		l.scratch = append(l.scratch, '-')
		l.i++
		if !isDigit(l.peek(0)) {
			t.kind, t.msg = tBad, `a "-" must start a number`
			return
		}
	}
	if l.peek(0) == '0' && (l.peek(1) == 'x' || l.peek(1) == 'o') {
		l.based(t)
		return
	}
	l.take(&digits)
	float := false
	if l.peek(0) == '.' && isDigit(l.peek(1)) {
		float = true
		l.scratch = append(l.scratch, '.')
		l.i++
		l.take(&digits)
	}
	if c := l.peek(0); c == 'e' || c == 'E' {
		k := 1
		if s := l.peek(1); s == '+' || s == '-' {
			k = 2
		}
		if isDigit(l.peek(k)) {
			float = true
			for range k {
				l.scratch = append(l.scratch, byte(l.peek(0)))
				l.i++
			}
			l.take(&digits)
		}
	}
	if isLetter(l.peek(0)) || l.peek(0) == '_' {
		l.take(&identChars)
		t.kind, t.msg = tBad, "malformed number "+shorten(l.scratch)
		return
	}
	t.text = l.scratch
	if float {
		f, err := strconv.ParseFloat(string(l.scratch), 64)
		if err != nil || math.IsInf(f, 0) {
			t.kind, t.msg = tBad, "the float "+shorten(l.scratch)+" is out of range"
			return
		}
		t.kind, t.fval = tFloat, f
		return
	}
	l.setInt(t, l.scratch, 10)
}

// based reads 0x... or 0o... (after any minus sign).
func (l *lexer) based(t *token) {
	base, digit := 16, &hexDigits
	if l.peek(1) == 'o' {
		base, digit = 8, &octDigits
	}
	l.scratch = append(l.scratch, '0', byte(l.peek(1)))
	l.i += 2
	start := len(l.scratch)
	l.take(digit)
	if len(l.scratch) == start || isLetter(l.peek(0)) || isDigit(l.peek(0)) || l.peek(0) == '_' {
		l.take(&identChars)
		t.kind, t.msg = tBad, "malformed number "+shorten(l.scratch)
		return
	}
	ds := append([]byte(nil), l.scratch[:start-2]...) // the sign
	ds = append(ds, l.scratch[start:]...)
	t.text = l.scratch
	l.setInt(t, ds, base)
}

func (l *lexer) setInt(t *token, digits []byte, base int) {
	v, err := strconv.ParseInt(string(digits), base, 64)
	if err != nil {
		t.kind, t.msg = tBad, "the integer "+shorten(t.text)+" does not fit in 64 bits"
		return
	}
	t.kind, t.ival = tInt, v
}

// str reads a string literal, decoding \n, \t, \r, \", \\ and \'; a
// backslash before any other character stands for itself.
func (l *lexer) str(t *token) {
	l.i++ // the opening quote
	l.scratch = l.scratch[:0]
	for {
		c := l.peek(0)
		switch c {
		case -1, '\n':
			t.kind, t.msg = tBad, "unterminated string: it must end on its line"
			return
		case '"':
			l.i++
			t.kind, t.text = tString, l.scratch
			return
		case '\\':
			e := l.peek(1)
			if e == -1 || e == '\n' {
				l.i++
				continue
			}
			l.i += 2
			switch e {
			case 'n':
				l.scratch = append(l.scratch, '\n')
			case 't':
				l.scratch = append(l.scratch, '\t')
			case 'r':
				l.scratch = append(l.scratch, '\r')
			case '"', '\\', '\'':
				l.scratch = append(l.scratch, byte(e))
			default:
				l.scratch = append(l.scratch, '\\', byte(e))
			}
		default:
			l.scratch = append(l.scratch, byte(c))
			l.i++
		}
	}
}

// shorten quotes text for a message, cutting it when it is long.
func shorten(text []byte) string {
	const max = 40
	if len(text) > max {
		return strconv.Quote(string(text[:max])) + "..."
	}
	return strconv.Quote(string(text))
}

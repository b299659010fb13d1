package fznfmt

import (
	"github.com/waterworks-solver/waterworks/models/fzn"
)

// expr reads a constraint argument or the value of a declaration: a
// literal, a name, or an array literal of them.
func (p *parser) expr() fzn.Expr {
	if p.tok.kind != tLBrack {
		return p.basic()
	}
	pos := p.tok.pos
	p.next()
	start := len(p.stack)
	for p.tok.kind != tRBrack {
		if len(p.stack) > start {
			p.expect(tComma, `"," or "]"`)
		}
		if p.tok.kind == tLBrack {
			p.fail("arrays do not nest in FlatZinc")
		}
		e := p.basic()
		p.stack = append(p.stack, e)
	}
	p.next()
	a := p.arrays.alloc()
	a.Pos, a.Elems = pos, p.list(start)
	return a
}

// checkUniform reports an array literal whose elements are of different
// types.
func (p *parser) checkUniform(a *fzn.ArrayLit) {
	var first fzn.Elem
	for _, e := range a.Elems {
		if e == nil {
			continue
		}
		el, ok := fzn.ElemOf(e)
		if !ok {
			p.errorf(e.Position(), "an array element must not be an array: %s", fzn.Format(e))
			return
		}
		if first == 0 {
			first = el
		} else if el != first {
			p.errorf(e.Position(), "the array mixes %s and %s values", first, el)
			return
		}
	}
}

// basic reads a literal or a name. It returns nil for a name it has
// reported already (undeclared, or a refused variable).
func (p *parser) basic() fzn.Expr {
	pos := p.tok.pos
	switch p.tok.kind {
	case tInt:
		v := p.tok.ival
		p.next()
		if p.tok.kind == tDotDot {
			p.next()
			s := p.sets.alloc()
			s.Pos, s.Set = pos, p.interval(v, p.intLit())
			return s
		}
		x := p.ints.alloc()
		x.Pos, x.Value = pos, v
		return x
	case tFloat:
		v := p.tok.fval
		p.next()
		if p.tok.kind == tDotDot {
			p.fail("sets of floats are not supported")
		}
		x := p.floats.alloc()
		x.Pos, x.Value = pos, v
		return x
	case tLBrace:
		s := p.sets.alloc()
		s.Pos, s.Set = pos, p.setElems()
		return s
	case tIdent:
		switch string(p.tok.text) {
		case "true", "false":
			b := p.bools.alloc()
			b.Pos, b.Value = pos, p.tok.text[0] == 't'
			p.next()
			return b
		}
		return p.use()
	case tString:
		p.fail("strings may appear only in annotations")
	}
	p.wanted("a value")
	return nil
}

// use reads a name that must have been declared.
func (p *parser) use() fzn.Expr {
	pos := p.tok.pos
	d := p.byName[string(p.tok.text)]
	if d == nil {
		switch {
		case p.refused[string(p.tok.text)]:
		case reserved[string(p.tok.text)]:
			p.fail("want a value, found the keyword %s", p.describe())
		default:
			p.errorf(pos, "undeclared name %s", shorten(p.tok.text))
		}
		p.next()
		return nil
	}
	p.next()
	x := p.idents.alloc()
	x.Pos, x.Decl = pos, d
	return x
}

// annotations reads any number of `:: annotation`.
func (p *parser) annotations() []*fzn.Annotation {
	if p.tok.kind != tColons {
		return nil
	}
	start := len(p.stack)
	for p.tok.kind == tColons {
		p.next()
		a := p.annotation()
		p.stack = append(p.stack, a)
	}
	n := len(p.stack) - start
	if cap(p.annArena)-len(p.annArena) < n {
		p.annArena = make([]*fzn.Annotation, 0, max(n, 1024))
	}
	k := len(p.annArena)
	for _, e := range p.stack[start:] {
		p.annArena = append(p.annArena, e.(*fzn.Annotation))
	}
	clear(p.stack[start:])
	p.stack = p.stack[:start]
	return p.annArena[k : k+n : k+n]
}

// annotation reads `name` or `name(arg, ...)`.
func (p *parser) annotation() *fzn.Annotation {
	a := p.anns.alloc()
	a.Pos, a.Name = p.tok.pos, p.callee("an annotation")
	p.next()
	if p.tok.kind == tLParen {
		a.Args = p.annArgs(tRParen, `"," or ")"`)
	}
	return a
}

// annArgs reads the arguments of an annotation or the elements of an
// array in one, after the opening bracket, up to the closing one. It
// returns nil for an empty list of arguments.
func (p *parser) annArgs(end tokKind, what string) []fzn.Expr {
	if p.depth++; p.depth > maxDepth {
		p.fail("annotations nested more than %d deep", maxDepth)
	}
	p.next()
	start := len(p.stack)
	for p.tok.kind != end {
		if len(p.stack) > start {
			p.expect(tComma, what)
		}
		e := p.annExpr()
		p.stack = append(p.stack, e)
	}
	p.next()
	p.depth--
	if len(p.stack) == start && end == tRParen {
		return nil
	}
	return p.list(start)
}

// annExpr reads an annotation argument: a literal, a string, a name, an
// annotation or an array of these.
func (p *parser) annExpr() fzn.Expr {
	pos := p.tok.pos
	switch p.tok.kind {
	case tLBrack:
		a := p.arrays.alloc()
		a.Pos, a.Elems = pos, p.annArgs(tRBrack, `"," or "]"`)
		return a
	case tString:
		s := &fzn.StringLit{Pos: pos, Value: string(p.tok.text)}
		p.next()
		return s
	case tIdent:
		if t := string(p.tok.text); t == "true" || t == "false" || reserved[t] {
			return p.basic()
		}
		d := p.byName[string(p.tok.text)]
		a := p.annotation()
		if d != nil && a.Args == nil {
			x := p.idents.alloc()
			x.Pos, x.Decl = pos, d
			return x
		}
		return a
	}
	return p.basic()
}

// constraint reads `constraint name(arg, ...) annotations;`.
func (p *parser) constraint(pos fzn.Pos) {
	p.next()
	c := p.cons.alloc()
	c.Pos, c.Name = pos, p.callee("the name of a predicate")
	p.next()
	p.expect(tLParen, `"("`)
	start := len(p.stack)
	for p.tok.kind != tRParen {
		if len(p.stack) > start {
			p.expect(tComma, `"," or ")"`)
		}
		e := p.expr()
		if a, ok := e.(*fzn.ArrayLit); ok {
			p.checkUniform(a)
		}
		p.stack = append(p.stack, e)
	}
	p.next()
	c.Args = p.list(start)
	c.Anns = p.annotations()
	p.expect(tSemi, `";" at the end of the constraint`)
	p.m.Constraints = append(p.m.Constraints, c)
}

// solveItem reads `solve annotations satisfy|minimize e|maximize e;`.
func (p *parser) solveItem(pos fzn.Pos) {
	p.solve = true // even when it has an error: it is not missing
	p.next()
	s := fzn.Solve{Pos: pos, Anns: p.annotations()}
	switch {
	case p.isKeyword("satisfy"):
		s.Method = fzn.Satisfy
	case p.isKeyword("minimize"):
		s.Method = fzn.Minimize
	case p.isKeyword("maximize"):
		s.Method = fzn.Maximize
	default:
		p.wanted("satisfy, minimize or maximize")
	}
	p.next()
	if s.Method != fzn.Satisfy {
		s.Objective = p.basic()
		if el, ok := fzn.ElemOf(s.Objective); s.Objective != nil && (!ok || el != fzn.Int) {
			p.errorf(s.Objective.Position(), "the objective must be an integer, not %s", fzn.Format(s.Objective))
		}
	}
	p.expect(tSemi, `";" at the end of the solve item`)
	p.m.Solve = s
}

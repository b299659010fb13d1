package fznfmt

import (
	"github.com/waterworks-solver/waterworks/models/fzn"
)

// reserved holds the keywords of the FlatZinc specification, which cannot
// name anything.
var reserved = map[string]bool{
	"annotation": true, "any": true, "array": true, "bool": true, "case": true,
	"constraint": true, "diff": true, "div": true, "else": true, "elseif": true,
	"endif": true, "enum": true, "false": true, "float": true, "function": true,
	"if": true, "in": true, "include": true, "int": true, "intersect": true,
	"let": true, "list": true, "maximize": true, "minimize": true, "mod": true,
	"not": true, "of": true, "satisfy": true, "subset": true, "superset": true,
	"output": true, "par": true, "predicate": true, "record": true, "set": true,
	"solve": true, "string": true, "symdiff": true, "test": true, "then": true,
	"true": true, "tuple": true, "union": true, "type": true, "var": true,
	"where": true, "xor": true,
}

// intern returns the current token's text as a string, one string for all
// equal texts.
func (p *parser) intern() string {
	if s, ok := p.names[string(p.tok.text)]; ok {
		return s
	}
	s := string(p.tok.text)
	p.names[s] = s
	return s
}

// callee reads the name of a predicate, a constraint or an annotation.
func (p *parser) callee(what string) string {
	p.want(tIdent, what)
	if reserved[string(p.tok.text)] {
		p.fail("want %s, found the keyword %s", what, p.describe())
	}
	return p.intern()
}

// name reads the name of a declaration or a parameter.
func (p *parser) name() (string, fzn.Pos) {
	p.want(tIdent, "a name")
	pos := p.tok.pos
	if reserved[string(p.tok.text)] {
		p.fail("want a name, found the keyword %s", p.describe())
	}
	s := string(p.tok.text)
	p.next()
	return s, pos
}

// predicate reads `predicate name(type: param, ...);`.
func (p *parser) predicate(pos fzn.Pos) {
	p.next()
	pred := &fzn.Predicate{Pos: pos, Name: p.callee("the name of the predicate")}
	p.next()
	p.expect(tLParen, `"("`)
	for p.tok.kind != tRParen {
		if len(pred.Params) > 0 {
			p.expect(tComma, `"," or ")"`)
		}
		ppos := p.tok.pos
		t := p.typ(true)
		p.expect(tColon, `":" after the type`)
		name, _ := p.name()
		p.annotations() // MiniZinc's own libraries annotate parameters; FlatZinc has no use for it
		pred.Params = append(pred.Params, fzn.Param{Pos: ppos, Name: name, Type: t})
	}
	p.next()
	p.expect(tSemi, `";" at the end of the predicate declaration`)
	if q := p.preds[pred.Name]; q != nil {
		p.errorf(pos, "predicate %s is declared twice (first at %s)", pred.Name, q.Pos)
		return
	}
	p.preds[pred.Name] = pred
	p.m.Predicates = append(p.m.Predicates, pred)
}

// typ reads a type; pred allows the forms only predicate parameters have.
func (p *parser) typ(pred bool) fzn.Type {
	var t fzn.Type
	if p.isKeyword("array") {
		p.next()
		p.expect(tLBrack, `"["`)
		if pred && p.isKeyword("int") {
			p.next()
			t.Len = fzn.AnyLen
			for p.tok.kind == tComma { // array [int,int]: a table of a global
				p.next()
				p.keyword("int")
				t.Dims = max(t.Dims, 1) + 1
			}
		} else {
			t.Len = p.indexSet()
		}
		p.expect(tRBrack, `"]" (FlatZinc arrays have one dimension; predicate parameters may have several "int")`)
		p.keyword("of")
		t.Array = true
	}
	if p.isKeyword("var") {
		p.next()
		t.Var = true
	}
	pos := p.tok.pos
	p.baseType(&t)
	if !pred && !t.Var && (t.Domain != nil || t.FloatDomain != nil) {
		p.errorf(pos, "a parameter's type has no domain in FlatZinc (only predicate parameters do): %s", t)
	}
	return t
}

// indexSet reads the 1..n of an array type and returns n.
func (p *parser) indexSet() int {
	pos := p.tok.pos
	if p.isKeyword("int") {
		p.fail("want an index set 1..n (array [int] is for predicate parameters only)")
	}
	lo := p.intLit()
	p.expect(tDotDot, `".."`)
	hi := p.intLit()
	if lo != 1 || hi < 0 {
		p.errorf(pos, "want an index set 1..n with n >= 0, found %d..%d", lo, hi)
	}
	return int(max(hi, 0))
}

// baseType reads what follows "var" or "array [...] of [var]".
func (p *parser) baseType(t *fzn.Type) {
	switch {
	case p.isKeyword("bool"):
		t.Elem = fzn.Bool
		p.next()
	case p.isKeyword("int"):
		t.Elem = fzn.Int
		p.next()
	case p.isKeyword("float"):
		t.Elem = fzn.Float
		p.next()
	case p.isKeyword("set"):
		p.next()
		p.keyword("of")
		t.Elem = fzn.IntSet
		if p.isKeyword("int") {
			p.next()
			return
		}
		t.Domain = p.domain()
	case p.tok.kind == tFloat:
		lo := p.tok.fval
		p.next()
		p.expect(tDotDot, `".."`)
		p.want(tFloat, "a float")
		t.Elem, t.FloatDomain = fzn.Float, &fzn.FloatRange{Lo: lo, Hi: p.tok.fval}
		p.next()
	case p.tok.kind == tInt || p.tok.kind == tLBrace:
		t.Elem = fzn.Int
		t.Domain = p.domain()
	default:
		p.wanted("a type")
	}
}

// domain reads lo..hi or {v1, ..., vn}.
func (p *parser) domain() *fzn.Set {
	if p.tok.kind == tLBrace {
		return p.setElems()
	}
	lo := p.intLit()
	p.expect(tDotDot, `".."`)
	return p.interval(lo, p.intLit())
}

// interval returns the set lo..hi, one Set for all equal intervals.
func (p *parser) interval(lo, hi int64) *fzn.Set {
	r := fzn.Range{Lo: lo, Hi: hi}
	if s, ok := p.domains[r]; ok {
		return s
	}
	s := fzn.SetOf(r)
	p.domains[r] = s
	return s
}

// setElems reads {v1, ..., vn} of integers.
func (p *parser) setElems() *fzn.Set {
	p.expect(tLBrace, `"{"`)
	p.values = p.values[:0]
	for p.tok.kind != tRBrace {
		if len(p.values) > 0 {
			p.expect(tComma, `"," or "}"`)
		}
		if p.tok.kind == tFloat {
			p.fail("sets of floats are not supported")
		}
		p.values = append(p.values, p.intLit())
	}
	p.next()
	return fzn.SetOfValues(p.values...)
}

// intLit reads an integer literal.
func (p *parser) intLit() int64 {
	p.want(tInt, "an integer")
	v := p.tok.ival
	p.next()
	return v
}

// decl reads a parameter or variable declaration.
func (p *parser) decl(pos fzn.Pos) {
	t := p.typ(false)
	p.expect(tColon, `":" after the type`)
	name, _ := p.name()
	anns := p.annotations()
	var value fzn.Expr
	if p.tok.kind == tEq {
		p.next()
		value = p.expr()
	}
	p.expect(tSemi, `";" at the end of the declaration`)
	if t.Var && (t.Elem == fzn.Float || t.Elem == fzn.IntSet) {
		kind := "float"
		if t.Elem == fzn.IntSet {
			kind = "set"
		}
		p.errorf(pos, "%s variables are not supported: %s: %s", kind, t, name)
		p.refused[name] = true
		return
	}
	d := p.decls.alloc()
	*d = fzn.Decl{Pos: pos, Name: name, Type: t, Value: value, Anns: anns}
	p.checkDecl(d)
	if first := p.m.Lookup(name); first != nil {
		p.errorf(pos, "%s is declared twice (first at %s)", name, first.Pos)
		return
	}
	if p.refused[name] {
		p.errorf(pos, "%s is declared twice", name)
		return
	}
	p.m.Declare(d)
	p.byName[name] = d
}

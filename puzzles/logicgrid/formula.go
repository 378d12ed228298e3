// The parser of clues: a recursive descent from a line's tokens to a formula
// (node) over sums (expr), with the limits of one clue.

package logicgrid

import (
	"errors"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"
)

// Limits of one clue. The parser is recursive, so nesting costs stack;
// the enumeration of a clue's ways is exponential in the attributes it
// names, and evaluation walks the whole expression at every step of it.
const (
	// MaxNesting bounds the depth of parentheses, absolute values, "not"
	// and unary minus in a clue. Real clues nest two or three deep; 100
	// keeps the parser's stack small whatever the input.
	MaxNesting = 100
	// MaxOperands bounds the values, attributes and numbers one clue
	// names. Published clues name at most six; a clue of 64 attributes
	// could not have its ways enumerated anyway.
	MaxOperands = 64
)

// parser is a recursive-descent parser of one clue.
type parser struct {
	p        *Puzzle
	toks     []token
	pos      int
	line     int
	depth    int // the nesting depth, bounded by MaxNesting
	operands int // the operands read, bounded by MaxOperands
}

// enter counts one level of nesting at t; leave undoes it.
func (ps *parser) enter(t token) error {
	if ps.depth++; ps.depth > MaxNesting {
		return ps.errf(t, "the clue nests deeper than %d levels (parentheses, |...|, not, unary minus)", MaxNesting)
	}
	return nil
}

func (ps *parser) leave() { ps.depth-- }

// operand counts one operand at t.
func (ps *parser) countOperand(t token) error {
	if ps.operands++; ps.operands > MaxOperands {
		return ps.errf(t, "the clue names more than %d values, attributes and numbers; split it", MaxOperands)
	}
	return nil
}

// bigNumber reports whether s is a whole number past the int64 range.
func bigNumber(s string) bool {
	_, err := strconv.ParseInt(strings.TrimPrefix(s, "-"), 10, 64)
	return errors.Is(err, strconv.ErrRange)
}

// errBig reports a number past the int64 range at t.
func (ps *parser) errBig(t token, s string) error {
	return ps.errf(t, "the number %s is past the largest whole number, %d", s, math.MaxInt64)
}

func (ps *parser) peek() token {
	if ps.pos < len(ps.toks) {
		return ps.toks[ps.pos]
	}
	return token{kind: tEOF}
}

func (ps *parser) next() token { t := ps.peek(); ps.pos++; return t }

func (ps *parser) isWord(w string) bool { t := ps.peek(); return t.kind == tIdent && t.text == w }

func (ps *parser) errf(t token, format string, args ...any) error {
	return ps.p.errAt(ps.line, t, format, args...)
}

// formula = xorf { "or" xorf } ; xorf = conj { "xor" conj } ;
// conj = unary { "and" unary }.
func (ps *parser) formula() (*node, error) { return ps.binary(0) }

var levels = [...]struct {
	word string
	kind nodeKind
}{{"or", kOr}, {"xor", kXor}, {"and", kAnd}}

func (ps *parser) binary(level int) (*node, error) {
	if level == len(levels) {
		return ps.unary()
	}
	x, err := ps.binary(level + 1)
	if err != nil {
		return nil, err
	}
	for ps.isWord(levels[level].word) {
		ps.next()
		y, err := ps.binary(level + 1)
		if err != nil {
			return nil, err
		}
		x = &node{kind: levels[level].kind, kids: []*node{x, y}}
	}
	return x, nil
}

// unary = "not" unary | "(" formula ")" | atom. A parenthesis may also
// open an arithmetic expression, "(X.pos - Y.pos) % 2 = 0": it is read as
// a formula first and, if that fails or an arithmetic operator follows,
// again as an atom.
func (ps *parser) unary() (*node, error) {
	if err := ps.enter(ps.peek()); err != nil {
		return nil, err
	}
	defer ps.leave()
	if ps.isWord("not") {
		ps.next()
		x, err := ps.unary()
		if err != nil {
			return nil, err
		}
		return &node{kind: kNot, kids: []*node{x}}, nil
	}
	if ps.peek().kind == tLParen {
		save := ps.pos
		ps.next()
		x, err := ps.formula()
		if err == nil {
			if t := ps.next(); t.kind != tRParen {
				err = ps.errf(t, "want \")\", found %s", t)
			}
		}
		if err == nil {
			switch ps.peek().kind {
			case tCmp, tPlus, tMinus, tPercent:
			default:
				return x, nil
			}
		}
		end := ps.pos
		ps.pos = save
		y, err2 := ps.atom()
		if err2 == nil {
			return y, nil
		}
		if err != nil && end > ps.pos {
			return nil, err
		}
		return nil, err2
	}
	return ps.atom()
}

// operand is what may stand on either side of a comparison: a bare value
// (an entity) or an arithmetic expression.
type operand struct {
	bare   bool
	ref    Ref
	tok    token // where the operand starts
	name   string
	e      *expr
	minmax string // "max" or "min", resolved against the other side
	err    error  // a bare number that names no value, or several
}

// atom = operand ( cmp operand | ["not"] "in" set ).
func (ps *parser) atom() (*node, error) {
	l, err := ps.operand()
	if err != nil {
		return nil, err
	}
	if ps.isWord("not") || ps.isWord("in") {
		neg := false
		if ps.isWord("not") {
			ps.next()
			neg = true
			if !ps.isWord("in") {
				return nil, ps.errf(ps.peek(), "want \"in\" after \"not\", found %s", ps.peek())
			}
		}
		ps.next()
		return ps.member(l, neg)
	}
	t := ps.next()
	if t.kind != tCmp {
		return nil, ps.errf(t, "want a comparison (= != < <= > >=) or \"in\", found %s", t)
	}
	r, err := ps.operand()
	if err != nil {
		return nil, err
	}
	return ps.compare(l, t, r)
}

func (ps *parser) member(l operand, neg bool) (*node, error) {
	if !l.bare {
		return nil, ps.errf(l.tok, "\"in\" wants a value on its left, such as Tom")
	}
	if l.err != nil {
		return nil, ps.errf(l.tok, "%v", l.err)
	}
	n := &node{kind: kMember, a: l.ref, neg: neg, cat: -1}
	t := ps.peek()
	if t.kind == tIdent && !isKeyword(t.text) && ps.p.group(t.text) >= 0 {
		ps.next()
		g := ps.p.Groups[ps.p.group(t.text)]
		n.cat = g.Cat
		for _, v := range g.Values {
			n.set |= 1 << v
		}
		return n, nil
	}
	if t.kind != tLBrace {
		if t.kind == tIdent {
			return nil, ps.errf(t, "unknown group %q", t.text)
		}
		return nil, ps.errf(t, "want a group name or {value, ...} after \"in\", found %s", t)
	}
	ps.next()
	for {
		vt := ps.peek()
		r, err := ps.ref()
		if err != nil {
			return nil, err
		}
		if n.cat >= 0 && r.Cat != n.cat {
			return nil, ps.errf(vt, "the set mixes categories %s and %s", ps.p.Categories[n.cat].Name, ps.p.Categories[r.Cat].Name)
		}
		n.cat = r.Cat
		n.set |= 1 << r.Val
		t := ps.next()
		if t.kind == tRBrace {
			return n, nil
		}
		if t.kind != tComma {
			return nil, ps.errf(t, "want \",\" or \"}\", found %s", t)
		}
	}
}

// compare builds a same-entity atom when both sides are bare values and
// the operator is = or !=, otherwise an arithmetic comparison.
func (ps *parser) compare(l operand, opTok token, r operand) (*node, error) {
	op := opTok.op
	if l.bare && r.bare {
		if op != opEq && op != opNe {
			return nil, ps.errf(opTok, "%s compares numbers, not entities: compare attributes such as %s.CATEGORY", opTok.text, l.name)
		}
		for _, o := range []operand{l, r} {
			if o.err != nil {
				return nil, ps.errf(o.tok, "%v", o.err)
			}
		}
		return &node{kind: kSame, a: l.ref, b: r.ref, neg: op == opNe}, nil
	}
	// "Tom.hobby = reading": an attribute equal to a value of its category.
	if op == opEq || op == opNe {
		for _, s := range [2][2]*operand{{&l, &r}, {&r, &l}} {
			a, v := s[0], s[1]
			if !a.bare && a.e != nil && a.e.kind == eAttr && v.bare && !ps.p.Categories[a.e.cat].Numeric {
				ref, err := ps.p.Lookup(ps.qualify(v.name, a.e.cat))
				if err != nil {
					return nil, ps.errf(v.tok, "%v", err)
				}
				return &node{kind: kMember, a: a.e.ref, cat: a.e.cat, set: 1 << ref.Val, neg: op == opNe}, nil
			}
		}
	}
	if l.minmax == "" && r.minmax != "" { // report "max" first
		if _, err := ps.arith(r, l); err != nil {
			return nil, err
		}
	}
	le, err := ps.arith(l, r)
	if err != nil {
		return nil, err
	}
	re, err := ps.arith(r, l)
	if err != nil {
		return nil, err
	}
	for _, e := range []*expr{le, re} {
		if err := ps.numeric(e); err != nil {
			return nil, err
		}
	}
	for _, e := range []*expr{le, re} {
		if lo, hi := ps.span(e); !fits(lo) || !fits(hi) {
			return nil, ps.errf(opTok, "the arithmetic of this clue can reach %v, past the 64-bit range (%d to %d)", outside(lo, hi), -math.MaxInt64, math.MaxInt64)
		}
	}
	return &node{kind: kCmp, op: op, l: le, r: re}, nil
}

// span returns bounds of the values e and every part of it can take, in
// big integers; a part past the int64 range makes a bound past it too, so
// a clue whose bounds fit never overflows when evaluated (value in
// ways.go uses int arithmetic).
func (ps *parser) span(e *expr) (lo, hi *big.Int) {
	switch e.kind {
	case eLit:
		return big.NewInt(int64(e.val)), big.NewInt(int64(e.val))
	case eAttr:
		nums := ps.p.Categories[e.cat].Nums
		a, b := slices.Min(nums), slices.Max(nums)
		return big.NewInt(int64(a)), big.NewInt(int64(b))
	case eNeg, eAbs:
		l, h := ps.span(e.x)
		nl, nh := new(big.Int).Neg(h), new(big.Int).Neg(l)
		if e.kind == eNeg {
			return nl, nh
		}
		m := h
		if nl.Cmp(m) > 0 {
			m = nl
		}
		if l.Sign() >= 0 {
			return l, h
		}
		return big.NewInt(0), m
	case eMod:
		l, h := ps.span(e.x)
		if !fits(l) || !fits(h) {
			return l, h
		}
		return big.NewInt(0), big.NewInt(int64(e.y.val - 1))
	}
	xl, xh := ps.span(e.x)
	yl, yh := ps.span(e.y)
	// a part out of range must not be hidden by a sum in range
	for _, b := range []*big.Int{xl, xh, yl, yh} {
		if !fits(b) {
			return b, b
		}
	}
	if e.kind == eAdd {
		return new(big.Int).Add(xl, yl), new(big.Int).Add(xh, yh)
	}
	return new(big.Int).Sub(xl, yh), new(big.Int).Sub(xh, yl)
}

// fits reports whether b is within the int64 range, less one at the
// bottom so that negating it fits too.
func fits(b *big.Int) bool {
	return b.IsInt64() && b.Int64() != math.MinInt64
}

// outside returns the bound of lo, hi that does not fit.
func outside(lo, hi *big.Int) *big.Int {
	if !fits(hi) {
		return hi
	}
	return lo
}

// numeric checks that every attribute of e is of a numeric category.
func (ps *parser) numeric(e *expr) error {
	if e == nil {
		return nil
	}
	if e.kind == eAttr && !ps.p.Categories[e.cat].Numeric {
		name := ps.p.Categories[e.cat].Name
		return ps.errf(token{col: e.col}, "category %s is not numeric: no arithmetic or comparison on it (declare it with \"(numeric)\")", name)
	}
	if err := ps.numeric(e.x); err != nil {
		return err
	}
	return ps.numeric(e.y)
}

// qualify prefixes a bare name with category c unless it is qualified.
func (ps *parser) qualify(name string, c int) string {
	if strings.IndexByte(name, ':') >= 0 {
		return name
	}
	return ps.p.Categories[c].Name + ":" + name
}

// arith turns an operand into an expression: a bare number is a literal,
// max and min take the extreme of the other side's category.
func (ps *parser) arith(o, other operand) (*expr, error) {
	switch {
	case o.minmax != "":
		if other.bare || other.e == nil || other.e.kind != eAttr || !ps.p.Categories[other.e.cat].Numeric {
			return nil, ps.errf(o.tok, "%s needs an attribute on the other side, such as X.age = %s", o.minmax, o.minmax)
		}
		nums := ps.p.Categories[other.e.cat].Nums
		best := nums[0]
		for _, n := range nums {
			if o.minmax == "max" && n > best || o.minmax == "min" && n < best {
				best = n
			}
		}
		return &expr{kind: eLit, val: best}, nil
	case o.bare:
		if n, err := strconv.Atoi(o.name); err == nil {
			return &expr{kind: eLit, val: n}, nil
		}
		return nil, ps.errf(o.tok, "%s is not a number: write %s.CATEGORY to compare one of its attributes", o.name, o.name)
	}
	return o.e, nil
}

// operand = ref | sum. A sum that is a single name without "." is bare.
func (ps *parser) operand() (operand, error) {
	t := ps.peek()
	if err := ps.countOperand(t); err != nil {
		return operand{}, err
	}
	if (t.kind == tIdent || t.kind == tNumber) && !isKeyword(t.text) {
		// A bare value is a name not followed by "." or an arithmetic
		// operator.
		save := ps.pos
		name := ps.refName()
		switch ps.peek().kind {
		case tDot, tPlus, tMinus, tPercent:
			ps.pos = save
		default:
			o := operand{bare: true, tok: t, name: name}
			r, err := ps.p.Lookup(name)
			if err != nil && bigNumber(name) {
				return o, ps.errBig(t, name)
			}
			if err != nil {
				if _, nerr := strconv.Atoi(name); nerr != nil {
					return o, ps.errf(t, "%v", err)
				}
				// A number that is no value (or an ambiguous one) may
				// still be a literal of arithmetic.
				r, o.err = Ref{-1, -1}, err
			}
			o.ref = r
			return o, nil
		}
	}
	if (t.text == "max" || t.text == "min") && t.kind == tIdent {
		ps.next()
		return operand{tok: t, minmax: t.text}, nil
	}
	e, err := ps.sum()
	if err != nil {
		return operand{}, err
	}
	return operand{tok: t, e: e}, nil
}

// refName reads a possibly qualified name: NAME or CATEGORY:NAME.
func (ps *parser) refName() string {
	t := ps.next()
	if ps.peek().kind == tColon && !t.spaceAfter {
		ps.next()
		v := ps.next()
		return t.text + ":" + v.text
	}
	return t.text
}

// ref reads a value name and resolves it.
func (ps *parser) ref() (Ref, error) {
	t := ps.peek()
	if t.kind != tIdent && t.kind != tNumber {
		return Ref{}, ps.errf(t, "want a value, found %s", t)
	}
	name := ps.refName()
	r, err := ps.p.Lookup(name)
	if err != nil {
		return Ref{}, ps.errf(t, "%v", err)
	}
	return r, nil
}

// sum = term { ("+" | "-") term }.
func (ps *parser) sum() (*expr, error) {
	x, err := ps.term()
	if err != nil {
		return nil, err
	}
	for {
		k := eAdd
		switch ps.peek().kind {
		case tPlus:
		case tMinus:
			k = eSub
		default:
			return x, nil
		}
		ps.next()
		y, err := ps.term()
		if err != nil {
			return nil, err
		}
		x = &expr{kind: k, x: x, y: y}
	}
}

// term = factor { "%" number }.
func (ps *parser) term() (*expr, error) {
	x, err := ps.factor()
	if err != nil {
		return nil, err
	}
	for ps.peek().kind == tPercent {
		ps.next()
		t := ps.next()
		n, err := strconv.Atoi(t.text)
		if bigNumber(t.text) {
			return nil, ps.errBig(t, t.text)
		}
		if t.kind != tNumber || err != nil || n <= 0 {
			return nil, ps.errf(t, "want a positive number after %%, found %s", t)
		}
		x = &expr{kind: eMod, x: x, y: &expr{kind: eLit, val: n}}
	}
	return x, nil
}

// factor = number | ref "." category | "|" sum "|" | "(" sum ")" | "-" factor.
func (ps *parser) factor() (*expr, error) {
	t := ps.peek()
	if err := ps.enter(t); err != nil {
		return nil, err
	}
	defer ps.leave()
	switch t.kind {
	case tMinus:
		ps.next()
		x, err := ps.factor()
		if err != nil {
			return nil, err
		}
		return &expr{kind: eNeg, x: x}, nil
	case tBar:
		ps.next()
		x, err := ps.sum()
		if err != nil {
			return nil, err
		}
		if c := ps.next(); c.kind != tBar {
			return nil, ps.errf(c, "want \"|\" closing the absolute value, found %s", c)
		}
		return &expr{kind: eAbs, x: x}, nil
	case tLParen:
		ps.next()
		x, err := ps.sum()
		if err != nil {
			return nil, err
		}
		if c := ps.next(); c.kind != tRParen {
			return nil, ps.errf(c, "want \")\", found %s", c)
		}
		return x, nil
	case tIdent, tNumber:
		if isKeyword(t.text) {
			return nil, ps.errf(t, "unexpected %q", t.text)
		}
		if err := ps.countOperand(t); err != nil {
			return nil, err
		}
		name := ps.refName()
		if ps.peek().kind != tDot {
			if n, err := strconv.Atoi(name); err == nil {
				return &expr{kind: eLit, val: n}, nil
			}
			if bigNumber(name) {
				return nil, ps.errBig(t, name)
			}
			return nil, ps.errf(t, "%s is not a number: write %s.CATEGORY", name, name)
		}
		r, err := ps.p.Lookup(name)
		if err != nil {
			return nil, ps.errf(t, "%v", err)
		}
		ps.next()
		ct := ps.next()
		c := -1
		if ct.kind == tIdent {
			c = ps.p.category(ct.text)
		}
		if c < 0 {
			return nil, ps.errf(ct, "unknown category %s after \".\"", ct)
		}
		return &expr{kind: eAttr, ref: r, cat: c, col: ct.col}, nil
	}
	return nil, ps.errf(t, "want a value, a number or an expression, found %s", t)
}

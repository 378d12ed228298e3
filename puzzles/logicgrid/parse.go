package logicgrid

import (
	"io"
	"os"
	"strings"

	"github.com/branchwise/branchwise/scan"
)

// The file format (docs/logicgrid.md has the EBNF): '#' starts a comment;
// header lines "name: v1 v2 ... [(numeric)]" declare the categories, the
// first being the key; "group NAME: v1 v2 ..." names a set of values of one
// category; every other non-blank line is a clue.

// ParseError is an error at a place of a puzzle file: the error type of
// every branchwise reader.
type ParseError = scan.Error

// Parse reads a puzzle; name is the file name used in messages.
func Parse(r io.Reader, name string) (*Puzzle, error) {
	p := &Puzzle{Name: name}
	sc := scan.NewLines(r, name)
	line := 0
	for sc.Scan() {
		line = sc.Line()
		if err := p.parseLine(sc.Text(), line); err != nil {
			return nil, err
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(p.Categories) == 0 {
		return nil, scan.Errorf(scan.Position{File: name, Line: max(line, 1), Col: 1}, "no categories declared")
	}
	return p, nil
}

// ParseString parses a puzzle held in a string.
func ParseString(s, name string) (*Puzzle, error) { return Parse(strings.NewReader(s), name) }

func (p *Puzzle) errAt(line int, t token, format string, args ...any) error {
	return scan.Errorf(scan.Position{File: p.Name, Line: line, Col: t.col}, format, args...)
}

func (p *Puzzle) parseLine(text string, line int) error {
	toks, lerr := lex(text)
	if lerr != nil {
		lerr.Pos.File, lerr.Pos.Line = p.Name, line
		return lerr
	}
	if len(toks) == 1 { // only the end token
		return nil
	}
	// A header is a name, then a colon followed by a space or the end of
	// the line; "age:12 = Tom" (no space) is a clue with a qualified name.
	if toks[0].kind == tIdent && toks[1].kind == tColon && toks[1].spaceAfter {
		return p.parseCategory(toks, line)
	}
	if toks[0].kind == tIdent && toks[0].text == "group" && toks[1].kind == tIdent && toks[2].kind == tColon {
		return p.parseGroup(toks, line)
	}
	if len(p.Categories) == 0 {
		return p.errAt(line, toks[0], "a clue before any category: declare categories first (\"name: v1 v2 ...\")")
	}
	ps := &parser{p: p, toks: toks, line: line}
	f, err := ps.formula()
	if err != nil {
		return err
	}
	if t := ps.peek(); t.kind != tEOF {
		return p.errAt(line, t, "unexpected %s after the clue", t)
	}
	p.Clues = append(p.Clues, Clue{Line: line, Text: strings.TrimSpace(stripComment(text)), f: f})
	return nil
}

func stripComment(s string) string {
	if i := strings.IndexByte(s, '#'); i >= 0 {
		return s[:i]
	}
	return s
}

func (p *Puzzle) parseCategory(toks []token, line int) error {
	if len(p.Clues) > 0 {
		return p.errAt(line, toks[0], "category %q declared after the clues", toks[0].text)
	}
	if isKeyword(toks[0].text) {
		return p.errAt(line, toks[0], "%q is a keyword and cannot name a category", toks[0].text)
	}
	c := Category{Name: toks[0].text}
	rest := toks[2 : len(toks)-1]
	if n := len(rest); n >= 3 && rest[n-3].kind == tLParen && rest[n-2].kind == tIdent && rest[n-2].text == "numeric" && rest[n-1].kind == tRParen {
		c.Numeric = true
		rest = rest[:n-3]
	}
	for i, t := range rest {
		if t.kind == tComma && i > 0 && rest[i-1].kind != tComma {
			continue
		}
		if t.kind != tIdent && t.kind != tNumber {
			return p.errAt(line, t, "want a value of category %s, found %s", c.Name, t)
		}
		if isKeyword(t.text) {
			return p.errAt(line, t, "%q is a keyword; it cannot be a value", t.text)
		}
		c.Values = append(c.Values, t.text)
	}
	if err := p.addCategory(c); err != nil {
		return p.errAt(line, toks[0], "%v", err)
	}
	return nil
}

func (p *Puzzle) parseGroup(toks []token, line int) error {
	g := Group{Name: toks[1].text, Cat: -1}
	if p.group(g.Name) >= 0 {
		return p.errAt(line, toks[1], "group %q declared twice", g.Name)
	}
	if len(p.Categories) == 0 {
		return p.errAt(line, toks[0], "a group before any category")
	}
	rest := toks[3 : len(toks)-1]
	ps := &parser{p: p, toks: rest, line: line}
	for ps.peek().kind != tEOF {
		if ps.peek().kind == tComma && len(g.Values) > 0 {
			ps.next()
			continue
		}
		t := ps.peek()
		r, err := ps.ref()
		if err != nil {
			return err
		}
		if g.Cat >= 0 && r.Cat != g.Cat {
			return p.errAt(line, t, "group %s mixes categories %s and %s", g.Name, p.Categories[g.Cat].Name, p.Categories[r.Cat].Name)
		}
		g.Cat = r.Cat
		g.Values = append(g.Values, r.Val)
	}
	if len(g.Values) == 0 {
		return p.errAt(line, toks[2], "group %s has no values", g.Name)
	}
	p.Groups = append(p.Groups, g)
	return nil
}

// ParseFile reads the puzzle file name.
func ParseFile(name string) (*Puzzle, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Parse(f, name)
}

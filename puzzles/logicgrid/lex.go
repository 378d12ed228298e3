// The lexer of clues: the tokens of a puzzle file's lines.

package logicgrid

import (
	"fmt"
	"strconv"

	"github.com/branchwise/branchwise/scan"
)

func isKeyword(s string) bool {
	switch s {
	case "and", "or", "xor", "not", "in", "max", "min", "group":
		return true
	}
	return false
}

// Tokens.
type tokKind uint8

const (
	tEOF tokKind = iota
	tIdent
	tNumber
	tColon
	tDot
	tComma
	tLParen
	tRParen
	tLBrace
	tRBrace
	tBar
	tPlus
	tMinus
	tPercent
	tCmp
)

type token struct {
	kind       tokKind
	text       string
	col        int // 1-based, in bytes
	op         cmpOp
	spaceAfter bool
}

func (t token) String() string {
	if t.kind == tEOF {
		return "the end of the line"
	}
	return strconv.Quote(t.text)
}

func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '&' || c >= 0x80
}

func isLetter(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c >= 0x80
}

// lex splits a line into tokens, ending with tEOF. A name is letters,
// digits, '_', '&' and non-ASCII bytes, with inner hyphens followed by a
// letter ("almond-milk", "Music-Genre"); so "x-1" is x minus 1.
func lex(s string) ([]token, *ParseError) {
	var toks []token
	i := 0
	for i < len(s) {
		c := s[i]
		start := i
		switch {
		case c == '#':
			i = len(s)
			continue
		case c == ' ' || c == '\t' || c == '\r':
			if len(toks) > 0 {
				toks[len(toks)-1].spaceAfter = true
			}
			i++
			continue
		case isNameByte(c):
			for i < len(s) && (isNameByte(s[i]) || s[i] == '-' && i+1 < len(s) && isLetter(s[i+1]) && i > start) {
				i++
			}
			word := s[start:i]
			kind := tIdent
			if _, err := strconv.Atoi(word); err == nil || bigNumber(word) {
				kind = tNumber
			}
			toks = append(toks, token{kind: kind, text: word, col: start + 1})
			continue
		}
		t := token{text: string(c), col: start + 1}
		i++
		switch c {
		case ':':
			t.kind = tColon
		case '.':
			t.kind = tDot
		case ',':
			t.kind = tComma
		case '(':
			t.kind = tLParen
		case ')':
			t.kind = tRParen
		case '{':
			t.kind = tLBrace
		case '}':
			t.kind = tRBrace
		case '|':
			t.kind = tBar
		case '+':
			t.kind = tPlus
		case '-':
			t.kind = tMinus
		case '%':
			t.kind = tPercent
		case '=':
			t.kind, t.op = tCmp, opEq
			if i < len(s) && s[i] == '=' {
				i++
			}
		case '!':
			if i < len(s) && s[i] == '=' {
				i++
				t.kind, t.op = tCmp, opNe
				break
			}
			return nil, &ParseError{Pos: scan.Position{Col: start + 1}, Msg: `unexpected "!" (want "!=" or "not")`}
		case '<', '>':
			t.kind, t.op = tCmp, opLt
			if c == '>' {
				t.op = opGt
			}
			if i < len(s) && s[i] == '=' {
				i++
				t.op++
			}
		default:
			return nil, &ParseError{Pos: scan.Position{Col: start + 1}, Msg: fmt.Sprintf("unexpected character %q", c)}
		}
		t.text = s[start:i]
		if i == len(s) {
			t.spaceAfter = true
		}
		toks = append(toks, t)
	}
	if len(toks) > 0 && !toks[len(toks)-1].spaceAfter {
		toks[len(toks)-1].spaceAfter = true
	}
	return append(toks, token{kind: tEOF, col: len(s) + 1}), nil
}

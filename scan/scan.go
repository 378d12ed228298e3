package scan

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"sort"
)

// MaxLineBytes is the longest line Lines returns: 16 MiB. Every format
// branchwise reads has lines of a few hundred bytes at most (a DLX option
// with ten thousand items is 100 KB); a longer line is a wrong file, and
// reading it whole would only spend memory before the error.
const MaxLineBytes = 16 << 20

// Position is a place in a file: lines and columns count from 1; a Col of
// 0 means the whole line, a Line of 0 the whole file.
type Position struct {
	File string
	Line int
	Col  int
}

// String formats p as file:line:col, leaving out what is zero.
func (p Position) String() string {
	s := p.File
	if s == "" {
		s = "-"
	}
	if p.Line > 0 {
		s += fmt.Sprintf(":%d", p.Line)
		if p.Col > 0 {
			s += fmt.Sprintf(":%d", p.Col)
		}
	}
	return s
}

// Error is an error at a position of an input file.
type Error struct {
	Pos Position
	Msg string
}

// Error formats e as "file:line:col: msg".
func (e *Error) Error() string { return e.Pos.String() + ": " + e.Msg }

// Errorf returns an *Error at pos.
func Errorf(pos Position, format string, args ...any) *Error {
	return &Error{Pos: pos, Msg: fmt.Sprintf(format, args...)}
}

// ErrorList is a list of errors, sorted by position by Sort.
type ErrorList []*Error

// Add appends an error at pos.
func (l *ErrorList) Add(pos Position, msg string) { *l = append(*l, &Error{pos, msg}) }

// Sort orders the list by file, line and column.
func (l ErrorList) Sort() {
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i].Pos, l[j].Pos
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
}

// Error prints the first error and how many more there are.
func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0], len(l)-1)
}

// Err returns l as an error, or nil if it is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// AsError reports whether err is or wraps an *Error, and returns it.
func AsError(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

// Lines reads an input line by line. Use it like bufio.Scanner:
//
//	ln := scan.NewLines(r, file)
//	for ln.Scan() {
//		use(ln.Text(), ln.Pos())
//	}
//	if err := ln.Err(); err != nil { ... }
type Lines struct {
	r       *bufio.Reader
	file    string
	line    int
	buf     []byte
	err     error
	done    bool
	pendCR  bool // the last line ended in '\r': skip a '\n' that follows
	started bool
	// Max is the longest line accepted, in bytes; MaxLineBytes by default.
	Max int
}

// NewLines returns a line reader of r; file names the input in errors.
func NewLines(r io.Reader, file string) *Lines {
	return &Lines{r: bufio.NewReaderSize(r, 64<<10), file: file, Max: MaxLineBytes}
}

var bom = []byte{0xEF, 0xBB, 0xBF}

// Scan advances to the next line; it returns false at the end of the input
// or on an error (see Err).
func (l *Lines) Scan() bool {
	if l.done {
		return false
	}
	if !l.started {
		l.started = true
		if b, err := l.r.Peek(3); err == nil && bytes.Equal(b, bom) {
			l.r.Discard(3)
		}
	}
	l.buf = l.buf[:0]
	for {
		c, err := l.r.ReadByte()
		if err != nil {
			l.done = true
			if err != io.EOF {
				l.err = &Error{Position{l.file, l.line + 1, 0}, err.Error()}
				return false
			}
			if len(l.buf) == 0 { // "a\n" is one line, not two
				return false
			}
			l.line++
			return true
		}
		if l.pendCR {
			l.pendCR = false
			if c == '\n' {
				continue
			}
		}
		switch c {
		case '\n':
			l.line++
			return true
		case '\r':
			l.pendCR = true
			l.line++
			return true
		}
		if len(l.buf) >= l.Max {
			l.done = true
			l.err = &Error{Position{l.file, l.line + 1, 0}, fmt.Sprintf("line longer than %d bytes", l.Max)}
			return false
		}
		l.buf = append(l.buf, c)
		// Copy runs of ordinary bytes at once.
		if n := l.r.Buffered(); n > 0 {
			b, _ := l.r.Peek(n)
			k := bytes.IndexAny(b, "\r\n")
			if k < 0 {
				k = len(b)
			}
			if k > l.Max-len(l.buf) {
				k = l.Max - len(l.buf)
			}
			l.buf = append(l.buf, b[:k]...)
			l.r.Discard(k)
		}
	}
}

// Text returns the current line without its line end.
func (l *Lines) Text() string { return string(l.buf) }

// Bytes returns the current line; it is overwritten by the next Scan.
func (l *Lines) Bytes() []byte { return l.buf }

// Line returns the number of the current line, from 1.
func (l *Lines) Line() int { return l.line }

// Pos returns the position of column col (from 1; 0 for the whole line) of
// the current line.
func (l *Lines) Pos(col int) Position { return Position{l.file, l.line, col} }

// Errorf returns an *Error at column col of the current line.
func (l *Lines) Errorf(col int, format string, args ...any) *Error {
	return Errorf(l.Pos(col), format, args...)
}

// Err returns the error that stopped Scan, nil at the end of the input.
func (l *Lines) Err() error {
	if l.err == nil {
		return nil
	}
	return l.err
}

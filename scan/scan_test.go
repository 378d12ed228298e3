package scan

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

func lines(t *testing.T, in string, max int) ([]string, error) {
	t.Helper()
	ln := NewLines(strings.NewReader(in), "f")
	if max > 0 {
		ln.Max = max
	}
	var out []string
	for ln.Scan() {
		if ln.Line() != len(out)+1 {
			t.Fatalf("%q: line %d after %d lines", in, ln.Line(), len(out))
		}
		out = append(out, ln.Text())
	}
	return out, ln.Err()
}

func TestLines(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want string // lines joined by '|'
	}{
		{"", ""},
		{"a", "a"},
		{"a\n", "a"},
		{"a\nb", "a|b"},
		{"a\r\nb\r\n", "a|b"},
		{"a\rb\r", "a|b"},
		{"a\r\rb", "a||b"},
		{"a\n\nb\n", "a||b"},
		{"\xEF\xBB\xBFa\nb", "a|b"},
		{"\xEF\xBB\xBF", ""},
		{"a\xEF\xBB\xBF", "a\xEF\xBB\xBF"},
		{"\n", ""},
		{"\n\n", "|"},
	} {
		got, err := lines(t, tc.in, 0)
		if err != nil {
			t.Fatalf("%q: %v", tc.in, err)
		}
		if g := strings.Join(got, "|"); g != tc.want || (tc.want == "" && len(got) > 1) {
			t.Errorf("%q: got %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestLinesEmptyVsOneBlank(t *testing.T) {
	got, _ := lines(t, "\n", 0)
	if len(got) != 1 || got[0] != "" {
		t.Errorf("\"\\n\": got %q, want one empty line", got)
	}
	got, _ = lines(t, "", 0)
	if len(got) != 0 {
		t.Errorf("\"\": got %q, want none", got)
	}
}

func TestLongLine(t *testing.T) {
	in := "ok\n" + strings.Repeat("x", 100) + "\nmore\n"
	got, err := lines(t, in, 50)
	var e *Error
	if !errors.As(err, &e) || e.Pos.Line != 2 || !strings.Contains(e.Msg, "longer than 50 bytes") {
		t.Fatalf("got %q, %v; want an error at line 2", got, err)
	}
	if err.Error() != "f:2: line longer than 50 bytes" {
		t.Errorf("message %q", err)
	}
	// A line of exactly Max bytes is fine, even read one byte at a time.
	ln := NewLines(iotest.OneByteReader(strings.NewReader(strings.Repeat("y", 50)+"\n")), "f")
	ln.Max = 50
	if !ln.Scan() || len(ln.Text()) != 50 || ln.Scan() || ln.Err() != nil {
		t.Errorf("a 50-byte line: %d bytes, %v", len(ln.Text()), ln.Err())
	}
}

func TestNoTokenLimit(t *testing.T) {
	long := strings.Repeat("z", 1<<20) // past bufio.Scanner's 64 KiB default
	got, err := lines(t, long+"\nb", 0)
	if err != nil || len(got) != 2 || len(got[0]) != 1<<20 {
		t.Fatalf("%d lines, %v", len(got), err)
	}
}

func TestReadError(t *testing.T) {
	ln := NewLines(io.MultiReader(strings.NewReader("a\n"), iotest.ErrReader(errors.New("disk on fire"))), "f")
	for ln.Scan() {
	}
	if err := ln.Err(); err == nil || err.Error() != "f:2: disk on fire" {
		t.Errorf("got %v", err)
	}
}

func TestPosition(t *testing.T) {
	for _, tc := range []struct {
		p    Position
		want string
	}{
		{Position{"a.txt", 3, 7}, "a.txt:3:7"},
		{Position{"a.txt", 3, 0}, "a.txt:3"},
		{Position{"a.txt", 0, 0}, "a.txt"},
		{Position{"", 2, 1}, "-:2:1"},
	} {
		if got := tc.p.String(); got != tc.want {
			t.Errorf("%#v: %q, want %q", tc.p, got, tc.want)
		}
	}
}

func TestErrorList(t *testing.T) {
	var l ErrorList
	if l.Err() != nil {
		t.Fatal("empty list is an error")
	}
	l.Add(Position{"b", 1, 1}, "second")
	l.Add(Position{"a", 9, 2}, "first")
	l.Add(Position{"a", 9, 1}, "zeroth")
	l.Sort()
	if got := l.Err().Error(); got != "a:9:1: zeroth (and 2 more errors)" {
		t.Errorf("got %q", got)
	}
	if e, ok := AsError(l[1]); !ok || e.Msg != "first" {
		t.Errorf("AsError: %v %v", e, ok)
	}
}

package cliflag

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"golang.org/x/term"
)

// WriteJSON prints v as one indented JSON object (what --json prints).
func WriteJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// CreateFile creates the file name and writes it with write (--svg,
// --dlx).
func CreateFile(name string, write func(io.Writer) error) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// IsTerminal reports whether w is a terminal.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// progressEvery is the least time between two status lines: more often
// than a few times a second only flickers.
const progressEvery = 200 * time.Millisecond

// Progress writes a one-line status to standard error, overwritten in
// place, at most every progressEvery, and only when standard error is a
// terminal. A nil *Progress prints nothing.
type Progress struct {
	w       io.Writer
	Enabled bool
	last    time.Time
	width   int
}

// NewProgress returns the status line of stderr.
func NewProgress(stderr io.Writer) *Progress {
	return &Progress{w: stderr, Enabled: IsTerminal(stderr)}
}

// Printf replaces the status line, unless one was printed very recently.
func (p *Progress) Printf(format string, args ...any) {
	if p == nil || !p.Enabled {
		return
	}
	now := time.Now()
	if now.Sub(p.last) < progressEvery {
		return
	}
	p.last = now
	s := fmt.Sprintf(format, args...)
	pad := ""
	if n := p.width - len(s); n > 0 {
		pad = strings.Repeat(" ", n)
	}
	p.width = len(s)
	fmt.Fprintf(p.w, "\r%s%s", s, pad)
}

// Done clears the status line.
func (p *Progress) Done() {
	if p == nil || !p.Enabled || p.width == 0 {
		return
	}
	fmt.Fprintf(p.w, "\r%s\r", strings.Repeat(" ", p.width))
	p.width = 0
}

// ReadFile reads the file name with read, which names the file in its
// errors. With stdin not nil, name "-" reads stdin instead, named
// "<stdin>".
func ReadFile[T any](name string, stdin io.Reader, read func(io.Reader, string) (T, error)) (T, error) {
	if name == "-" && stdin != nil {
		return read(stdin, "<stdin>")
	}
	f, err := os.Open(name)
	if err != nil {
		var zero T
		return zero, err
	}
	defer f.Close()
	return read(f, name)
}

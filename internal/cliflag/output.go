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

// Table is a result that prints itself as text.
type Table interface{ WriteTable(io.Writer) error }

// Output prints rep to w as one JSON object (asJSON: WriteJSON) or as its
// table.
func Output(w io.Writer, asJSON bool, rep Table) error {
	if asJSON {
		return WriteJSON(w, rep)
	}
	return rep.WriteTable(w)
}

// Drawing is a result that also draws itself.
type Drawing interface {
	Table
	WriteSVG(io.Writer) error
}

// OutputSVG draws rep to the file svg when one is named (--svg), then
// prints it (Output).
func OutputSVG(w io.Writer, asJSON bool, rep Drawing, svg string) error {
	if svg != "" {
		if err := CreateFile(svg, rep.WriteSVG); err != nil {
			return err
		}
	}
	return Output(w, asJSON, rep)
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

// Colour reports whether pictures written to w are drawn in colour by
// default: w is a terminal and NO_COLOR (no-color.org) is unset or empty.
func Colour(w io.Writer) bool { return IsTerminal(w) && os.Getenv("NO_COLOR") == "" }

// progressEvery is the least time between two status lines: more often
// than a few times a second only flickers.
const progressEvery = 200 * time.Millisecond

// ProgressLineEvery is the time between two progress lines where standard
// error is not a terminal (--progress always): a batch job's log gets a line
// every half minute, not thousands.
const ProgressLineEvery = 30 * time.Second

// ProgressMode is the --progress setting: "auto" shows progress only on a
// terminal, "always" also to a file or pipe (a line every
// ProgressLineEvery), "never" not at all.
var ProgressMode = "auto"

// Progress writes a one-line status to standard error, overwritten in
// place, at most every progressEvery, when standard error is a terminal;
// with ProgressMode "always" and no terminal, whole lines at most every
// ProgressLineEvery. A nil *Progress prints nothing.
type Progress struct {
	w       io.Writer
	Enabled bool
	lines   bool
	last    time.Time
	width   int
}

// NewProgress returns the status line of stderr.
func NewProgress(stderr io.Writer) *Progress {
	tty := IsTerminal(stderr)
	on := ProgressMode == "always" || ProgressMode == "auto" && tty
	// The first line of a log comes after one interval, like the next ones.
	return &Progress{w: stderr, Enabled: on, lines: !tty, last: time.Now()}
}

// Printf replaces the status line, unless one was printed very recently.
func (p *Progress) Printf(format string, args ...any) {
	if p == nil || !p.Enabled {
		return
	}
	now := time.Now()
	if p.lines {
		if now.Sub(p.last) >= ProgressLineEvery {
			p.last = now
			fmt.Fprintf(p.w, "%s %s\n", now.Format(time.TimeOnly), fmt.Sprintf(format, args...))
		}
		return
	}
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

// Func returns Printf, or nil when the line is not shown: for the
// library's options whose nil progress function means no progress to
// measure.
func (p *Progress) Func() func(format string, args ...any) {
	if p == nil || !p.Enabled {
		return nil
	}
	return p.Printf
}

// Done clears the status line.
func (p *Progress) Done() {
	if p == nil || !p.Enabled || p.lines || p.width == 0 {
		return
	}
	fmt.Fprintf(p.w, "\r%s\r", strings.Repeat(" ", p.width))
	p.width = 0
}

// stdinName names standard input in messages, for the file name "-".
const stdinName = "<stdin>"

// InputName is what messages call the file name: stdinName for "-".
func InputName(name string) string {
	if name == "-" {
		return stdinName
	}
	return name
}

// ReadFile reads the file name with read, which names the file in its
// errors. With stdin not nil, name "-" reads stdin instead, named
// "<stdin>".
func ReadFile[T any](name string, stdin io.Reader, read func(io.Reader, string) (T, error)) (T, error) {
	if name == "-" && stdin != nil {
		return read(stdin, stdinName)
	}
	f, err := os.Open(name)
	if err != nil {
		var zero T
		return zero, err
	}
	defer f.Close()
	return read(f, name)
}

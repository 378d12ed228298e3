package xcover

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// ReadDLX reads a problem in the text format of Knuth's DLX programs: lines
// starting with '|' are comments; the first other line names the items,
// primary first, then '|' and the secondary items; every later line is an
// option, its items separated by spaces, a secondary item optionally
// followed by ":colour". Errors name the file and line.
func ReadDLX(r io.Reader, file string) (*Problem, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<24)
	var p *Problem
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || text[0] == '|' {
			continue
		}
		fields := strings.Fields(text)
		if p == nil {
			var prim, sec []string
			bar := false
			for _, f := range fields {
				switch {
				case f == "|":
					if bar {
						return nil, fmt.Errorf("%s:%d: two '|' in the item line", file, line)
					}
					bar = true
				case strings.ContainsAny(f, ":|[]"):
					return nil, fmt.Errorf("%s:%d: bad item name %q", file, line, f)
				case bar:
					sec = append(sec, f)
				default:
					prim = append(prim, f)
				}
			}
			var err error
			if p, err = NewProblem(prim, sec); err != nil {
				return nil, fmt.Errorf("%s:%d: %v", file, line, err)
			}
			continue
		}
		if _, err := p.AddOption(fields...); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", file, line, err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	if p == nil {
		return nil, fmt.Errorf("%s: no item line", file)
	}
	return p, nil
}

// WriteDLX writes p in the format ReadDLX reads.
func (p *Problem) WriteDLX(w io.Writer) error {
	bw := bufio.NewWriter(w)
	bw.WriteString(strings.Join(p.names[:p.primary], " "))
	if p.primary < len(p.names) {
		bw.WriteString(" | ")
		bw.WriteString(strings.Join(p.names[p.primary:], " "))
	}
	bw.WriteByte('\n')
	for o := range p.options {
		bw.WriteString(p.OptionString(o))
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// OptionString returns option o as a line of the DLX format: its item
// names, colours after a ':'.
func (p *Problem) OptionString(o int) string {
	var b strings.Builder
	for k, ic := range p.options[o] {
		if k > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(p.names[ic.item-1])
		if ic.color > 0 {
			b.WriteByte(':')
			b.WriteString(p.colorName[ic.color])
		}
	}
	return b.String()
}

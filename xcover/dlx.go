package xcover

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/branchwise/branchwise/scan"
)

// ReadDLX reads a problem in the text format of Knuth's DLX programs: lines
// starting with '|' are comments; the first other line names the items,
// primary first, then '|' and the secondary items; every later line is an
// option, its items separated by spaces, a secondary item optionally
// followed by ":colour". A primary item may carry a multiplicity as in
// DLX3: "a:b|name" (covered a to b times) or "b|name" (exactly b).
// Errors are *scan.Error, naming the file and line.
func ReadDLX(r io.Reader, file string) (*Problem, error) {
	sc := scan.NewLines(r, file)
	var p *Problem
	for sc.Scan() {
		text := strings.TrimSpace(sc.Text())
		if text == "" || text[0] == '|' {
			continue
		}
		fields := strings.Fields(text)
		if p == nil {
			var prim, sec []string
			var bounds [][3]int // item, lo, hi
			bar := false
			for _, f := range fields {
				switch {
				case f == "|":
					if bar {
						return nil, sc.Errorf(0, "two '|' in the item line")
					}
					bar = true
				case !bar && strings.Contains(f, "|"):
					spec, name, _ := strings.Cut(f, "|")
					lo, hi, err := parseBounds(spec)
					if err != nil || name == "" || strings.ContainsAny(name, ":|[]") {
						return nil, sc.Errorf(0, "bad item %q (want a:b|name or b|name, 0 <= a <= b, b >= 1)", f)
					}
					prim = append(prim, name)
					bounds = append(bounds, [3]int{len(prim), lo, hi})
				case strings.ContainsAny(f, ":|[]"):
					return nil, sc.Errorf(0, "bad item name %q", f)
				case bar:
					sec = append(sec, f)
				default:
					prim = append(prim, f)
				}
			}
			var err error
			if p, err = NewProblem(prim, sec); err != nil {
				return nil, sc.Errorf(0, "%v", err)
			}
			for _, b := range bounds {
				if err := p.SetBounds(b[0], b[1], b[2]); err != nil {
					return nil, sc.Errorf(0, "%v", err)
				}
			}
			continue
		}
		if _, err := p.AddOption(fields...); err != nil {
			return nil, sc.Errorf(0, "%v", err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if p == nil {
		return nil, scan.Errorf(scan.Position{File: file}, "no item line")
	}
	return p, nil
}

// WriteDLX writes p in the format ReadDLX reads.
func (p *Problem) WriteDLX(w io.Writer) error {
	bw := bufio.NewWriter(w)
	for i, name := range p.names[:p.primary] {
		if i > 0 {
			bw.WriteByte(' ')
		}
		switch lo, hi := p.Bounds(i + 1); {
		case lo == hi && hi != 1:
			fmt.Fprintf(bw, "%d|", hi)
		case lo != hi:
			fmt.Fprintf(bw, "%d:%d|", lo, hi)
		}
		bw.WriteString(name)
	}
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

// parseBounds reads DLX3's "a:b" or "b".
func parseBounds(spec string) (lo, hi int, err error) {
	a, b, two := strings.Cut(spec, ":")
	if hi, err = strconv.Atoi(b); !two {
		hi, err = strconv.Atoi(a)
		lo = hi
	} else if err == nil {
		lo, err = strconv.Atoi(a)
	}
	if err == nil && (lo < 0 || hi < 1 || lo > hi || hi > MaxMultiplicity) {
		err = fmt.Errorf("xcover: bounds out of range")
	}
	return lo, hi, err
}

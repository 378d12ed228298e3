package logicgrid

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// MaxEntities is the largest number of entities (values per category) a
// puzzle may have; sets of values are 64-bit masks.
const MaxEntities = 64

// Category is one attribute of the entities: a list of distinct values,
// one per entity. The first category of a puzzle is its key: entity i has
// its i-th value, so the key column of the grid is known from the start.
type Category struct {
	Name    string
	Values  []string
	Numeric bool  // the values are integers: arithmetic and comparisons apply
	Nums    []int // the values as integers, when Numeric
}

// Group is a named set of values of one category, for clues such as
// "Tom in sports".
type Group struct {
	Name   string
	Cat    int
	Values []int
}

// Clue is one line of clues: its text as written, its line in the file,
// and the formula it was parsed into.
type Clue struct {
	Line int
	Text string
	f    *node
}

// Puzzle is a logic-grid puzzle: categories (the first is the key),
// groups, and clues.
type Puzzle struct {
	Name       string // the file name, for messages
	Categories []Category
	Groups     []Group
	Clues      []Clue
	byValue    map[string][]Ref // value name -> the values of that name
}

// Ref is a value of a category; as an operand of a clue it stands for the
// entity that has this value.
type Ref struct{ Cat, Val int }

// Entities returns the number of entities (rows of the grid).
func (p *Puzzle) Entities() int {
	if len(p.Categories) == 0 {
		return 0
	}
	return len(p.Categories[0].Values)
}

// RefName returns the value's name, qualified with its category when the
// name alone is ambiguous.
func (p *Puzzle) RefName(r Ref) string {
	v := p.Categories[r.Cat].Values[r.Val]
	if len(p.byValue[v]) > 1 || isKeyword(v) {
		return p.Categories[r.Cat].Name + ":" + v
	}
	return v
}

// Lookup resolves a value name, optionally qualified as "category:value".
func (p *Puzzle) Lookup(name string) (Ref, error) {
	if i := strings.IndexByte(name, ':'); i >= 0 {
		c := p.category(name[:i])
		if c < 0 {
			return Ref{}, fmt.Errorf("logicgrid: unknown category %q", name[:i])
		}
		for v, s := range p.Categories[c].Values {
			if s == name[i+1:] {
				return Ref{c, v}, nil
			}
		}
		return Ref{}, fmt.Errorf("logicgrid: category %s has no value %q", p.Categories[c].Name, name[i+1:])
	}
	rs := p.byValue[name]
	switch len(rs) {
	case 0:
		return Ref{}, fmt.Errorf("logicgrid: unknown value %q", name)
	case 1:
		return rs[0], nil
	}
	var cats []string
	for _, r := range rs {
		cats = append(cats, p.Categories[r.Cat].Name+":"+name)
	}
	return Ref{}, fmt.Errorf("logicgrid: ambiguous value %q: write %s", name, strings.Join(cats, " or "))
}

func (p *Puzzle) category(name string) int {
	for c := range p.Categories {
		if p.Categories[c].Name == name {
			return c
		}
	}
	return -1
}

func (p *Puzzle) group(name string) int {
	for g := range p.Groups {
		if p.Groups[g].Name == name {
			return g
		}
	}
	return -1
}

// addCategory checks and adds a category.
func (p *Puzzle) addCategory(c Category) error {
	if p.category(c.Name) >= 0 {
		return fmt.Errorf("logicgrid: category %q declared twice", c.Name)
	}
	if len(c.Values) < 1 {
		return fmt.Errorf("logicgrid: category %q has no values", c.Name)
	}
	if len(c.Values) > MaxEntities {
		return fmt.Errorf("logicgrid: category %q has %d values, more than %d", c.Name, len(c.Values), MaxEntities)
	}
	if len(p.Categories) > 0 && len(c.Values) != p.Entities() {
		return fmt.Errorf("logicgrid: category %q has %d values, the key %s has %d", c.Name, len(c.Values), p.Categories[0].Name, p.Entities())
	}
	seen := map[string]bool{}
	for _, v := range c.Values {
		if seen[v] {
			return fmt.Errorf("logicgrid: category %q lists %q twice", c.Name, v)
		}
		seen[v] = true
	}
	if c.Numeric {
		c.Nums = make([]int, len(c.Values))
		for i, v := range c.Values {
			n, err := strconv.Atoi(v)
			if err == nil && (n > 1<<30 || n < -(1<<30)) || errors.Is(err, strconv.ErrRange) {
				return fmt.Errorf("logicgrid: category %q: the value %s is too large (numeric values lie within ±2^30)", c.Name, v)
			}
			if err != nil {
				return fmt.Errorf("logicgrid: category %q is numeric but %q is not an integer", c.Name, v)
			}
			c.Nums[i] = n
		}
	}
	if p.byValue == nil {
		p.byValue = map[string][]Ref{}
	}
	ci := len(p.Categories)
	for i, v := range c.Values {
		p.byValue[v] = append(p.byValue[v], Ref{ci, i})
	}
	p.Categories = append(p.Categories, c)
	return nil
}

// String returns the puzzle in its file format.
func (p *Puzzle) String() string {
	var b strings.Builder
	for i, c := range p.Categories {
		fmt.Fprintf(&b, "%s: %s", c.Name, strings.Join(c.Values, " "))
		if c.Numeric {
			b.WriteString(" (numeric)")
		}
		if i == 0 {
			b.WriteString("  # the key")
		}
		b.WriteByte('\n')
	}
	for _, g := range p.Groups {
		var vs []string
		for _, v := range g.Values {
			vs = append(vs, p.RefName(Ref{g.Cat, v}))
		}
		fmt.Fprintf(&b, "group %s: %s\n", g.Name, strings.Join(vs, " "))
	}
	for _, c := range p.Clues {
		b.WriteString(c.Text)
		b.WriteByte('\n')
	}
	return b.String()
}

// Solution is a filled grid: Solution[e][c] is the value of category c
// that entity e has (Solution[e][0] = e).
type Solution [][]int

// Format returns the solution as a table, one entity per line.
func (p *Puzzle) Format(s Solution) string {
	width := make([]int, len(p.Categories))
	for c, cat := range p.Categories {
		width[c] = len(cat.Name)
		for _, v := range cat.Values {
			width[c] = max(width[c], len(v))
		}
	}
	var b strings.Builder
	row := func(cell func(c int) string) {
		for c := range p.Categories {
			if c > 0 {
				b.WriteString("  ")
			}
			s := cell(c)
			if c == len(p.Categories)-1 {
				b.WriteString(s)
			} else {
				fmt.Fprintf(&b, "%-*s", width[c], s)
			}
		}
		b.WriteByte('\n')
	}
	row(func(c int) string { return p.Categories[c].Name })
	for e := range s {
		row(func(c int) string {
			if s[e][c] < 0 {
				return "?"
			}
			return p.Categories[c].Values[s[e][c]]
		})
	}
	return b.String()
}

// Names returns a solution as the value names of every entity's
// categories.
func (p *Puzzle) Names(s Solution) [][]string {
	out := make([][]string, len(s))
	for e := range s {
		for c, v := range s[e] {
			out[e] = append(out[e], p.Categories[c].Values[v])
		}
	}
	return out
}

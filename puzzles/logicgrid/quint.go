package logicgrid

import (
	"fmt"
	"github.com/branchwise/branchwise/scan"
	"io"
	"regexp"
	"strconv"
	"strings"
)

// The clue format of the quint-t puzzle generator
// (github.com/quint-t/Puzzle-Generator-and-Solver): files of puzzles framed
// by lines of '=', each a header ".:: Puzzle AxO level=L ::.", A lines
// "Attribute: v1, v2, ...", numbered clues on Attribute:value operands
// about positions 1..O from the left, and ".:: Answer ::." with a table.
// Each puzzle becomes one of ours whose key is the position: category
// "position: 1 ... O (numeric)", then the attributes; every clue is
// rewritten in our clue language.

// QuintPuzzle is one imported puzzle with its published answer.
type QuintPuzzle struct {
	Name   string // file#k, k from 1
	Line   int    // the line of its header
	Level  int
	Puzzle *Puzzle
	Answer Solution // nil when the file gives none
}

const quintKey = "position"

var (
	quintHeader = regexp.MustCompile(`^\.:: Puzzle (\d+)x(\d+) level=(\d+) ::\.$`)
	quintClue   = regexp.MustCompile(`^\s*\d+\.\s+(.*)$`)
	quintAttr   = regexp.MustCompile(`^([A-Za-z][A-Za-z-]*):\s*(.*)$`)
	quintOp     = `([A-Za-z][A-Za-z-]*:[^\s,]+)`
)

// quintRule rewrites one surface form; in the template, $1.. are the
// operands, $N the number of positions and $M the middle one.
type quintRule struct {
	re   *regexp.Regexp
	tmpl string
}

var quintRules = func() []quintRule {
	X := quintOp
	forms := [][2]string{
		{X + ` == ` + X + ` or ` + X + ` == ` + X + `, but not both`, `$1 = $2 xor $3 = $4`},
		{X + ` == ` + X + ` or ` + X + ` == ` + X + ` or both`, `$1 = $2 or $3 = $4`},
		{X + ` != ` + X + ` or ` + X + ` != ` + X + ` or both`, `$1 != $2 or $3 != $4`},
		{X + ` == ` + X, `$1 = $2`},
		{X + ` != ` + X, `$1 != $2`},
		{X + ` is on the left of ` + X, `$1.position = $2.position - 1`},
		{X + ` is on the right of ` + X, `$1.position = $2.position + 1`},
		{X + ` is on the far left or far right`, `$1.position = 1 or $1.position = $N`},
		{X + ` is on the far left`, `$1.position = 1`},
		{X + ` is on the far right`, `$1.position = $N`},
		{X + ` is in the middle`, `$1.position = $M`},
		{X + ` is between ` + X + ` and ` + X, `($2.position = $1.position - 1 and $3.position = $1.position + 1) or ($3.position = $1.position - 1 and $2.position = $1.position + 1)`},
		{X + ` is on the left or right of ` + X, `|$1.position - $2.position| = 1`},
		{X + ` is in an odd position`, `$1.position % 2 = 1`},
		{X + ` is in an even position`, `$1.position % 2 = 0`},
		{X + ` is somewhere to the left of ` + X, `$1.position < $2.position`},
		{X + ` is somewhere to the right of ` + X, `$1.position > $2.position`},
		{X + ` is somewhere between ` + X + ` and ` + X, `($2.position < $1.position and $1.position < $3.position) or ($3.position < $1.position and $1.position < $2.position)`},
		{X + ` is not to the left of ` + X, `$1.position >= $2.position`},
		{X + ` is not to the right of ` + X, `$1.position <= $2.position`},
		{X + ` and ` + X + ` have different parity positions`, `($1.position - $2.position) % 2 = 1`},
		{X + ` and ` + X + ` have the same parity positions`, `($1.position - $2.position) % 2 = 0`},
	}
	rules := make([]quintRule, len(forms))
	for i, f := range forms {
		rules[i] = quintRule{regexp.MustCompile(`^` + f[0] + `$`), f[1]}
	}
	return rules
}()

// QuintClue rewrites one quint-t clue in our clue language for a puzzle
// of n positions.
func QuintClue(clue string, n int) (string, error) {
	clue = strings.TrimSpace(clue)
	for _, r := range quintRules {
		m := r.re.FindStringSubmatch(clue)
		if m == nil {
			continue
		}
		s := r.tmpl
		for i := len(m) - 1; i >= 1; i-- {
			s = strings.ReplaceAll(s, "$"+strconv.Itoa(i), m[i])
		}
		s = strings.ReplaceAll(s, "$N", strconv.Itoa(n))
		s = strings.ReplaceAll(s, "$M", strconv.Itoa(n/2+1))
		return s, nil
	}
	return "", fmt.Errorf("logicgrid: unrecognised clue %q", clue)
}

// ReadQuint reads a file of quint-t puzzles; name is used in messages and
// in the puzzles' names.
func ReadQuint(r io.Reader, name string) ([]QuintPuzzle, error) {
	sc := scan.NewLines(r, name)
	var out []QuintPuzzle
	var cur *QuintPuzzle
	var text strings.Builder
	var lineOf []int    // the file line of each clue line of text
	var answer []string // the rows of the answer table
	positions, inAnswer := 0, false
	finish := func() error {
		if cur == nil {
			return nil
		}
		p, err := ParseString(text.String(), cur.Name)
		if err != nil {
			if pe, ok := err.(*ParseError); ok && pe.Pos.Line-1 < len(lineOf) && pe.Pos.Line > 0 {
				return scan.Errorf(scan.Position{File: name, Line: lineOf[pe.Pos.Line-1]}, "%s (rewritten as %q)", pe.Msg, strings.Split(text.String(), "\n")[pe.Pos.Line-1])
			}
			return err
		}
		cur.Puzzle = p
		if len(answer) > 0 {
			if cur.Answer, err = quintAnswer(p, answer); err != nil {
				return scan.Errorf(scan.Position{File: name, Line: cur.Line}, "%v", err)
			}
		}
		out = append(out, *cur)
		cur = nil
		return nil
	}
	for sc.Scan() {
		line := sc.Line()
		s := strings.TrimRight(sc.Text(), " \t")
		if strings.HasPrefix(s, "====") || s == "" {
			continue
		}
		if m := quintHeader.FindStringSubmatch(s); m != nil {
			if err := finish(); err != nil {
				return nil, err
			}
			a, _ := strconv.Atoi(m[1])
			positions, _ = strconv.Atoi(m[2])
			level, _ := strconv.Atoi(m[3])
			cur = &QuintPuzzle{Name: fmt.Sprintf("%s#%d", name, len(out)+1), Line: line, Level: level}
			text.Reset()
			fmt.Fprintf(&text, "# %s, line %d: %dx%d level=%d\n", name, line, a, positions, level)
			var ps []string
			for i := 1; i <= positions; i++ {
				ps = append(ps, strconv.Itoa(i))
			}
			fmt.Fprintf(&text, "%s: %s (numeric)\n", quintKey, strings.Join(ps, " "))
			lineOf = []int{line, line}
			answer, inAnswer = nil, false
			continue
		}
		if cur == nil {
			return nil, scan.Errorf(scan.Position{File: name, Line: line}, "text before the first puzzle header")
		}
		if s == ".:: Answer ::." {
			inAnswer = true
			continue
		}
		if inAnswer {
			answer = append(answer, s)
			continue
		}
		if m := quintClue.FindStringSubmatch(s); m != nil {
			c, err := QuintClue(m[1], positions)
			if err != nil {
				return nil, scan.Errorf(scan.Position{File: name, Line: line}, "%v", err)
			}
			text.WriteString(c + "\n")
			lineOf = append(lineOf, line)
			continue
		}
		if m := quintAttr.FindStringSubmatch(s); m != nil {
			vals := strings.Split(m[2], ",")
			for i := range vals {
				vals[i] = strings.TrimSpace(vals[i])
			}
			fmt.Fprintf(&text, "%s: %s\n", m[1], strings.Join(vals, " "))
			lineOf = append(lineOf, line)
			continue
		}
		return nil, scan.Errorf(scan.Position{File: name, Line: line}, "unrecognised line %q", s)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if err := finish(); err != nil {
		return nil, err
	}
	return out, nil
}

// quintAnswer resolves the rows "| Attribute | v1 | v2 | ... |" of an
// answer table (the header row of positions has an empty first field).
func quintAnswer(p *Puzzle, rows []string) (Solution, error) {
	n := p.Entities()
	sol := make(Solution, n)
	for e := range sol {
		sol[e] = make([]int, len(p.Categories))
		for c := range sol[e] {
			sol[e][c] = -1
		}
		sol[e][0] = e
	}
	for _, s := range rows {
		f := strings.Split(strings.Trim(s, "|"), "|")
		for i := range f {
			f[i] = strings.TrimSpace(f[i])
		}
		if f[0] == "" {
			continue
		}
		c := p.category(f[0])
		if c < 1 || len(f)-1 != n {
			return nil, fmt.Errorf("logicgrid: bad answer row %q", s)
		}
		for pos, v := range f[1:] {
			r, err := p.Lookup(f[0] + ":" + v)
			if err != nil {
				return nil, fmt.Errorf("%w (in the answer)", err)
			}
			sol[pos][c] = r.Val
		}
	}
	for e := range sol {
		for c := range sol[e] {
			if sol[e][c] < 0 {
				return nil, fmt.Errorf("logicgrid: the answer lacks category %s", p.Categories[c].Name)
			}
		}
	}
	return sol, nil
}

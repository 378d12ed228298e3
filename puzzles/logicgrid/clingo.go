package logicgrid

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// An answer set program for clingo (Potassco), an independent check of the
// solver: has(E,C,V) says entity E has value V of category C.
//
//	1 { has(E,C,V) : val(C,V) } 1 :- ent(E), cat(C).   % one value per cell
//	1 { has(E,C,V) : ent(E) } 1 :- val(C,V).            % one entity per value
//
// Every subformula of clue k gets an atom fK_I defined by rules (and: one
// rule with both bodies; or: one rule each; not: negation as failure;
// xor: two rules), every value operand a variable bound by has/3, every
// attribute a variable through num(C,V,N); then ":- not fK_0." keeps the
// models where the clue holds. The program is stratified, so its answer
// sets are exactly the puzzle's solutions.

// ASP returns the answer set program of p.
func (p *Puzzle) ASP() string {
	n, m := p.Entities(), len(p.Categories)
	var b strings.Builder
	fmt.Fprintf(&b, "%% %s: %d entities x %d categories, %d clues\n", p.Name, n, m, len(p.Clues))
	fmt.Fprintf(&b, "ent(0..%d). cat(1..%d). val(C,0..%d) :- cat(C).\n", n-1, m-1, n-1)
	b.WriteString("1 { has(E,C,V) : val(C,V) } 1 :- ent(E), cat(C).\n")
	b.WriteString("1 { has(E,C,V) : ent(E) } 1 :- val(C,V).\n")
	b.WriteString("has(E,0,E) :- ent(E).\n")
	for c, cat := range p.Categories {
		for v, x := range cat.Nums {
			fmt.Fprintf(&b, "num(%d,%d,%d). ", c, v, x)
		}
		if cat.Numeric {
			b.WriteByte('\n')
		}
	}
	for k, cl := range p.Clues {
		fmt.Fprintf(&b, "%% %d. %s\n", k+1, cl.Text)
		a := &aspWriter{b: &b, clue: k}
		root := a.formula(cl.f)
		fmt.Fprintf(&b, ":- not %s.\n", root)
	}
	b.WriteString("#show has/3.\n")
	return b.String()
}

type aspWriter struct {
	b    *strings.Builder
	clue int
	next int
	vars int
}

func (a *aspWriter) atom() string {
	s := fmt.Sprintf("f%d_%d", a.clue, a.next)
	a.next++
	return s
}

// ent returns the term of the entity that has value r, adding to body the
// literal that binds it.
func (a *aspWriter) ent(r Ref, body *[]string) string {
	if r.Cat == 0 {
		return strconv.Itoa(r.Val)
	}
	v := fmt.Sprintf("E%d_%d", r.Cat, r.Val)
	lit := fmt.Sprintf("has(%s,%d,%d)", v, r.Cat, r.Val)
	for _, l := range *body {
		if l == lit {
			return v
		}
	}
	*body = append(*body, lit)
	return v
}

func (a *aspWriter) expr(x *expr, body *[]string) string {
	switch x.kind {
	case eLit:
		return strconv.Itoa(x.val)
	case eAttr:
		e := a.ent(x.ref, body)
		a.vars++
		v, nv := fmt.Sprintf("V%d", a.vars), fmt.Sprintf("N%d", a.vars)
		*body = append(*body, fmt.Sprintf("has(%s,%d,%s)", e, x.cat, v), fmt.Sprintf("num(%d,%s,%s)", x.cat, v, nv))
		return nv
	case eAbs:
		return "|" + a.expr(x.x, body) + "|"
	case eNeg:
		return "-(" + a.expr(x.x, body) + ")"
	case eAdd:
		return "(" + a.expr(x.x, body) + "+" + a.expr(x.y, body) + ")"
	case eSub:
		return "(" + a.expr(x.x, body) + "-" + a.expr(x.y, body) + ")"
	}
	l, r := a.expr(x.x, body), a.expr(x.y, body)
	return fmt.Sprintf("(((%s)\\%s+%s)\\%s)", l, r, r, r) // a non-negative remainder
}

var aspOps = [...]string{"=", "!=", "<", "<=", ">", ">="}

// formula writes the rules of f and returns its atom.
func (a *aspWriter) formula(f *node) string {
	h := a.atom()
	rule := func(body []string) {
		if len(body) == 0 {
			fmt.Fprintf(a.b, "%s.\n", h)
			return
		}
		fmt.Fprintf(a.b, "%s :- %s.\n", h, strings.Join(body, ", "))
	}
	switch f.kind {
	case kAnd, kOr:
		var kids []string
		for _, k := range f.kids {
			kids = append(kids, a.formula(k))
		}
		if f.kind == kAnd {
			rule(kids)
		} else {
			for _, k := range kids {
				rule([]string{k})
			}
		}
	case kXor:
		x, y := a.formula(f.kids[0]), a.formula(f.kids[1])
		rule([]string{x, "not " + y})
		rule([]string{y, "not " + x})
	case kNot:
		rule([]string{"not " + a.formula(f.kids[0])})
	case kSame, kMember:
		pos := f
		if f.neg { // define the positive atom, then negate it
			q := *f
			q.neg = false
			rule([]string{"not " + a.formula(&q)})
			return h
		}
		if pos.kind == kSame {
			if f.a.Cat == f.b.Cat {
				if f.a.Val == f.b.Val {
					rule(nil)
				}
				return h
			}
			var body []string
			ea := a.ent(f.a, &body)
			if f.a.Cat == 0 {
				body = append(body, fmt.Sprintf("has(%s,%d,%d)", ea, f.b.Cat, f.b.Val))
			} else {
				eb := a.ent(f.b, &body)
				body = append(body, ea+"="+eb)
			}
			rule(body)
			return h
		}
		for v := 0; v < 64; v++ {
			if f.set>>v&1 == 0 {
				continue
			}
			if f.a.Cat == f.cat {
				if f.a.Val == v {
					rule(nil)
				}
				continue
			}
			var body []string
			e := a.ent(f.a, &body)
			body = append(body, fmt.Sprintf("has(%s,%d,%d)", e, f.cat, v))
			rule(body)
		}
	case kCmp:
		var body []string
		l, r := a.expr(f.l, &body), a.expr(f.r, &body)
		rule(append(body, l+aspOps[f.op]+r))
	}
	return h
}

// ClingoResult is what clingo found.
type ClingoResult struct {
	Solutions []Solution
	Elapsed   time.Duration // the wall time of the clingo process
	Time      float64       // clingo's own "Time" (grounding and solving), seconds
}

var clingoHas = regexp.MustCompile(`has\((\d+),(\d+),(\d+)\)`)

// RunClingo solves p with the clingo program at path (or "clingo" on the
// PATH), asking for at most maxModels answer sets (0: all).
func RunClingo(ctx context.Context, p *Puzzle, path string, maxModels int) (ClingoResult, error) {
	if path == "" {
		path = "clingo"
	}
	cmd := exec.CommandContext(ctx, path, "--models="+strconv.Itoa(maxModels), "--stats=0")
	cmd.Stdin = strings.NewReader(p.ASP())
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	err := cmd.Run()
	res := ClingoResult{Elapsed: time.Since(start)}
	// clingo's exit status encodes the result (10 SAT, 20 UNSAT, 30 all
	// models found): only a failure to run or an error message counts.
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		return res, err
	}
	if strings.Contains(errb.String(), "error") {
		return res, fmt.Errorf("logicgrid: clingo: %s", strings.TrimSpace(errb.String()))
	}
	n, m := p.Entities(), len(p.Categories)
	sc := bufio.NewScanner(&out)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<24)
	next := false
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "Answer:"):
			next = true
		case next:
			next = false
			sol := make(Solution, n)
			for e := range sol {
				sol[e] = make([]int, m)
			}
			for _, mm := range clingoHas.FindAllStringSubmatch(line, -1) {
				e, _ := strconv.Atoi(mm[1])
				c, _ := strconv.Atoi(mm[2])
				v, _ := strconv.Atoi(mm[3])
				if e < n && c < m && v < n {
					sol[e][c] = v
				}
			}
			res.Solutions = append(res.Solutions, sol)
		case strings.HasPrefix(line, "Time"):
			f := strings.Fields(line)
			if len(f) >= 3 {
				res.Time, _ = strconv.ParseFloat(strings.TrimSuffix(f[2], "s"), 64)
			}
		}
	}
	return res, nil
}

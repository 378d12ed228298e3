package logicgrid

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/branchwise/branchwise/search"
	"github.com/branchwise/branchwise/xcover"
)

// The generator: a random hidden solution, random clues true of it until
// the solution is the only one, then every clue whose removal keeps the
// solution unique removed, in random order, so that no clue is redundant.
// The difficulty knob is the set of clue types drawn:
//
//	1  same entity (X = Y), a position (X.pos = 3), immediately left
//	2  and: different (X != Y), next to, somewhere left, parity
//	3  only the weak types: different, next to, somewhere left, parity,
//	   not left of, either-or, exactly one of, somewhere between, at an
//	   end (no "=" nor a fixed position: more clues, more search)
//
// and MaxClues, when set, rejects puzzles needing more. Every uniqueness
// check is a search with the fewest strategy and propagation, bounded by
// MaxNodes; the result is reproducible from the seed (and the bound).

// GenOptions are the knobs of Generate.
type GenOptions struct {
	Difficulty int // 1, 2 or 3
	Seed       uint64
	// MaxClues > 0 retries until the puzzle needs at most that many clues.
	MaxClues int
	// Limits bound each uniqueness check (MaxNodes: default 1,000,000): a
	// check that reaches one counts as "not unique", so a clue is added,
	// or kept.
	search.Limits
}

// categoryWords name the generated categories and their values.
var categoryWords = []struct {
	name   string
	values []string
}{
	{"colour", []string{"red", "green", "ivory", "yellow", "blue", "white", "black", "orange", "purple", "grey"}},
	{"nation", []string{"English", "Spanish", "Ukrainian", "Norwegian", "Japanese", "French", "German", "Italian", "Swedish", "Polish"}},
	{"pet", []string{"dog", "snails", "fox", "horse", "zebra", "cat", "bird", "fish", "rabbit", "hamster"}},
	{"drink", []string{"coffee", "tea", "milk", "juice", "water", "cocoa", "soda", "beer", "wine", "lemonade"}},
	{"smoke", []string{"OldGold", "Kools", "Chesterfield", "LuckyStrike", "Parliament", "Dunhill", "Blends", "Marlboro", "Camel", "Winston"}},
	{"hobby", []string{"chess", "golf", "reading", "piano", "tennis", "cooking", "hiking", "painting", "fishing", "dancing"}},
	{"job", []string{"baker", "doctor", "pilot", "teacher", "farmer", "nurse", "lawyer", "chef", "judge", "miner"}},
	{"car", []string{"Audi", "BMW", "Fiat", "Ford", "Honda", "Kia", "Mazda", "Opel", "Saab", "Volvo"}},
	{"fruit", []string{"apple", "banana", "cherry", "grape", "kiwi", "lemon", "mango", "pear", "plum", "melon"}},
}

// The largest sizes Generate makes: entities, and categories besides the
// position.
const (
	MaxGenEntities   = 10
	MaxGenCategories = 9
)

// Generate returns a random puzzle of n entities and m categories besides
// the key, which is the position 1..n (Einstein's puzzle is 5 x 5), with
// exactly one solution and no redundant clue, and that solution.
func Generate(ctx context.Context, n, m int, opt GenOptions) (*Puzzle, Solution, error) {
	if n < 2 || n > MaxGenEntities || m < 1 || m > MaxGenCategories {
		return nil, nil, fmt.Errorf("logicgrid: size %dx%d: want 2..%d entities and 1..%d categories", n, m, MaxGenEntities, MaxGenCategories)
	}
	if opt.Difficulty < 1 || opt.Difficulty > 3 {
		return nil, nil, fmt.Errorf("logicgrid: difficulty %d: want 1, 2 or 3", opt.Difficulty)
	}
	rng := rand.New(rand.NewPCG(opt.Seed, 0x6c6f676963))
	for attempt := 0; ; attempt++ {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		p, sol, err := generateOnce(ctx, n, m, opt, rng)
		if err != nil {
			return nil, nil, err
		}
		if opt.MaxClues <= 0 || len(p.Clues) <= opt.MaxClues || attempt == 999 {
			if opt.MaxClues > 0 && len(p.Clues) > opt.MaxClues {
				return nil, nil, fmt.Errorf("logicgrid: no puzzle with at most %d clues in 1000 attempts", opt.MaxClues)
			}
			return p, sol, nil
		}
	}
}

// defaultGenMaxNodes bounds a uniqueness check when GenOptions gives no
// node limit: far above what a unique puzzle of the generated sizes needs.
const defaultGenMaxNodes = 1_000_000

func generateOnce(ctx context.Context, n, attrs int, opt GenOptions, rng *rand.Rand) (*Puzzle, Solution, error) {
	m := attrs + 1 // with the key
	lim := opt.Limits
	if lim.MaxNodes == 0 {
		lim.MaxNodes = defaultGenMaxNodes
	}
	lim.MaxSolutions = 2 // enough to decide uniqueness
	unique := func(p *Puzzle) bool {
		return Solve(ctx, p, Options{Strategy: xcover.Fewest, Limits: lim, Propagate: true}).Unique()
	}
	var b strings.Builder
	b.WriteString("pos:")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, " %d", i)
	}
	b.WriteString(" (numeric)\n")
	for _, k := range rng.Perm(len(categoryWords))[:m-1] {
		cw := categoryWords[k]
		fmt.Fprintf(&b, "%s: %s\n", cw.name, strings.Join(cw.values[:n], " "))
	}
	p, err := ParseString(b.String(), "generated")
	if err != nil {
		return nil, nil, err
	}
	sol := make(Solution, n)
	for e := range sol {
		sol[e] = make([]int, m)
		sol[e][0] = e
	}
	for c := 1; c < m; c++ {
		for e, v := range rng.Perm(n) {
			sol[e][c] = v
		}
	}
	// Add true clues until the solution is unique.
	for {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		text := randomClue(p, sol, opt.Difficulty, rng)
		if err := p.AddClue(text); err != nil {
			return nil, nil, fmt.Errorf("logicgrid: generated clue %q: %v", text, err)
		}
		if ok, _ := p.Check(sol); !ok {
			return nil, nil, fmt.Errorf("logicgrid: generated clue %q is false", text)
		}
		if len(p.Clues) < m { // too few to decide anything yet
			continue
		}
		if unique(p) {
			break
		}
	}
	// Remove redundant clues, in random order.
	for _, k := range rng.Perm(len(p.Clues)) {
		saved := p.Clues[k]
		// An always-true clue with no text marks the clue removed.
		p.Clues[k] = Clue{Line: saved.Line, f: &node{kind: kAnd}}
		if !unique(p) {
			p.Clues[k] = saved
		}
	}
	kept := p.Clues[:0]
	for _, c := range p.Clues {
		if c.Text != "" {
			kept = append(kept, c)
		}
	}
	p.Clues = kept
	for i := range p.Clues {
		p.Clues[i].Line = len(p.Categories) + i + 1
	}
	return p, sol, nil
}

// refCat returns the category of a value name, or -1.
func (p *Puzzle) refCat(name string) int {
	r, err := p.Lookup(name)
	if err != nil {
		return -1
	}
	return r.Cat
}

// AddClue parses a clue and appends it to the puzzle.
func (p *Puzzle) AddClue(text string) error {
	if len(p.Categories) == 0 {
		return fmt.Errorf("%s: a clue before any category", p.Name)
	}
	return p.parseLine(text, len(p.Categories)+len(p.Groups)+len(p.Clues)+1)
}

// randomClue returns the text of a random clue true of sol.
func randomClue(p *Puzzle, sol Solution, difficulty int, rng *rand.Rand) string {
	n, m := p.Entities(), len(p.Categories)
	// val names a random value of a non-key category held by entity e.
	val := func(e int) string {
		c := 1 + rng.IntN(m-1)
		return p.RefName(Ref{c, sol[e][c]})
	}
	other := func(e int) int { return (e + 1 + rng.IntN(n-1)) % n }
	var types []string
	switch difficulty {
	case 1:
		types = []string{"same", "same", "at", "left"}
	case 2:
		types = []string{"same", "at", "left", "diff", "next", "before", "parity"}
	default:
		types = []string{"diff", "next", "before", "parity", "notleft", "or", "xor", "between", "ends"}
	}
	for {
		e := rng.IntN(n)
		switch types[rng.IntN(len(types))] {
		case "same":
			c1 := 1 + rng.IntN(m-1)
			c2 := 1 + rng.IntN(m-1)
			if c1 == c2 {
				continue
			}
			return p.RefName(Ref{c1, sol[e][c1]}) + " = " + p.RefName(Ref{c2, sol[e][c2]})
		case "diff":
			return val(e) + " != " + val(other(e))
		case "at":
			return val(e) + ".pos = " + strconv.Itoa(e+1)
		case "left":
			if e == n-1 {
				continue
			}
			return val(e) + ".pos = " + val(e+1) + ".pos - 1"
		case "next":
			if e == n-1 {
				continue
			}
			a, b := val(e), val(e+1)
			if rng.IntN(2) == 0 {
				a, b = b, a
			}
			return "|" + a + ".pos - " + b + ".pos| = 1"
		case "before":
			f := other(e)
			if e > f {
				e, f = f, e
			}
			return val(e) + ".pos < " + val(f) + ".pos"
		case "notleft":
			f := rng.IntN(n)
			if e < f {
				e, f = f, e
			}
			return val(e) + ".pos >= " + val(f) + ".pos"
		case "parity":
			return val(e) + ".pos % 2 = " + strconv.Itoa((e+1)%2)
		case "ends":
			if e != 0 && e != n-1 {
				continue
			}
			return fmt.Sprintf("%s.pos = 1 or %s.pos = %d", val(e), val(e), n)
		case "or", "xor":
			// X = Y (true) and X = Z (false), in either order.
			c := 1 + rng.IntN(m-1)
			x := val(e)
			if p.refCat(x) == c {
				continue
			}
			first := x + " = " + p.RefName(Ref{c, sol[e][c]})
			second := x + " = " + p.RefName(Ref{c, sol[other(e)][c]})
			if rng.IntN(2) == 0 {
				first, second = second, first
			}
			op := " or "
			if rng.IntN(2) == 0 {
				op = " xor "
			}
			return first + op + second
		case "between":
			if e == 0 || e == n-1 {
				continue
			}
			lo, hi := rng.IntN(e), e+1+rng.IntN(n-1-e)
			x, y, z := val(e), val(lo), val(hi)
			if rng.IntN(2) == 0 {
				y, z = z, y
			}
			return fmt.Sprintf("(%s.pos < %s.pos and %s.pos < %s.pos) or (%s.pos < %s.pos and %s.pos < %s.pos)", y, x, x, z, z, x, x, y)
		}
	}
}

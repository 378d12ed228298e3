package gaps

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/internal/longtest"
	"github.com/branchwise/branchwise/internal/opterr"
)

// variantCase is a rule variant and the deals a test plays under it.
type variantCase struct {
	rules Rules
	k     int
	seeds []uint64
}

// seedRange returns the seeds 1..n.
func seedRange(n int) []uint64 {
	s := make([]uint64, n)
	for i := range s {
		s[i] = uint64(i + 1)
	}
	return s
}

// TestRulesVariantsAgainstBreadthFirst decides small deals under the rule
// variants with every decider that plays them and checks each verdict
// against a plain breadth-first search of the same game (exact keys, no
// test of lost positions, no reduction), and every solution by replay.
// With redeals nearly every small deal is solvable, so the unsolvable ones
// of the first 1,000 (found by gaps survey) are played too: their proofs
// are where the tests of lost positions, forced moves and stubborn sets
// (after the last redeal) could go wrong.
func TestRulesVariantsAgainstBreadthFirst(t *testing.T) {
	fixed, re1, re2, both := Rules{FixedSuits: true}, Rules{Redeals: 1}, Rules{Redeals: 2}, Rules{FixedSuits: true, Redeals: 1}
	stuck := Rules{Redeals: 1, WhenStuck: true}
	cases := []variantCase{
		{fixed, 4, seedRange(15)}, {fixed, 5, seedRange(4)}, {stuck, 4, seedRange(6)}, {stuck, 5, []uint64{225, 678}},
		{re1, 4, seedRange(4)}, {re1, 5, []uint64{618}},
		{both, 4, append(seedRange(3), 36, 53, 145)}, {both, 5, []uint64{44, 71}},
	}
	if !longtest.Short() {
		cases = []variantCase{
			{fixed, 4, seedRange(100)}, {fixed, 5, seedRange(40)}, {fixed, 6, seedRange(8)},
			{re1, 4, seedRange(40)}, {re1, 5, append(seedRange(10), 618)}, {re2, 4, seedRange(15)},
			{stuck, 4, seedRange(60)}, {stuck, 5, append(seedRange(20), 225, 618, 678)}, {Rules{FixedSuits: true, Redeals: 2, WhenStuck: true}, 4, seedRange(30)},
			{both, 4, append(seedRange(40), 53, 145, 151, 343, 466, 638, 658, 893, 909, 944, 957)},
			{both, 5, append(seedRange(10), 44, 71, 122, 161, 177, 212, 214, 283, 307, 347)},
		}
	} else if testing.Short() {
		cases = []variantCase{{fixed, 4, seedRange(10)}, {re1, 4, seedRange(4)}, {both, 4, []uint64{36, 53}}}
	}
	deciders := []string{"auto", "decide", "decide-nodl", "decide-reach", "decide-stubborn", "decide-stubborn-dfs", "dfs-aces-first"}
	ctx := context.Background()
	for _, vc := range cases {
		rules := vc.rules
		sizes := []struct {
			k     int
			seeds []uint64
		}{{vc.k, vc.seeds}}
		counts := map[Verdict]int{}
		for _, sz := range sizes {
			for _, seed := range sz.seeds {
				d := Generate(sz.k, seed)
				d.Rules = rules
				ref, err := Solve(ctx, d, "bfs", SolveOptions{Rules: rules})
				if err != nil || ref.Verdict == Unknown {
					t.Fatalf("%v 4x%d seed %d: bfs %v, %v", rules, sz.k, seed, ref.Verdict, err)
				}
				counts[ref.Verdict]++
				if ref.Verdict == Solvable {
					if won, _ := Replay(d, ref.Path); !won {
						t.Errorf("%v 4x%d seed %d: bfs's solution does not replay", rules, sz.k, seed)
					}
				}
				for _, a := range deciders {
					for _, workers := range []int{1, 2} {
						if workers == 2 && a != "decide" && a != "decide-reach" {
							continue
						}
						out, err := Solve(ctx, d, a, SolveOptions{Rules: rules, Workers: workers})
						if err != nil {
							t.Fatalf("%v 4x%d seed %d %s: %v", rules, sz.k, seed, a, err)
						}
						if out.Verdict != ref.Verdict {
							t.Errorf("%v 4x%d seed %d %s (%d workers): %v, bfs %v", rules, sz.k, seed, a, workers, out.Verdict, ref.Verdict)
						}
						if out.Verdict == Solvable {
							if won, err := Replay(d, out.Path); !won || err != nil {
								t.Errorf("%v 4x%d seed %d %s: the solution does not replay", rules, sz.k, seed, a)
							}
						}
					}
				}
			}
		}
		t.Logf("%v, 4 x %d: %d solvable, %d unsolvable", rules, vc.k, counts[Solvable], counts[Unsolvable])
	}
}

// TestRulesChangeVerdicts checks that the variants are other games: on
// 4 x 4 seeds 1..40 fixed suits make deals unsolvable that the standard
// rules solve, and a redeal makes deals solvable that they do not.
func TestRulesChangeVerdicts(t *testing.T) {
	ctx := context.Background()
	fewer, more := 0, 0
	for seed := uint64(1); seed <= 40; seed++ {
		d := Generate(4, seed)
		std, _ := Solve(ctx, d, "decide", SolveOptions{})
		fixed, _ := Solve(ctx, d, "decide", SolveOptions{Rules: Rules{FixedSuits: true}})
		re, _ := Solve(ctx, d, "decide", SolveOptions{Rules: Rules{Redeals: 1}})
		if fixed.Verdict == Solvable && std.Verdict != Solvable || re.Verdict != Solvable && std.Verdict == Solvable {
			t.Errorf("seed %d: standard %v, fixed suits %v, 1 redeal %v", seed, std.Verdict, fixed.Verdict, re.Verdict)
		}
		if fixed.Verdict != std.Verdict {
			fewer++
		}
		if re.Verdict != std.Verdict {
			more++
		}
	}
	if fewer == 0 || more == 0 {
		t.Errorf("fixed suits changed %d verdicts, a redeal %d: want some of each", fewer, more)
	}
}

// TestRedeal checks a redeal: the runs stay, a hole follows each, the
// other cards are dealt again, the shuffle depends on the deal alone,
// Undo restores the position, a row permutation of the position redeals
// to a row permutation of its redeal, and keys carry the redeals used.
func TestRedeal(t *testing.T) {
	for seed := uint64(1); seed <= 30; seed++ {
		for _, fixed := range []bool{false, true} {
			d := Generate(6, seed)
			d.Rules = Rules{FixedSuits: fixed, Redeals: 2}
			g, _ := NewGame(d)
			// Play some moves so that runs form, then redeal.
			var buf []Move
			for range 12 {
				ms := g.Moves(buf[:0])
				ms = slices.DeleteFunc(ms, func(m Move) bool { return m == Redeal })
				if len(ms) == 0 {
					break
				}
				g.Apply(ms[int(seed)%len(ms)])
			}
			before := *g
			var run [Rows]int
			for r := range Rows {
				run[r] = g.runLen(r)
			}
			if !g.Legal(Redeal) {
				t.Fatalf("seed %d: no redeal", seed)
			}
			key0 := g.AppendKey(nil)
			g.Apply(Redeal)
			k := g.k
			for r := range Rows {
				for c := range run[r] {
					if g.cells[r*k+c] != before.cells[r*k+c] {
						t.Errorf("seed %d: run of row %d changed", seed, r)
					}
				}
				if g.cells[r*k+run[r]] != Hole {
					t.Errorf("seed %d fixed %v: no hole after row %d's run of %d:\n%v", seed, fixed, r, run[r], g)
				}
			}
			if err := g.Deal().Check(); err != nil {
				t.Errorf("seed %d: %v", seed, err)
			}
			key1 := g.AppendKey(nil)
			if key1[len(key1)-1] != 1 || g.RedealsUsed() != 1 || slices.Equal(key0, key1) {
				t.Errorf("seed %d: key after a redeal %v, used %d", seed, key1, g.RedealsUsed())
			}
			// The same deal, parsed from its text, redeals the same way.
			p, err := ParseString(d.String(), "d")
			if err != nil {
				t.Fatal(err)
			}
			p.Rules = d.Rules
			h, _ := NewGame(p)
			h.set(k, before.cells[:Rows*k])
			h.Apply(Redeal)
			if h.cells != g.cells {
				t.Errorf("seed %d: the parsed deal redeals otherwise", seed)
			}
			g.Undo(Redeal)
			if g.cells != before.cells || g.used != 0 || g.holes != before.holes || g.kept != before.kept {
				t.Errorf("seed %d: Undo did not restore the position", seed)
			}
			if fixed {
				continue
			}
			// Rows reversed: the canonical keys of the redeals agree.
			var rev [Rows * MaxCols]Card
			for r := range Rows {
				copy(rev[r*k:r*k+k], before.cells[(Rows-1-r)*k:(Rows-r)*k])
			}
			h.used = 0
			h.set(k, rev[:Rows*k])
			h.Apply(Redeal)
			g.Apply(Redeal)
			if !slices.Equal(h.AppendCanonicalKey(nil), g.AppendCanonicalKey(nil)) {
				t.Errorf("seed %d: a row permutation redeals to another position", seed)
			}
		}
	}
}

// TestFixedSuitsMoves checks the fixed-suit rules: a left-edge hole takes
// its row's ace only, a won position has suit r in row r, and the keys
// are exact.
func TestFixedSuitsMoves(t *testing.T) {
	d, err := ParseString("SA S2 S3 ..\nHA H2 H3 ..\nDA D2 D3 ..\nCA C2 C3 ..\n", "t")
	if err != nil {
		t.Fatal(err)
	}
	g, _ := NewGame(d)
	if !g.Won() {
		t.Errorf("standard rules: not won")
	}
	d.Rules.FixedSuits = true
	g, _ = NewGame(d)
	if g.Won() {
		t.Errorf("fixed suits: won with the suits in other rows")
	}
	if slices.Equal(g.AppendCanonicalKey(nil), (&Game{k: 4, cells: g.cells}).AppendCanonicalKey(nil)) {
		t.Errorf("fixed suits: the canonical key sorts the rows")
	}
	d, _ = ParseString(".. H2 H3 SA\nHA D2 D3 ..\nDA S2 S3 ..\nCA C2 C3 ..\n", "t")
	d.Rules.FixedSuits = true
	g, _ = NewGame(d)
	ms := g.Moves(nil)
	want := []Move{NewMove(4, 0)} // HA into row 0 only; nothing right of the rank-3 cards
	if !slices.Equal(ms, want) {
		t.Errorf("fixed suits: moves %v, want %v", ms, want)
	}
	if g.Legal(NewMove(3, 0)) {
		t.Errorf("fixed suits: SA may enter row 0")
	}
}

// FuzzRules plays a deal under rule variants: the moves the bytes pick
// (redeals among them) keep a valid deal whose key sets back to the same
// position, and undoing them all restores the deal.
func FuzzRules(f *testing.F) {
	f.Add(Generate(4, 1).String(), true, uint8(1), []byte{0, 1, 2, 3, 9, 0, 1})
	f.Add(Generate(6, 2).String(), false, uint8(2), []byte{5, 4, 3, 2, 1, 0, 7, 7, 7})
	f.Add(Generate(13, 3).String(), true, uint8(5), []byte{255, 0, 128, 3})
	f.Add("SA S2 S3 ..\nHA H2 H3 ..\nDA D2 D3 ..\nCA C2 C3 ..\n", true, uint8(3+8), []byte{0, 0, 0})
	f.Fuzz(func(t *testing.T, text string, fixed bool, redeals uint8, picks []byte) {
		d, err := ParseString(text, "f.txt")
		if err != nil {
			return
		}
		// redeals: the count in the low bits, bit 3 when stuck only.
		d.Rules = Rules{FixedSuits: fixed, Redeals: int(redeals&7) % (MaxRedeals + 1)}
		d.Rules.WhenStuck = redeals&8 != 0 && d.Rules.Redeals > 0
		g, err := NewGame(d)
		if err != nil {
			t.Fatal(err)
		}
		start := g.AppendKey(nil)
		var played []Move
		for _, b := range picks {
			ms := g.Moves(nil)
			if len(ms) == 0 {
				break
			}
			m := ms[int(b)%len(ms)]
			if !g.Legal(m) {
				t.Fatalf("move %v from Moves is not legal", m)
			}
			g.Apply(m)
			played = append(played, m)
			if err := g.Deal().Check(); err != nil {
				t.Fatalf("after %v: %v", played, err)
			}
			h, _ := NewGame(d)
			h.SetKey(g.AppendKey(nil))
			if h.cells != g.cells || h.used != g.used {
				t.Fatalf("the key does not set back the position")
			}
		}
		if g.used > g.redeals {
			t.Fatalf("%d redeals of %d", g.used, g.redeals)
		}
		for i := len(played) - 1; i >= 0; i-- {
			g.Undo(played[i])
		}
		if !slices.Equal(g.AppendKey(nil), start) {
			t.Fatalf("undoing %v does not restore the deal", played)
		}
	})
}

// TestSolvitaireRules checks the rules file for Solvitaire: "fixed suit"
// follows the rules, and redeals are refused.
func TestSolvitaireRules(t *testing.T) {
	d := Generate(6, 1)
	var b strings.Builder
	if err := WriteDeal(&b, d, "solvitaire-rules"); err != nil || !strings.Contains(b.String(), `"fixed suit": false}, "max rank": 6}`) {
		t.Errorf("standard: %q, %v", b.String(), err)
	}
	d.Rules.FixedSuits = true
	b.Reset()
	if err := WriteDeal(&b, d, "solvitaire-rules"); err != nil || !strings.Contains(b.String(), `"fixed suit": true`) {
		t.Errorf("fixed suits: %q, %v", b.String(), err)
	}
	d.Rules.Redeals = 1
	if err := WriteDeal(&b, d, "solvitaire-rules"); !opterr.Is(err) {
		t.Errorf("redeals: %v", err)
	}
	if err := CheckRules(Rules{Redeals: MaxRedeals + 1}, "auto"); !opterr.Is(err) {
		t.Errorf("too many redeals: %v", err)
	}
	if err := CheckRules(Rules{FixedSuits: true}, "decide,decide-stubborn-dfs+aces"); !opterr.Is(err) {
		t.Errorf("ace classes under fixed suits: %v", err)
	}
	if err := (SurveySizes{SurveyOptions: SurveyOptions{Columns: 4, Deals: 1, Decider: "decide+aces", Solve: SolveOptions{Rules: Rules{Redeals: 1}}}, ToColumns: 4}).Check(); !opterr.Is(err) {
		t.Errorf("survey with ace classes and redeals: %v", err)
	}
}

// TestSurveyRules checks that a survey under a variant plays it and names
// it in its result, table and JSON, and that the standard game's result
// names none.
func TestSurveyRules(t *testing.T) {
	ctx := context.Background()
	std := Survey(ctx, SurveyOptions{Columns: 4, Seed: 1, Deals: 12, Workers: 1})
	fixed := Survey(ctx, SurveyOptions{Columns: 4, Seed: 1, Deals: 12, Workers: 1, Solve: SolveOptions{Rules: Rules{FixedSuits: true}}})
	if std.Rules != "" || fixed.Rules != "fixed suits" {
		t.Errorf("rules %q and %q", std.Rules, fixed.Rules)
	}
	want := 0
	for seed := uint64(1); seed <= 12; seed++ {
		out, _ := Solve(ctx, Generate(4, seed), "decide", SolveOptions{Rules: Rules{FixedSuits: true}})
		if out.Verdict == Solvable {
			want++
		}
	}
	if fixed.Solvable != want || fixed.Solvable >= std.Solvable {
		t.Errorf("fixed suits: %d solvable, want %d (standard: %d)", fixed.Solvable, want, std.Solvable)
	}
	var b strings.Builder
	fixed.WriteTable(&b)
	js, _ := fixed.MarshalJSON()
	if !strings.HasPrefix(b.String(), "rules: fixed suits\n") || !strings.Contains(string(js), `"rules":"fixed suits"`) {
		t.Errorf("table %q, JSON %s", b.String(), js)
	}
}

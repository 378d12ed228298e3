package xcover

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/scan"
	"github.com/branchwise/branchwise/search"
)

// Knuth's example of 7.2.2.1 (6): items a..g, six options, one solution.
const knuthExample = `| the example of TAOCP 7.2.2.1 (6)
a b c d e f g
c e
a d g
b c f
a d f
b g
d e g
`

func TestReadDLX(t *testing.T) {
	p, err := ReadDLX(strings.NewReader(knuthExample), "ex.dlx")
	if err != nil {
		t.Fatal(err)
	}
	var sol []int
	r := p.Compile(Fewest).Solve(context.Background(), search.Limits{}, func(o []int) bool { sol = append([]int(nil), o...); return true })
	if r.Solutions != 1 {
		t.Fatalf("%d solutions, want 1", r.Solutions)
	}
	// The solution is options 0 (c e), 3 (a d f) and 4 (b g), in some order.
	got := map[int]bool{}
	for _, o := range sol {
		got[o] = true
	}
	if len(got) != 3 || !got[0] || !got[3] || !got[4] {
		t.Errorf("solution %v, want options 0, 3, 4", sol)
	}
	// Round trip through WriteDLX, with colours.
	q := queens(5)
	q.AddOption("r0", "c0", "a0:x")
	var buf bytes.Buffer
	q.WriteDLX(&buf)
	q2, err := ReadDLX(&buf, "rt.dlx")
	if err != nil {
		t.Fatal(err)
	}
	if a, b := q.Compile(Fewest).Solve(context.Background(), search.Limits{}, nil), q2.Compile(Fewest).Solve(context.Background(), search.Limits{}, nil); a.Solutions != b.Solutions {
		t.Errorf("round trip: %d vs %d solutions", a.Solutions, b.Solutions)
	}
}

func TestReadDLXErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", "f.dlx: no item line"},
		{"| only comments\n", "f.dlx: no item line"},
		{"a b\na c\n", `f.dlx:2: xcover: unknown item "c"`},
		{"a b | c\na c:red\nb:blue\n", `f.dlx:3: xcover: primary item "b" cannot have a colour`},
		{"a a\n", `f.dlx:1: xcover: item "a" is named twice`},
		{"a b\na a\n", `f.dlx:2: xcover: item "a" appears twice in one option`},
		{"a | b | c\n", "f.dlx:1: two '|' in the item line"},
		{"a b:x\n", `f.dlx:1: bad item name "b:x"`},
		// Issue 19 (S5): an empty colour was dropped silently.
		{"A | B\nA B:\n", `f.dlx:2: xcover: item "B" has an empty colour after ':'`},
		// Issue 19: CR-only line ends are line ends; a BOM is skipped.
		{"\xEF\xBB\xBFa b\ra c\r", `f.dlx:2: xcover: unknown item "c"`},
		{"a b\r\na c\r\n", `f.dlx:2: xcover: unknown item "c"`},
	} {
		_, err := ReadDLX(strings.NewReader(tc.in), "f.dlx")
		if err == nil || err.Error() != tc.want {
			t.Errorf("ReadDLX(%q) = %v, want %q", tc.in, err, tc.want)
		}
	}
}

// Issue 19: a 10 MB line was "bufio.Scanner: token too long" with no line
// number; now it is read, and a line past scan.MaxLineBytes names its line.
func TestReadDLXLongLine(t *testing.T) {
	items := make([]string, 1_000_000)
	for i := range items {
		items[i] = fmt.Sprintf("i%d", i)
	}
	in := strings.Join(items, " ") + "\n" + strings.Join(items, " ") + "\n"
	p, err := ReadDLX(strings.NewReader(in), "f.dlx")
	if err != nil || p.Options() != 1 {
		t.Fatalf("a %d-byte line: %v", len(in)/2, err)
	}
	_, err = ReadDLX(strings.NewReader("a\n"+strings.Repeat("a ", scan.MaxLineBytes)), "f.dlx")
	if err == nil || err.Error() != fmt.Sprintf("f.dlx:2: line longer than %d bytes", scan.MaxLineBytes) {
		t.Errorf("got %v", err)
	}
}

func FuzzReadDLX(f *testing.F) {
	f.Add(knuthExample)
	f.Add("a b | x\na x:1\nb x:1\na b\n")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ReadDLX(strings.NewReader(s), "f")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f") {
				t.Fatalf("error without the file name: %v", err)
			}
			return
		}
		if p.Options() > 40 || p.Items() > 40 {
			return
		}
		p.Compile(Fewest).Solve(context.Background(), search.Limits{MaxSolutions: 1000}, nil)
	})
}

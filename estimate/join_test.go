package estimate

import (
	"context"
	"slices"
	"testing"
)

// noChildren is a tree whose root is a dead end.
type noChildren struct{}

func (noChildren) Branches() (int, bool) { return 0, false }
func (noChildren) Down(int)              { panic("no child") }
func (noChildren) Up()                   { panic("no parent") }
func (noChildren) Depth() int            { return 0 }

func TestJoinRoots(t *testing.T) {
	const max = 9
	parts := func() []Tree {
		return []Tree{
			&hashTree{keys: []uint64{11}, max: max},
			noChildren{},
			&hashTree{keys: []uint64{0x12345}, max: max},
			noChildren{},
			&hashTree{keys: []uint64{977}, max: max - 2},
		}
	}
	// The union's profile, re-derived from the parts' own.
	var want Profile
	want.Grow(0)
	want.Nodes[0] = 1
	for _, p := range parts() {
		var q Profile
		walkTree(p, max+1, &q, func() bool { return false })
		q.Nodes[0] = 0
		want.Add(&q)
	}
	var nodes, sols int64
	for d := range want.Nodes {
		nodes += want.Nodes[d]
		sols += want.Solutions[d]
	}
	if n, s := count(JoinRoots(parts())); n != nodes || s != sols {
		t.Errorf("walked: %d nodes, %d solutions; want %d, %d", n, s, nodes, sols)
	}
	var walked Profile
	walkTree(JoinRoots(parts()), max+1, &walked, func() bool { return false })
	var counted Profile
	JoinRoots(parts()).(Counter).CountSubtree(&counted, max+1, func() bool { return false })
	whole, err := Exhaustive(context.Background(), func() Tree { return JoinRoots(parts()) }, max+1, 3)
	if err != nil {
		t.Fatal(err)
	}
	for name, p := range map[string]Profile{"walked": walked, "counted": counted, "exhaustive": whole} {
		if !slices.Equal(p.Nodes, want.Nodes) || !slices.Equal(p.Branches, want.Branches) || !slices.Equal(p.Solutions, want.Solutions) {
			t.Errorf("%s: %+v\nwant %+v", name, p, want)
		}
	}
	empty := JoinRoots(nil)
	var p Profile
	empty.(Counter).CountSubtree(&p, max, func() bool { return false })
	if n, _ := empty.Branches(); n != 0 || !slices.Equal(p.Nodes, []int64{1}) {
		t.Errorf("no trees: %d children, profile %+v; want a lone root", n, p)
	}
}

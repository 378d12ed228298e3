package spec

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

type SpecInner struct {
	MaxNodes int64
	MaxTime  time.Duration
}

type specNamed struct{ name string }

func (s *specNamed) Spec() string { return "table " + s.name }

type specOptions struct {
	Algorithm string
	Weight    float64
	Reflect   bool
	Names     []string
	SpecInner
	Table    *specNamed
	Progress func(int) `spec:"-"`
	Workers  int       `spec:"-"`
	hidden   int
}

// TestSpec checks the text of a spec and that every field it writes
// changes it.
func TestSpec(t *testing.T) {
	base := specOptions{Algorithm: "ida", Weight: 1.5, Names: []string{"a"}, SpecInner: SpecInner{MaxNodes: 10, MaxTime: time.Minute},
		Table: &specNamed{"555"}, Workers: 4, hidden: 1}
	got, err := Of("tiles korf100", base)
	want := `tiles korf100 Algorithm="ida" Weight=1.5 Reflect=false Names=["a"] SpecInner.MaxNodes=10 SpecInner.MaxTime=1m0s Table="table 555"`
	if err != nil || got != want {
		t.Fatalf("Spec = %q, %v\nwant %q", got, err, want)
	}
	changes := []func(o *specOptions){
		func(o *specOptions) { o.Algorithm = "astar" },
		func(o *specOptions) { o.Weight = 2 },
		func(o *specOptions) { o.Reflect = true },
		func(o *specOptions) { o.Names = append(o.Names, "b") },
		func(o *specOptions) { o.MaxNodes = 11 },
		func(o *specOptions) { o.MaxTime = time.Second },
		func(o *specOptions) { o.Table = &specNamed{"663"} },
		func(o *specOptions) { o.Table = nil },
	}
	for i, change := range changes {
		o := base
		o.Names = slicesClone(base.Names)
		change(&o)
		if s, _ := Of("tiles korf100", o); s == got {
			t.Errorf("change %d left the spec as it was: %s", i, s)
		}
	}
	o := base
	o.Workers, o.Progress, o.hidden = 1, func(int) {}, 2
	if s, _ := Of("tiles korf100", o); s != got {
		t.Errorf("an excluded field changed the spec: %s", s)
	}
	if got, want := Excluded(base), []string{"Progress", "Workers"}; !reflect.DeepEqual(got, want) {
		t.Errorf("SpecExcluded = %v, want %v", got, want)
	}
}

// TestSpecUnwritable checks that a field Spec cannot write is an error
// naming it.
func TestSpecUnwritable(t *testing.T) {
	type bad struct {
		Done func()
	}
	if _, err := Of("x", bad{}); err == nil || !strings.Contains(err.Error(), "Done") {
		t.Errorf("a func field: %v, want an error naming Done", err)
	}
}

func slicesClone(s []string) []string { return append([]string(nil), s...) }

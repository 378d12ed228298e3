package cliflag

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/pflag"
)

func TestParseByteSize(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
	}{
		{"0", 0}, {"1234", 1234}, {"4GB", 4e9}, {"4gb", 4e9}, {"512MiB", 512 << 20},
		{"1.5G", 1.5e9}, {"2KiB", 2048}, {"10B", 10}, {"3 TB", 3e12},
	} {
		got, err := ParseByteSize(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("ParseByteSize(%q) = %d, %v; want %d", tc.in, got, err, tc.want)
		}
	}
	for _, in := range []string{"", "GB", "-1GB", "4XB", "1e30", "abc"} {
		if _, err := ParseByteSize(in); err == nil {
			t.Errorf("ParseByteSize(%q) succeeded", in)
		}
	}
}

func TestParseSelection(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []int
	}{
		{"1-3", []int{1, 2, 3}}, {"5,1,5,2-3", []int{5, 1, 2, 3}}, {"10", []int{10}}, {" 2 , 4", []int{2, 4}},
	} {
		got, err := ParseSelection("instances", tc.in, 10)
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("ParseSelection(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
	for _, in := range []string{"", "0", "11", "3-2", "a", "1-", "1,,2"} {
		_, err := ParseSelection("instances", in, 10)
		if err == nil || !strings.HasPrefix(err.Error(), "--instances ") {
			t.Errorf("ParseSelection(%q): error %v, want one naming --instances", in, err)
		}
	}
}

func TestSmallParsers(t *testing.T) {
	if r, c, ok := SplitRxC("4X5"); !ok || r != 4 || c != 5 {
		t.Errorf("SplitRxC(4X5) = %d, %d, %t", r, c, ok)
	}
	if _, _, ok := SplitRxC("45"); ok {
		t.Error("SplitRxC(45) succeeded")
	}
	for _, tc := range []struct {
		in     string
		single bool
		lo, hi int
		ok     bool
	}{{"4..8", false, 4, 8, true}, {"6", true, 6, 6, true}, {"6", false, 6, 6, false}, {"3-9", false, 0, 0, false}, {"9..3", false, 9, 3, true}} {
		lo, hi, ok := ParseRange(tc.in, tc.single)
		if ok != tc.ok || ok && (lo != tc.lo || hi != tc.hi) {
			t.Errorf("ParseRange(%q, %t) = %d, %d, %t", tc.in, tc.single, lo, hi, ok)
		}
	}
	for in, want := range map[string]float64{"10%": 0.1, "0.25": 0.25, " 5% ": 0.05} {
		if v, ok := ParseRelative(in); !ok || v != want {
			t.Errorf("ParseRelative(%q) = %v, %t", in, v, ok)
		}
	}
	if _, ok := ParseRelative("ten"); ok {
		t.Error("ParseRelative(ten) succeeded")
	}
	if xs, ok := ParseInts("0, 3,1", 0); !ok || !slices.Equal(xs, []int{0, 3, 1}) {
		t.Errorf("ParseInts = %v, %t", xs, ok)
	}
	for _, in := range []string{"1,x", "-1", ""} {
		if _, ok := ParseInts(in, 0); ok {
			t.Errorf("ParseInts(%q) succeeded", in)
		}
	}
}

func TestCheck(t *testing.T) {
	fs := pflag.NewFlagSet("t", pflag.ContinueOnError)
	var n, w int
	var seed int64
	var x float64
	var size ByteSize
	fs.IntVar(&n, "count", 0, "")
	fs.IntVarP(&w, "workers", "j", 1, "")
	fs.Int64Var(&seed, "seed", 0, "")
	fs.Float64Var(&x, "weight", 0, "")
	fs.Var(&size, "max-mem", "")
	fs.Duration("max-time", 0, "")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--count", "3", "--seed", "-5", "--max-mem", "4GB"}, ""},
		{[]string{"--count", "-1"}, "--count -1: must not be negative"},
		{[]string{"--workers", "0"}, "--workers 0: want 1 to"},
		{[]string{"--weight", "NaN"}, "--weight NaN: want a finite number"},
		{[]string{"--weight", "-2"}, "--weight -2: must not be negative"},
		{[]string{"--max-time", "-1s"}, "--max-time -1s: must not be negative"},
	} {
		if err := fs.Parse(tc.args); err != nil {
			t.Fatal(err)
		}
		var err error
		fs.Visit(func(f *pflag.Flag) {
			if err == nil {
				err = Check(f)
			}
		})
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.want)) {
			t.Errorf("%v: %v, want %q", tc.args, err, tc.want)
		}
		fs.VisitAll(func(f *pflag.Flag) { f.Changed = false; f.Value.Set(f.DefValue) })
	}
}

func TestReadFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "x.txt")
	if err := os.WriteFile(file, []byte("from the file"), 0o644); err != nil {
		t.Fatal(err)
	}
	read := func(r io.Reader, name string) (string, error) {
		b, err := io.ReadAll(r)
		return name + ": " + string(b), err
	}
	stdin := strings.NewReader("from stdin")
	for _, tc := range []struct {
		name  string
		stdin io.Reader
		want  string
		ok    bool
	}{
		{file, nil, file + ": from the file", true},
		{"-", stdin, "<stdin>: from stdin", true},
		{"-", nil, "", false},
		{filepath.Join(t.TempDir(), "missing"), stdin, "", false},
	} {
		got, err := ReadFile(tc.name, tc.stdin, read)
		if got != tc.want || (err == nil) != tc.ok {
			t.Errorf("ReadFile(%q): %q, %v; want %q, ok %v", tc.name, got, err, tc.want, tc.ok)
		}
	}
}

package cliflag

import (
	"strconv"
	"strings"
	"testing"

	"github.com/spf13/pflag"
)

func TestParseCount(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
	}{
		{"0", 0}, {"20000000", 20_000_000}, {"20_000_000", 20_000_000}, {"2e7", 20_000_000},
		{"1.4e8", 140_000_000}, {"1E6", 1_000_000}, {" 35 ", 35}, {"-3", -3}, {"1e3", 1000},
		{"4611686018427387904", 1 << 62}, {"12.0", 12},
	} {
		got, err := ParseCount(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("ParseCount(%q) = %d, %v; want %d", tc.in, got, err, tc.want)
		}
	}
	for _, tc := range []struct{ in, says string }{
		{"", "want a whole number"}, {"abc", "want a whole number"}, {"1e7x", "want a whole number"},
		{"2.5", "not a whole number"}, {"1e-3", "not a whole number"}, {"1e30", "more than 2^62"},
		{"9223372036854775807", "more than 2^62"}, {"NaN", "want a whole number"}, {"Inf", "want a whole number"},
		{"0x10", "want a whole number"}, {"_1", "want a whole number"}, {"1__0", "want a whole number"},
		{"1_e7", "want a whole number"}, {"0x1p4", "want a whole number"},
	} {
		_, err := ParseCount(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.says) || !strings.Contains(err.Error(), strconv.Quote(tc.in)) {
			t.Errorf("ParseCount(%q): error %v, want one quoting the input and saying %q", tc.in, err, tc.says)
		}
	}
}

func TestCountVar(t *testing.T) {
	fs := pflag.NewFlagSet("t", pflag.ContinueOnError)
	var work int64
	var samples int
	CountVar(fs, &work, "work", 0, "moves")
	CountVar(fs, &samples, "samples", 100, "probes")
	if samples != 100 || fs.Lookup("samples").DefValue != "100" || fs.Lookup("work").Value.Type() != "count" {
		t.Fatalf("defaults: samples %d, DefValue %q", samples, fs.Lookup("samples").DefValue)
	}
	if err := fs.Parse([]string{"--work", "1.4e8", "--samples", "2_000"}); err != nil {
		t.Fatal(err)
	}
	if work != 140_000_000 || samples != 2000 {
		t.Errorf("work %d samples %d, want 140000000 and 2000", work, samples)
	}
	if err := Check(fs.Lookup("work")); err != nil {
		t.Errorf("Check(--work 1.4e8): %v", err)
	}
	if err := fs.Parse([]string{"--work", "-1e3"}); err != nil {
		t.Fatal(err)
	}
	if err := Check(fs.Lookup("work")); err == nil || err.Error() != "--work -1000: must not be negative" {
		t.Errorf("Check(--work -1e3) = %v, want the negative-count error", err)
	}
	if err := fs.Parse([]string{"--samples", "2.5"}); err == nil || !strings.Contains(err.Error(), "--samples") {
		t.Errorf("--samples 2.5: error %v, want one naming the flag", err)
	}
}

// FuzzParseCount: whatever the text, ParseCount returns a count within
// 2^62 or an error that quotes the text, and a count prints back to itself.
func FuzzParseCount(f *testing.F) {
	for _, s := range []string{"0", "2e7", "20_000_000", "1.4e8", "-5", "1e400", "0x10", "1_", "9e18"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := ParseCount(s)
		if err != nil {
			if !strings.Contains(err.Error(), strconv.Quote(s)) {
				t.Fatalf("ParseCount(%q): error %q does not quote the input", s, err)
			}
			return
		}
		if n > maxCount || n < -maxCount {
			t.Fatalf("ParseCount(%q) = %d, beyond 2^62", s, n)
		}
		if m, err := ParseCount(strconv.FormatInt(n, 10)); err != nil || m != n {
			t.Fatalf("ParseCount(%q) = %d, but its decimal form reads back as %d, %v", s, n, m, err)
		}
	})
}

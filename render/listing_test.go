package render

import (
	"strings"
	"testing"
)

func TestListing(t *testing.T) {
	for _, tc := range []struct {
		name        string
		lead, color bool
		want        string
	}{
		{"first", false, false, "AB\nCD\n\nEF\n"},
		{"all", true, false, "\nAB\nCD\n\nEF\n"},
		{"colour", false, true, "\x1b[30;48;5;"},
	} {
		var b strings.Builder
		l := Listing{W: &b, Lead: tc.lead, Color: tc.color}
		l.Write([]string{"AB", "CD"})
		l.Write([]string{"EF"})
		if got := b.String(); tc.color && !strings.HasPrefix(got, tc.want) || !tc.color && got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}

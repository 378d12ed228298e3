package longtest

import "testing"

// TestShort: without -tags long the smaller cross-checks always run; with
// it, only under -short.
func TestShort(t *testing.T) {
	if got, want := Short(), testing.Short() || !Enabled(); got != want {
		t.Errorf("Short() = %v, want %v (Enabled %v, testing.Short %v)", got, want, Enabled(), testing.Short())
	}
}

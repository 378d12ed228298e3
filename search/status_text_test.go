package search_test

import (
	"encoding/json"
	"testing"

	"github.com/branchwise/branchwise/search"
)

// TestStatusText: every status goes to JSON as its name and back, and a
// name that is no status's is an error.
func TestStatusText(t *testing.T) {
	for st := search.Solved; st <= search.Stopped; st++ {
		b, err := json.Marshal(struct{ S search.Status }{st})
		if want := `{"S":"` + st.String() + `"}`; err != nil || string(b) != want {
			t.Errorf("%v: %s, %v; want %s", st, b, err, want)
		}
		var back struct{ S search.Status }
		if err := json.Unmarshal(b, &back); err != nil || back.S != st {
			t.Errorf("%s read back as %v, %v", b, back.S, err)
		}
	}
	var s search.Status
	if err := s.UnmarshalText([]byte("finished")); err == nil || err.Error() != `search: unknown status "finished"` {
		t.Errorf("an unknown name: %v", err)
	}
}

package opterr

import (
	"errors"
	"fmt"
	"testing"
)

func TestIs(t *testing.T) {
	wrong := Errorf("--width", "--width must be at least %d", 1)
	for _, tc := range []struct {
		err  error
		want bool
		msg  string
	}{
		{wrong, true, "--width must be at least 1"},
		{fmt.Errorf("estimate: %w", wrong), true, "estimate: --width must be at least 1"},
		{errors.New("--width must be at least 1"), false, "--width must be at least 1"},
		{nil, false, ""},
	} {
		if got := Is(tc.err); got != tc.want {
			t.Errorf("Is(%v) = %v, want %v", tc.err, got, tc.want)
		}
		if tc.err != nil && tc.err.Error() != tc.msg {
			t.Errorf("message %q, want %q", tc.err.Error(), tc.msg)
		}
	}
	var e *Error
	if !errors.As(wrong, &e) || e.Option != "--width" {
		t.Errorf("Option of %v: %+v", wrong, e)
	}
}

func ExampleErrorf() {
	err := Errorf("--deals", "--deals must be at least 1")
	fmt.Println(err, Is(err))
	// Output: --deals must be at least 1 true
}

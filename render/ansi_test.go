package render

import (
	"bytes"
	"testing"
)

func TestWriteANSI(t *testing.T) {
	var b bytes.Buffer
	if err := WriteANSI(&b, []string{"AB", " A"}); err != nil {
		t.Fatal(err)
	}
	// 'A' is 65: palette[65 % 24 = 17] = 223; 'B' 66: palette[18] = 147.
	want := "\x1b[30;48;5;223mA\x1b[0m\x1b[30;48;5;147mB\x1b[0m\n \x1b[30;48;5;223mA\x1b[0m\n"
	if b.String() != want {
		t.Errorf("got %q\nwant %q", b.String(), want)
	}
}

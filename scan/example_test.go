package scan_test

import (
	"fmt"
	"strings"

	"github.com/branchwise/branchwise/scan"
)

func ExampleLines() {
	ln := scan.NewLines(strings.NewReader("\xEF\xBB\xBFname: A B\r\nage: 1 x\r"), "puzzle.txt")
	for ln.Scan() {
		if i := strings.Index(ln.Text(), "x"); i >= 0 {
			fmt.Println(ln.Errorf(i+1, "unexpected %q", "x"))
		}
	}
	// Output: puzzle.txt:2:8: unexpected "x"
}

package polyform

import (
	"context"
	"fmt"
	"testing"
)

func TestZZCalib(t *testing.T) {
	for _, b := range [][2]string{
		{"../../scripts/estimatevalidate/boards/heptiamond-pp24-part.txt", "EGHIJNOPQRSTUVW"},
		{"../../scripts/estimatevalidate/boards/heptiamond-6x14.txt", "ABCEFGIJLQUX"},
		{"hexiamond-6x6", ""},
		{"../../scripts/estimatevalidate/boards/pentahex-5x10.txt", ""},
		{"../../scripts/estimatevalidate/boards/tetrahex-4x7.txt", ""},
		{"../../scripts/estimatevalidate/boards/hexomino-6x12.txt", ""},
		{"pentomino-6x10", ""},
		{"pentomino-3x20", ""},
	} {
		pk, err := Load(b[0], b[1])
		if err != nil {
			t.Log(err)
			continue
		}
		g, n, err := pk.deadGain(context.Background(), pk.restrictedKeep(), autoDeadLook)
		fmt.Println(b[0], len(pk.Board.Cells), g, n, err)
	}
}

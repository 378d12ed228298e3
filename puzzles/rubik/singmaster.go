package rubik

import (
	"fmt"
	"strings"
)

// Singmaster's positional notation, as in Reid's and Rokicki's optimal
// solvers: twelve edge slots UF UR UB UL DF DR DB DL FR FL BR BL, then
// eight corner slots UFR URB UBL ULF DRF DFL DLB DBR, each written as the
// colours (named by the face of that colour in the solved cube) on the
// slot's faces in that order. The solved cube is SolvedSingmaster.

// SolvedSingmaster is the solved cube in Singmaster notation.
const SolvedSingmaster = "UF UR UB UL DF DR DB DL FR FL BR BL UFR URB UBL ULF DRF DFL DLB DBR"

// singmasterSlots lists the slots in notation order.
var singmasterSlots = strings.Fields(SolvedSingmaster)

// slotOf returns the edge (3 letters: corner) slot whose faces are those
// of s, in Kociemba's numbering, or -1.
func slotOf(s string) int {
	names := edgeFacelets[:]
	if len(s) == 3 {
		names = cornerFacelets[:]
	}
	for i, n := range names {
		if len(n) == len(s) && sameFaces(s, n) {
			return i
		}
	}
	return -1
}

// FormatSingmaster returns c in Singmaster notation. The facelet of a
// slot's face number k (in cornerFacelets or edgeFacelets order) shows
// colour (k - orientation) mod 3 (2 for edges) of the cubie there.
func FormatSingmaster(c Cube) string {
	var b strings.Builder
	for t, s := range singmasterSlots {
		if t > 0 {
			b.WriteByte(' ')
		}
		i := slotOf(s)
		faces, cubie, n, o := edgeFacelets[i], edgeFacelets[c.EP[i]], 2, int(c.EO[i])
		if len(s) == 3 {
			faces, cubie, n, o = cornerFacelets[i], cornerFacelets[c.CP[i]], 3, int(c.CO[i])
		}
		for k := 0; k < n; k++ {
			q := strings.IndexByte(faces, s[k])
			b.WriteByte(cubie[(q-o+n)%n])
		}
	}
	return b.String()
}

// ParseSingmaster reads a cube in Singmaster notation (twenty slots
// separated by spaces). Errors name the slot and the problem; the cube
// must be reachable (Cube.Check).
func ParseSingmaster(s string) (Cube, error) {
	var c Cube
	tok := strings.Fields(s)
	if len(tok) != len(singmasterSlots) {
		return c, fmt.Errorf("rubik: singmaster: %d slots, want %d", len(tok), len(singmasterSlots))
	}
	var seenC [8]bool
	var seenE [12]bool
	for t, x := range tok {
		slot := singmasterSlots[t]
		if len(x) != len(slot) {
			return c, fmt.Errorf("rubik: singmaster: slot %d (%s): %q has %d colours, want %d", t+1, slot, x, len(x), len(slot))
		}
		for k := 0; k < len(x); k++ {
			if strings.IndexByte(Faces, x[k]) < 0 {
				return c, fmt.Errorf("rubik: singmaster: slot %d (%s): %q is not a colour (want one of %s)", t+1, slot, x[k:k+1], Faces)
			}
		}
		j := slotOf(x)
		if j < 0 {
			return c, fmt.Errorf("rubik: singmaster: slot %d (%s): no cubie has colours %q", t+1, slot, x)
		}
		i := slotOf(slot)
		faces, cubie, n := edgeFacelets[i], edgeFacelets[j], 2
		if len(x) == 3 {
			faces, cubie, n = cornerFacelets[i], cornerFacelets[j], 3
		}
		// The colour on the slot's reference face is the cubie's colour
		// number -o.
		var o int
		for k := 0; k < n; k++ {
			if slot[k] == faces[0] {
				o = (n - strings.IndexByte(cubie, x[k])) % n
			}
		}
		for k := 0; k < n; k++ {
			q := strings.IndexByte(faces, slot[k])
			if cubie[(q-o+n)%n] != x[k] {
				return c, fmt.Errorf("rubik: singmaster: slot %d (%s): colours %q in an order no turn makes", t+1, slot, x)
			}
		}
		if n == 3 {
			if seenC[j] {
				return c, fmt.Errorf("rubik: singmaster: slot %d (%s): corner %s twice", t+1, slot, cornerFacelets[j])
			}
			seenC[j] = true
			c.CP[i], c.CO[i] = uint8(j), uint8(o)
		} else {
			if seenE[j] {
				return c, fmt.Errorf("rubik: singmaster: slot %d (%s): edge %s twice", t+1, slot, edgeFacelets[j])
			}
			seenE[j] = true
			c.EP[i], c.EO[i] = uint8(j), uint8(o)
		}
	}
	if err := c.Check(); err != nil {
		return c, fmt.Errorf("%w (the Singmaster string)", err)
	}
	return c, nil
}

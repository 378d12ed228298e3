package arena

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

func TestKeys(t *testing.T) {
	var k Keys
	r := rand.New(rand.NewPCG(3, 4))
	var want [][]byte
	var pos []uint64
	for i := 0; i < 20000; i++ {
		b := make([]byte, r.IntN(300))
		for j := range b {
			b[j] = byte(r.Uint32())
		}
		want = append(want, b)
		pos = append(pos, k.Add(b))
	}
	big := bytes.Repeat([]byte{7}, MaxKey)
	bigPos := k.Add(big)
	for i, p := range pos {
		if !bytes.Equal(k.Get(p), want[i]) {
			t.Fatalf("key %d changed", i)
		}
	}
	if !bytes.Equal(k.Get(bigPos), big) || k.Bytes() < int64(len(big)) {
		t.Fatal("the largest key is not kept whole")
	}
	defer func() {
		if recover() == nil {
			t.Error("a key over MaxKey was accepted")
		}
	}()
	k.Add(make([]byte, MaxKey+1))
}

// TestPages: entries keep their values and addresses as the array grows
// (pages are never copied), and Bytes counts whole pages.
func TestPages(t *testing.T) {
	var p Pages[int32]
	first := p.At(p.Push(7))
	for i := int32(1); i < 3*PageLen+5; i++ {
		if got := p.Push(i * 3); got != int(i) {
			t.Fatalf("Push returned %d, want %d", got, i)
		}
	}
	if first != p.At(0) || *first != 7 {
		t.Fatal("the first entry moved or changed as the array grew")
	}
	for i := 1; i < p.Len(); i++ {
		if *p.At(i) != int32(i*3) {
			t.Fatalf("entry %d = %d", i, *p.At(i))
		}
	}
	if p.Len() != 3*PageLen+5 || p.Bytes() < 4*PageLen*4 || p.Bytes() > 4*PageLen*4+1024 {
		t.Errorf("Len %d, Bytes %d", p.Len(), p.Bytes())
	}
}

package dedup

// NewSpillForTest is NewSpill spilling at minKeys keys and a zero byte
// budget, so that small tests spill and merge many times.
func NewSpillForTest(dir string, minKeys int) (*Spill, error) {
	s, err := NewSpill(dir, 0)
	if s != nil {
		s.minKeys = minKeys
	}
	return s, err
}

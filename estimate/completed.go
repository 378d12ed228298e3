package estimate

import "sync"

// completedChunk is how many results one chunk of a completed store
// holds. Results are stored as samples finish, never per sample asked
// for: the workbench asks 2^30 probes and stops them by time, and a slice
// of 2^30 results is gigabytes allocated before the first probe.
const completedChunk = 1024

// completed holds the results of samples 0, 1, ... as they finish, in
// chunks allocated on first use; put may be called from any goroutine.
type completed[T any] struct {
	mu     sync.Mutex
	chunks map[int]*[completedChunk]T
}

func (c *completed[T]) put(i int, v T) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.chunks == nil {
		c.chunks = map[int]*[completedChunk]T{}
	}
	ch := c.chunks[i/completedChunk]
	if ch == nil {
		ch = new([completedChunk]T)
		c.chunks[i/completedChunk] = ch
	}
	ch[i%completedChunk] = v
}

// prefix returns the results of samples 0, 1, ... up to the first one
// missing or not done: the longest run of completed samples, for
// determinism.
func (c *completed[T]) prefix(done func(T) bool) []T {
	var out []T
	for k := 0; ; k++ {
		ch := c.chunks[k]
		if ch == nil {
			return out
		}
		for _, v := range ch {
			if !done(v) {
				return out
			}
			out = append(out, v)
		}
	}
}

package main

import (
	"runtime"
	"sync"
)

// parallelMap applies fn to every input on up to GOMAXPROCS goroutines and
// returns the results in input order, so the output does not depend on
// scheduling.
func parallelMap[In, Out any](ins []In, fn func(In) Out) []Out {
	out := make([]Out, len(ins))
	workers := min(runtime.GOMAXPROCS(0), len(ins))
	if workers <= 1 {
		// One input (a build step's usual run) or one processor: no
		// goroutine to start and hand the work to.
		for i, in := range ins {
			out[i] = fn(in)
		}
		return out
	}
	var wg sync.WaitGroup
	next := make(chan int)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i] = fn(ins[i])
			}
		}()
	}
	for i := range ins {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

package fznsat

// SetBisectGap sets the gap from which optimisation probes the middle of
// the objective values left, and returns the function that restores it.
func SetBisectGap(n int64) (restore func()) {
	old := bisectGap
	bisectGap = n
	return func() { bisectGap = old }
}

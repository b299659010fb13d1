//go:build !unix

package aqcp_test

import "time"

// processCPU returns 0: the CPU time is not measured here.
func processCPU() time.Duration { return 0 }

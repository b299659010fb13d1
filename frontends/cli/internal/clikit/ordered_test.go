package clikit

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestRunOrdered(t *testing.T) {
	for _, jobs := range []int{0, 1, 3, 8} {
		var got []int
		RunOrdered(20, jobs, func(i int) int {
			time.Sleep(time.Duration(rand.IntN(200)) * time.Microsecond)
			return i * i
		}, func(i, r int) {
			assert.Equal(t, i*i, r)
			got = append(got, i)
		})
		assert.Len(t, got, 20)
		for i, v := range got {
			assert.Equal(t, i, v)
		}
	}
	RunOrdered(0, 2, func(int) int { return 0 }, func(int, int) { t.Fatal("nothing to emit") })
}

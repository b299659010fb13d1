package aqtest

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqasp"
)

// ClingoCount enumerates up to limit solutions of p under the region rule
// with clingo on the ASP program (0: all), each checked, and returns them
// sorted as strings, and whether clingo explored every possibility. It
// skips the test when clingo is not installed.
func ClingoCount(t testing.TB, p *aquarium.Puzzle, limit int) ([]string, bool) {
	t.Helper()
	clingo, err := exec.LookPath("clingo")
	if err != nil {
		t.Skip("clingo not found in PATH (apt-get install gringo): not cross-checking with clingo")
	}
	var prog bytes.Buffer
	require.NoError(t, aqasp.WriteASP(&prog, p, aquarium.RegionRule))
	cmd := exec.Command(clingo, "--outf=2", "-n", strconv.Itoa(limit))
	cmd.Stdin = &prog
	out, _ := cmd.Output() // clingo exits 10, 20 or 30 on success
	var result struct {
		Call []struct {
			Witnesses []struct{ Value []string }
		}
		Models struct{ More string }
	}
	require.NoError(t, json.Unmarshal(out, &result), "clingo's output: %s", out)
	var got []string
	for _, call := range result.Call {
		for _, w := range call.Witnesses {
			s, err := aqasp.SolutionFromASP(p, w.Value)
			require.NoError(t, err)
			require.NoError(t, aquarium.Check(p, s, aquarium.RegionRule))
			got = append(got, s.String())
		}
	}
	slices.Sort(got)
	return got, result.Models.More == "no"
}

package clikit

import "testing"

func TestCSVCells(t *testing.T) {
	n, yes := 42, true
	for _, tc := range []struct{ got, want string }{
		{OptInt(nil), ""},
		{OptInt(&n), "42"},
		{OptBool(nil), ""},
		{OptBool(&yes), "true"},
		{MS(1.23456), "1.235"},
		{MS(0), "0.000"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}

// Package suggest finds the words a user may have meant by a mistyped one
// (a command, a flag, an engine, a JSON field), by edit distance, for "did
// you mean" messages.
package suggest

import (
	"slices"
	"strings"
)

// Near returns the candidates closest to a mistyped word: those at the
// smallest edit distance from it within a budget that grows with the
// word's length (one edit for short words, up to a third of the letters
// for long ones, a swap of two neighbours counting as one edit), else
// those the word is a prefix of. It returns nil when nothing is close.
func Near(word string, candidates []string) []string {
	word = strings.ToLower(word)
	budget := max(1, len(word)/3)
	type scored struct {
		name string
		dist int
	}
	var near []scored
	for _, c := range candidates {
		d := editDistance(word, strings.ToLower(c))
		switch {
		case d <= budget:
		case len(word) >= 3 && strings.HasPrefix(strings.ToLower(c), word):
			d = budget + 1
		default:
			continue
		}
		near = append(near, scored{c, d})
	}
	slices.SortStableFunc(near, func(a, b scored) int { return a.dist - b.dist })
	out := make([]string, 0, len(near))
	for _, s := range near {
		if s.dist == near[0].dist && !slices.Contains(out, s.name) {
			out = append(out, s.name)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// DidYouMean words the suggestions for a mistyped word as "; did you mean
// X?" or "; did you mean X or Y?" (each passed through quote), or "" when
// there is none; at most three are named.
func DidYouMean(word string, candidates []string, quote func(string) string) string {
	s := Near(word, candidates)
	if len(s) == 0 {
		return ""
	}
	s = s[:min(len(s), 3)]
	for i := range s {
		s[i] = quote(s[i])
	}
	if len(s) == 1 {
		return "; did you mean " + s[0] + "?"
	}
	return "; did you mean " + strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1] + "?"
}

// editDistance is the optimal string alignment distance between a and b:
// insertions, deletions, substitutions and swaps of neighbours, one each.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	// d[i][j] is the distance between ra[:i] and rb[:j], three rows kept.
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}

package clikit

import "github.com/waterworks-solver/waterworks/frontends/suggest"

// Suggest returns the candidates closest to a mistyped word (suggest.Near).
func Suggest(word string, candidates []string) []string { return suggest.Near(word, candidates) }

// DidYouMean words the suggestions for a mistyped word: "; did you mean
// X?" (suggest.DidYouMean).
func DidYouMean(word string, candidates []string, quote func(string) string) string {
	return suggest.DidYouMean(word, candidates, quote)
}

package riverfmt

import (
	"fmt"
	"strings"

	"github.com/waterworks-solver/waterworks/models/river"
)

// Words writes a crossing as people read it: "the farmer takes the goat
// across", "the farmer returns alone", "2 cannibals cross", "1
// missionary and 1 cannibal return". When some aboard row and others do
// not, the rowers take the others; otherwise everyone aboard crosses.
func Words(p *river.Puzzle, t river.Trip) string {
	var rowers, others []string
	rowing, total := 0, 0
	for k, v := range t.Load {
		if v == 0 || k >= len(p.Kinds) {
			continue
		}
		total += v
		if p.Kinds[k].Rows {
			rowers = append(rowers, Noun(p.Kinds[k], v))
			rowing += v
		} else {
			others = append(others, Noun(p.Kinds[k], v))
		}
	}
	where := "across"
	if t.Back {
		where = "back"
	}
	if len(others) > 0 && len(rowers) > 0 {
		verb := "take"
		if rowing == 1 {
			verb = "takes"
		}
		return fmt.Sprintf("%s %s %s %s", and(rowers), verb, and(others), where)
	}
	all := append(rowers, others...)
	verb := "cross"
	if t.Back {
		verb = "return"
	}
	switch {
	case total == 1 && t.Back:
		return and(all) + " returns alone"
	case total == 1:
		return and(all) + " crosses alone"
	}
	return and(all) + " " + verb
}

// Noun names v items of kind k: "the farmer" or "h1" for one of a kind of
// one (common nouns, all small letters, get "the"), "1 missionary" or "3
// cannibals" otherwise.
func Noun(k river.Kind, v int) string {
	if k.Count == 1 {
		if strings.Trim(k.Name, "abcdefghijklmnopqrstuvwxyz") == "" {
			return "the " + k.Name
		}
		return k.Name
	}
	if v == 1 {
		return "1 " + k.Name
	}
	return fmt.Sprintf("%d %s", v, plural(k.Name))
}

// plural makes the usual English plural: missionaries, cannibals, foxes.
func plural(s string) string {
	switch {
	case strings.HasSuffix(s, "y") && len(s) > 1 && !strings.ContainsRune("aeiou", rune(s[len(s)-2])):
		return s[:len(s)-1] + "ies"
	case strings.HasSuffix(s, "s"), strings.HasSuffix(s, "x"), strings.HasSuffix(s, "ch"), strings.HasSuffix(s, "sh"):
		return s + "es"
	}
	return s + "s"
}

func and(words []string) string {
	if len(words) <= 1 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

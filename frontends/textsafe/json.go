package textsafe

import "fmt"

// maxJSONDepth is how deeply ScanJSON lets arrays and objects nest: no
// format needs more than three levels.
const maxJSONDepth = 64

// ScanJSON checks one line of JSON Lines before it is decoded, in one pass
// that allocates nothing: no array may have more than MaxJSONArray
// elements, arrays and objects may not nest deeper than 64 levels, and no
// string may hold an escaped NUL ("\u0000"). It returns the 1-based byte
// column of the first problem and a message naming the top-level field it
// is in, or 0 and "". Syntax errors are left to the decoder, which reports
// them better.
func ScanJSON(line []byte) (col int, msg string) {
	var stack [maxJSONDepth]struct {
		array bool
		count int // commas seen in an array
	}
	depth := 0
	var key, last []byte // the current top-level key, the last string read
	field := func() string {
		if key == nil {
			return "the line"
		}
		return fmt.Sprintf("field %q", key)
	}
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case '"':
			start := i + 1
			for i++; i < len(line) && line[i] != '"'; i++ {
				if line[i] != '\\' || i+1 >= len(line) {
					continue
				}
				i++
				if line[i] == 'u' && i+4 < len(line) && string(line[i+1:i+5]) == "0000" {
					return i, field() + " holds a NUL character (\\u0000)"
				}
			}
			last = line[start:min(i, len(line))]
		case ':':
			if depth == 1 && !stack[0].array {
				key = last
			}
		case '[', '{':
			if depth == maxJSONDepth {
				return i + 1, fmt.Sprintf("%s nests arrays and objects deeper than %d levels", field(), maxJSONDepth)
			}
			stack[depth].array, stack[depth].count = line[i] == '[', 0
			depth++
		case ']', '}':
			if depth > 0 {
				depth--
			}
			if depth == 0 {
				key = nil
			}
		case ',':
			if depth == 0 || !stack[depth-1].array {
				continue
			}
			stack[depth-1].count++
			if stack[depth-1].count >= MaxJSONArray {
				return i + 2, fmt.Sprintf("%s has an array of more than %d elements (the limit)", field(), MaxJSONArray)
			}
		}
	}
	return 0, ""
}

package minizinc

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Kind says what a Value holds.
type Kind int

// The kinds of value an output variable of an integer and Boolean model can
// take. Floats and strings are refused (see ParseValue).
const (
	KindInt    Kind = iota + 1 // Int
	KindBool                   // Bool
	KindEnum                   // Enum: a member of an enumerated type, by name
	KindSet                    // Elems: a set, ascending, without repeats
	KindArray                  // Elems: an array, possibly of arrays
	KindAbsent                 // the absent value <> of an optional variable
)

// A Value is the value of one output variable as minizinc prints it with
// --output-mode json. The zero Value is invalid.
type Value struct {
	Kind  Kind
	Int   int64
	Bool  bool
	Enum  string  // the member's name as MiniZinc shows it, e.g. Red or C(Red)
	Elems []Value // the members of a set or the elements of an array
}

// Int returns the integer value n.
func Int(n int64) Value { return Value{Kind: KindInt, Int: n} }

// Bool returns the Boolean value b.
func Bool(b bool) Value { return Value{Kind: KindBool, Bool: b} }

// Array returns the array of elems.
func Array(elems ...Value) Value { return Value{Kind: KindArray, Elems: elems} }

// String writes v as MiniZinc data would: 3, true, Red, {1,2,5}, [1,2],
// <>. Arrays lose their index sets, so the text is for people; Confirm
// gives the solver minizinc's own JSON instead.
func (v Value) String() string {
	var b strings.Builder
	v.write(&b)
	return b.String()
}

func (v Value) write(b *strings.Builder) {
	switch v.Kind {
	case KindInt:
		b.WriteString(strconv.FormatInt(v.Int, 10))
	case KindBool:
		b.WriteString(strconv.FormatBool(v.Bool))
	case KindEnum:
		b.WriteString(v.Enum)
	case KindAbsent:
		b.WriteString("<>")
	case KindSet, KindArray:
		open, close := "[", "]"
		if v.Kind == KindSet {
			open, close = "{", "}"
		}
		b.WriteString(open)
		for i, e := range v.Elems {
			if i > 0 {
				b.WriteString(", ")
			}
			e.write(b)
		}
		b.WriteString(close)
	default:
		b.WriteString("?")
	}
}

// Equal reports whether v and w are the same value.
func (v Value) Equal(w Value) bool {
	if v.Kind != w.Kind {
		return false
	}
	switch v.Kind {
	case KindInt:
		return v.Int == w.Int
	case KindBool:
		return v.Bool == w.Bool
	case KindEnum:
		return v.Enum == w.Enum
	case KindSet, KindArray:
		return slices.EqualFunc(v.Elems, w.Elems, Value.Equal)
	}
	return true
}

// MarshalJSON writes v in minizinc's JSON form, which minizinc also reads
// as data: enums as {"e": name}, sets as {"set": [...]}, absent as null.
// An enum member whose name is a constructor call (C(Red)) cannot be
// written back and is refused.
func (v Value) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	if err := v.marshal(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func (v Value) marshal(b *bytes.Buffer) error {
	switch v.Kind {
	case KindInt:
		b.WriteString(strconv.FormatInt(v.Int, 10))
	case KindBool:
		b.WriteString(strconv.FormatBool(v.Bool))
	case KindAbsent:
		b.WriteString("null")
	case KindEnum:
		if strings.ContainsAny(v.Enum, "()") {
			return fmt.Errorf("enum constructor value %s cannot be written as JSON data", v.Enum)
		}
		name, _ := json.Marshal(v.Enum)
		b.WriteString(`{"e":`)
		b.Write(name)
		b.WriteString("}")
	case KindSet, KindArray:
		if v.Kind == KindSet {
			b.WriteString(`{"set":`)
		}
		b.WriteString("[")
		for i, e := range v.Elems {
			if i > 0 {
				b.WriteString(",")
			}
			if err := e.marshal(b); err != nil {
				return err
			}
		}
		b.WriteString("]")
		if v.Kind == KindSet {
			b.WriteString("}")
		}
	default:
		return errors.New("invalid value")
	}
	return nil
}

// maxSetRange bounds the members a range in a set may expand to: a set
// 1..10^6 is refused rather than spelt out.
const maxSetRange = 1 << 16

// ParseValue reads one value in minizinc's JSON output form: an integer,
// true or false, an array (multi-dimensional arrays nest), a set
// {"set": [1, [3, 5]]} (ranges are spelt out), an enum member {"e": "Red"}
// (or {"e": "X", "i": 3} for an anonymous one, or {"c": "C", "e": ...} for a
// constructor), or null for absent. It refuses, by name, what an integer
// and Boolean model does not print: floats, strings, and integers outside
// 64 bits.
func ParseValue(data []byte) (Value, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var raw any
	if err := dec.Decode(&raw); err != nil {
		return Value{}, err
	}
	if dec.More() {
		return Value{}, errors.New("text after the value")
	}
	return fromJSON(raw, 0)
}

// maxDepth bounds the nesting of arrays, so that hostile input cannot
// exhaust the stack.
const maxDepth = 64

func fromJSON(raw any, depth int) (Value, error) {
	if depth > maxDepth {
		return Value{}, errors.New("arrays nested too deep")
	}
	switch x := raw.(type) {
	case nil:
		return Value{Kind: KindAbsent}, nil
	case bool:
		return Bool(x), nil
	case json.Number:
		return parseInt(x.String())
	case string:
		return Value{}, fmt.Errorf("string %q: strings are not supported", truncate(x))
	case []any:
		elems := make([]Value, len(x))
		for i, e := range x {
			v, err := fromJSON(e, depth+1)
			if err != nil {
				return Value{}, fmt.Errorf("element %d: %w", i+1, err)
			}
			elems[i] = v
		}
		return Array(elems...), nil
	case map[string]any:
		return fromObject(x, depth)
	}
	return Value{}, fmt.Errorf("unexpected %T", raw)
}

func parseInt(s string) (Value, error) {
	if strings.ContainsAny(s, ".eE") {
		return Value{}, fmt.Errorf("float %s: float values are not supported", s)
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return Value{}, fmt.Errorf("integer %s is out of range", truncate(s))
	}
	return Int(n), nil
}

// fromObject reads the object forms: sets and enum members.
func fromObject(x map[string]any, depth int) (Value, error) {
	keys := make([]string, 0, len(x))
	for k := range x {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	switch strings.Join(keys, ",") {
	case "set":
		return fromSet(x["set"], depth)
	case "e", "e,i", "c,e":
		name, err := enumName(x, depth)
		if err != nil {
			return Value{}, err
		}
		return Value{Kind: KindEnum, Enum: name}, nil
	}
	return Value{}, fmt.Errorf("unknown object with keys %s", truncate(strings.Join(keys, ", ")))
}

// enumName is the name of an enum member: the member itself, an anonymous
// member X_i, or a constructor applied to a member, C(Red).
func enumName(x map[string]any, depth int) (string, error) {
	if depth > maxDepth {
		return "", errors.New("enum constructors nested too deep")
	}
	if c, ok := x["c"]; ok {
		cs, ok := c.(string)
		inner, okInner := x["e"].(map[string]any)
		if !ok || !okInner {
			return "", errors.New(`enum constructor: want {"c": name, "e": member}`)
		}
		arg, err := enumName(inner, depth+1)
		if err != nil {
			return "", err
		}
		return cs + "(" + arg + ")", nil
	}
	e, ok := x["e"].(string)
	if !ok {
		return "", errors.New(`enum member: want {"e": name}`)
	}
	if i, ok := x["i"]; ok {
		n, ok := i.(json.Number)
		if !ok {
			return "", errors.New(`anonymous enum member: want {"e": name, "i": number}`)
		}
		return "to_enum(" + e + "," + n.String() + ")", nil
	}
	return e, nil
}

// fromSet reads the members of a set: integers, [lo, hi] ranges of
// integers, or enum members, sorted into ascending order.
func fromSet(raw any, depth int) (Value, error) {
	list, ok := raw.([]any)
	if !ok {
		return Value{}, errors.New(`set: want {"set": [...]}`)
	}
	var elems []Value
	for _, m := range list {
		switch y := m.(type) {
		case []any:
			lo, hi, err := setRange(y)
			if err != nil {
				return Value{}, err
			}
			for k := int64(0); lo <= hi && k <= hi-lo; k++ {
				elems = append(elems, Int(lo+k))
				if len(elems) > maxSetRange {
					return Value{}, fmt.Errorf("set has more than %d members", maxSetRange)
				}
			}
		default:
			v, err := fromJSON(y, depth+1)
			if err != nil {
				return Value{}, fmt.Errorf("set member: %w", err)
			}
			if v.Kind != KindInt && v.Kind != KindEnum {
				return Value{}, errors.New("set member: want an integer, a range or an enum member")
			}
			elems = append(elems, v)
		}
	}
	slices.SortFunc(elems, func(a, b Value) int {
		if a.Kind != b.Kind {
			return int(a.Kind) - int(b.Kind)
		}
		if a.Kind == KindInt {
			return cmpInt(a.Int, b.Int)
		}
		return strings.Compare(a.Enum, b.Enum)
	})
	elems = slices.CompactFunc(elems, Value.Equal)
	return Value{Kind: KindSet, Elems: elems}, nil
}

func setRange(y []any) (lo, hi int64, err error) {
	if len(y) != 2 {
		return 0, 0, errors.New("set range: want [lo, hi]")
	}
	var bounds [2]int64
	for i, b := range y {
		n, ok := b.(json.Number)
		if !ok {
			return 0, 0, errors.New("set range: want integer bounds")
		}
		v, err := parseInt(n.String())
		if err != nil {
			return 0, 0, fmt.Errorf("set range: %w", err)
		}
		bounds[i] = v.Int
	}
	if d := bounds[1] - bounds[0]; bounds[1] >= bounds[0] && (d < 0 || d >= maxSetRange) {
		return 0, 0, fmt.Errorf("set range %d..%d has more than %d members", bounds[0], bounds[1], maxSetRange)
	}
	return bounds[0], bounds[1], nil
}

func cmpInt(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// truncate shortens s for an error message.
func truncate(s string) string {
	const max = 40
	if len(s) <= max {
		return s
	}
	return s[:max] + "..."
}

package fzncp

import (
	"math"
	"math/rand/v2"

	"github.com/waterworks-solver/waterworks/cp"
	"github.com/waterworks-solver/waterworks/models/fzn"
)

var selections = map[string]cp.VarSelection{
	"input_order":      cp.SelectInputOrder,
	"first_fail":       cp.SelectFirstFail,
	"anti_first_fail":  cp.SelectAntiFirstFail,
	"smallest":         cp.SelectSmallest,
	"largest":          cp.SelectLargest,
	"occurrence":       cp.SelectOccurrence,
	"most_constrained": cp.SelectMostConstrained,
	"max_regret":       cp.SelectMaxRegret,
	"dom_w_deg":        cp.SelectDomWDeg,
}

var valueOrders = map[string]cp.ValueOrder{
	"indomain":               cp.ValueMin,
	"indomain_min":           cp.ValueMin,
	"indomain_max":           cp.ValueMax,
	"indomain_median":        cp.ValueMedian,
	"indomain_middle":        cp.ValueMiddle,
	"indomain_split":         cp.ValueSplit,
	"indomain_reverse_split": cp.ValueReverseSplit,
	"indomain_random":        cp.ValueRandom,
	"indomain_interval":      cp.ValueInterval,
}

// solveItem reads the solve item: the objective and the search
// annotations.
func (b *builder) solveItem() error {
	sv := &b.m.src.Solve
	if sv.Method != fzn.Satisfy {
		if sv.Objective == nil {
			return &BuildError{sv.Pos, "solve item", errNoObjective}
		}
		x, ok := b.objectiveVar(sv.Objective)
		if !ok {
			return &BuildError{sv.Pos, "solve item", errBadObjective}
		}
		b.m.objective = x
	}
	for _, a := range sv.Anns {
		b.annotation(a)
	}
	return nil
}

func (b *builder) objectiveVar(e fzn.Expr) (x cp.Var, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, isArg := r.(argError); !isArg {
				panic(r)
			}
			ok = false
		}
	}()
	return b.varOf(e, fzn.Int, -1, -1), true
}

// annotation adds the strategies of a search annotation; it ignores what
// it does not know, as FlatZinc asks.
func (b *builder) annotation(a *fzn.Annotation) {
	switch a.Name {
	case "seq_search", "warm_start_array":
		if a.Name == "seq_search" && len(a.Args) == 1 {
			if arr, ok := a.Args[0].(*fzn.ArrayLit); ok {
				for _, e := range arr.Elems {
					if sub, ok := e.(*fzn.Annotation); ok {
						b.annotation(sub)
					}
				}
			}
		}
	case "int_search", "bool_search":
		if len(a.Args) < 3 {
			return
		}
		vars := b.searchVars(a.Args[0], a.Name == "bool_search")
		st := cp.Strategy{Vars: vars}
		if sel, ok := atom(a.Args[1]); ok {
			st.Select = selections[sel] // unknown: input_order
		}
		if val, ok := atom(a.Args[2]); ok {
			st.Value = valueOrders[val] // unknown: indomain_min
		}
		if len(vars) == 0 {
			return
		}
		b.m.strategies = append(b.m.strategies, st)
		for _, v := range vars {
			if !b.m.isAnnotated(v) {
				b.m.annotated = append(b.m.annotated, v)
				b.m.inAnnotation[v] = true
			}
		}
	}
}

func (m *Model) isAnnotated(v cp.Var) bool { return m.inAnnotation[v] }

// searchVars returns the variables of an annotation's array, leaving out
// constants and what is not a variable of the right type.
func (b *builder) searchVars(e fzn.Expr, isBool bool) []cp.Var {
	elems, ok := fzn.Array(e)
	if !ok {
		return nil
	}
	el := fzn.Int
	if isBool {
		el = fzn.Bool
	}
	var vs []cp.Var
	for _, x := range elems {
		id, ok := x.(*fzn.Ident)
		if !ok || !id.Decl.IsVar() || id.Decl.IsArray() || id.Decl.Type.Elem != el {
			continue
		}
		vs = append(vs, b.m.vars[id.Decl.Index])
	}
	return vs
}

func atom(e fzn.Expr) (string, bool) {
	a, ok := e.(*fzn.Annotation)
	if !ok || len(a.Args) != 0 {
		return "", false
	}
	return a.Name, true
}

// brancher returns the plain engine's brancher: the annotations'
// strategies in order (unless free), then first-fail over the decision
// variables none covers (dom/wdeg over all of them when free). With
// only, it keeps to those variables (the outputs, for solutions distinct
// on them), in the same order.
func (m *Model) brancher(free bool, seed uint64, only []cp.Var) cp.Brancher {
	keep := func(vs []cp.Var) []cp.Var { return vs }
	if only != nil {
		in := make(map[cp.Var]bool, len(only))
		for _, v := range only {
			in[v] = true
		}
		keep = func(vs []cp.Var) []cp.Var {
			var out []cp.Var
			for _, v := range vs {
				if in[v] {
					out = append(out, v)
				}
			}
			return out
		}
	}
	rest := m.decisions
	if only != nil {
		rest = only
	}
	if free {
		return cp.DomWDeg(keep(rest), cp.ValueMin)
	}
	var bs []cp.Brancher
	for _, st := range m.strategies {
		st.Vars = keep(st.Vars)
		st.Seed = seed
		if len(st.Vars) > 0 {
			bs = append(bs, st.Brancher())
		}
	}
	var open []cp.Var
	for _, v := range keep(rest) {
		if !m.isAnnotated(v) {
			open = append(open, v)
		}
	}
	if len(open) > 0 {
		bs = append(bs, cp.FirstFail(open, cp.ValueMin))
	}
	return cp.Seq(bs...)
}

// learningVars returns the variables the learning search branches on,
// annotated first.
func (m *Model) learningVars(free bool) []cp.Var {
	if free {
		return m.decisions
	}
	vs := append([]cp.Var(nil), m.annotated...)
	for _, v := range m.decisions {
		if !m.isAnnotated(v) {
			vs = append(vs, v)
		}
	}
	return vs
}

// maxPhaseValues bounds the domains whose values setPhases lists.
const maxPhaseValues = 1 << 12

// setPhases gives the learning search the annotations' value orders as the
// first values to try (cp.Solver.SetPhase): the smallest value for
// indomain_min and the lower halves of splits, the largest for
// indomain_max and reverse splits, the median or middle value, a value
// drawn with seed for indomain_random. The first annotation that names a
// variable decides.
func (m *Model) setPhases(seed uint64) {
	s := m.s
	rng := rand.New(rand.NewPCG(seed, 0x9a5e))
	done := make(map[cp.Var]bool)
	for _, st := range m.strategies {
		for _, v := range st.Vars {
			if done[v] {
				continue
			}
			done[v] = true
			lo, hi := s.Min(v), s.Max(v)
			phase := lo
			switch st.Value {
			case cp.ValueMax, cp.ValueReverseSplit:
				phase = hi
			case cp.ValueMedian, cp.ValueMiddle, cp.ValueRandom:
				if s.Size(v) > maxPhaseValues { // a hint: the middle will do
					phase = lo + (hi-lo)/2
					break
				}
				vals := s.Values(nil, v)
				switch st.Value {
				case cp.ValueMedian:
					phase = vals[(len(vals)-1)/2]
				case cp.ValueRandom:
					phase = vals[rng.IntN(len(vals))]
				default:
					mid := float64(lo) + (float64(hi)-float64(lo))/2
					for _, x := range vals {
						if math.Abs(float64(x)-mid) < math.Abs(float64(phase)-mid) {
							phase = x
						}
					}
				}
			}
			s.SetPhase(v, phase)
		}
	}
}

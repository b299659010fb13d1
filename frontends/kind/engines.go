package kind

import "github.com/waterworks-solver/waterworks/sat/backends"

// EngineNames lists the names compare's --engines takes for a kind with
// these methods: each method, and after the SAT method ("sat")
// sat/BACKEND and the backend's own name for every available backend.
func EngineNames(methods ...string) []string {
	var names []string
	for _, m := range methods {
		names = append(names, m)
		if m == "sat" {
			for _, b := range backends.Available() {
				names = append(names, m+"/"+b, b)
			}
		}
	}
	return names
}

// Named returns the item of list that nameOf calls name (an engine, a
// method, a kind), and false when there is none.
func Named[T any](list []T, nameOf func(T) string, name string) (T, bool) {
	for _, item := range list {
		if nameOf(item) == name {
			return item, true
		}
	}
	var zero T
	return zero, false
}

// Names lists what nameOf calls each item of list, in order.
func Names[T any](list []T, nameOf func(T) string) []string {
	names := make([]string, len(list))
	for i, item := range list {
		names[i] = nameOf(item)
	}
	return names
}

package statespace

import (
	"math/rand/v2"
	"testing"
)

// keySpace is a Space with no actions, for building stores of keys of
// type K.
type keySpace[K comparable] struct{}

func (keySpace[K]) Successors(K, func(int, K, int) bool) {}
func (keySpace[K]) Goal(K) bool                          { return false }

// checkStore adds keys (with repeats) to a store of the given numbering
// and checks it against a map: add reports a key new exactly once, with
// the next number; a repeat gets its number (numberAll; numberNew allows
// noID too); find and key agree.
func checkStore[K comparable](t *testing.T, want numbering, wantMode storeMode, keys []K) {
	t.Helper()
	s := new(keyStore[K])
	if err := initStore[K, int](s, keySpace[K]{}, Options{Store: StoreHash}, want); err != nil {
		t.Fatal(err)
	}
	if s.mode != wantMode {
		t.Fatalf("mode %d, want %d", s.mode, wantMode)
	}
	ids := map[K]uint32{}
	for _, k := range keys {
		id, added := s.add(k)
		old, seen := ids[k]
		switch {
		case added == seen:
			t.Fatalf("add(%v): added %v after %d keys, seen before %v", k, added, len(ids), seen)
		case added && id != uint32(len(ids)):
			t.Fatalf("add(%v) = %d, want the next number %d", k, id, len(ids))
		case !added && want == numberAll && id != old:
			t.Fatalf("add(%v) again = %d, want %d", k, id, old)
		case !added && want == numberNew && id != noID && id != old:
			t.Fatalf("add(%v) again = %d, want noID or %d", k, id, old)
		}
		if added {
			ids[k] = id
		}
		if got, ok := s.find(k); !ok || (want == numberAll && got != ids[k]) {
			t.Fatalf("find(%v) = %d, %v after adding it as %d", k, got, ok, ids[k])
		}
	}
	if s.len() != len(ids) {
		t.Fatalf("len %d, want %d", s.len(), len(ids))
	}
	for k, id := range ids {
		if got := s.key(id); got != k {
			t.Fatalf("key(%d) = %v, want %v", id, got, k)
		}
	}
	if s.bytes() <= 0 {
		t.Fatalf("bytes %d", s.bytes())
	}
}

// TestStores drives every hash store through growth with random keys,
// the zero key among them, each key added about twice.
func TestStores(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 31, 32, 33, 100, 5000} {
		u64 := make([]uint64, 0, 2*n)
		for range n {
			k := r.Uint64()
			if r.IntN(4) == 0 {
				k = uint64(r.IntN(50)) // small keys, 0 among them
			}
			u64 = append(u64, k, k)
		}
		r.Shuffle(len(u64), func(i, j int) { u64[i], u64[j] = u64[j], u64[i] })
		u8 := make([]uint8, len(u64))
		i32 := make([]int32, len(u64))
		a2 := make([][2]uint64, len(u64))
		a3 := make([][3]uint64, len(u64))
		for i, k := range u64 {
			u8[i], i32[i] = uint8(k), int32(k)
			a2[i], a3[i] = [2]uint64{k, k >> 7}, [3]uint64{k, 0, k >> 3}
		}
		checkStore(t, numberNew, modeSet, u64)
		checkStore(t, numberNew, modeSet, u8)
		checkStore(t, numberNew, modeSet, i32)
		checkStore(t, numberAll, modeInline, u64)
		checkStore(t, numberAll, modeInline, i32)
		checkStore(t, numberNew, modeInline, a2)
		checkStore(t, numberAll, modeInline, a2)
		checkStore(t, numberNew, modeTagged, a3)
		checkStore(t, numberAll, modeTagged, a3)
	}
}

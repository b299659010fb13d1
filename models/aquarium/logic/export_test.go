package logic

import "context"

// Settle lets the external tests run settle, the quick reasoning.
func (r *Reasoner) Settle(ctx context.Context, depth, since int) (bool, error) {
	return r.settle(ctx, depth, since)
}

package aqcp

// AddRedundant posts the redundant constraints that Search adds on large
// grids only, so that tests can check them on small ones.
func (m *Model) AddRedundant() { m.addRedundant() }

// Estimate exposes estimate to the external tests.
var Estimate = estimate

package aqsat

// Estimate exposes estimate to the external tests.
var Estimate = estimate

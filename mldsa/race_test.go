// Copyright 2026 The cryptolab Authors. BSD 3-Clause license.

//go:build race

package mldsa_test

const raceEnabled = true

// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build !amd64 || purego

package lms

// niAssembly is false: chainsNI1, chainsNI2 and chainsNI4 are chainsNIGo.
const niAssembly = false

// chainsNI1 and chainsNI2 are chainsNIGo here, where nothing chooses
// them.
func chainsNI1(s *niShared, l0 *niLane, steps int) { chainsNIGo(s, l0, steps) }

func chainsNI2(s *niShared, l0, l1 *niLane, steps int) {
	chainsNIGo(s, l0, steps)
	chainsNIGo(s, l1, steps)
}

func chainsNI4(s *niShared, l0, l1, l2, l3 *niLane, steps int) {
	chainsNI2(s, l0, l1, steps)
	chainsNI2(s, l2, l3, steps)
}

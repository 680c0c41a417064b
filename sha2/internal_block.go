// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package sha2

import _ "unsafe" // go:linkname

// The compression function is lent to the module's other packages through
// internal/sha256block (package lms hashes one-block messages with it), so
// it stays out of this package's API: block256, which runs the SHA
// extensions where the processor has them, so lms gets them too. Renaming
// block256 or changing its signature breaks that package's build.
//
//go:linkname block256

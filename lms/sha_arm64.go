// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build arm64 && !purego

package lms

import "github.com/cryptolab-go/cryptolab/internal/cpu"

// shaExtensions reports whether sha2's compression function runs on the
// ARMv8 SHA-256 instructions (the condition of sha2's native_arm64.go);
// then Fast hashes as Small does.
func shaExtensions() bool { return cpu.ARM64.HasSHA2 }

// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build !(amd64 || arm64) || purego

package lms

// shaExtensions is false where sha2 has no SHA-256 instructions.
func shaExtensions() bool { return false }

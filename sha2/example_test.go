// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package sha2_test

import (
	"encoding"
	"fmt"

	"github.com/cryptolab-go/cryptolab/sha2"
)

func ExampleSum256() {
	fmt.Printf("%x\n", sha2.Sum256([]byte("abc")))
	// Output: ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad
}

func ExampleNew384() {
	h := sha2.New384()
	h.Write([]byte("ab"))
	h.Write([]byte("c"))
	var buf [sha2.Size384]byte
	fmt.Printf("%x\n", h.Sum(buf[:0]))
	// Output: cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7
}

// A running state can be saved and resumed in another hash of the same
// function.
func ExampleNew256_resume() {
	h := sha2.New256()
	h.Write([]byte("ab"))
	saved, _ := h.(encoding.BinaryMarshaler).MarshalBinary()

	g := sha2.New256()
	if err := g.(encoding.BinaryUnmarshaler).UnmarshalBinary(saved); err != nil {
		panic(err)
	}
	g.Write([]byte("c"))
	fmt.Printf("%x\n", g.Sum(nil))
	// Output: ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad
}

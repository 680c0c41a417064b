// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lms_test

import (
	"testing"
	"unsafe"

	"github.com/cryptolab-go/cryptolab/lab/measure"
	"github.com/cryptolab-go/cryptolab/lms"
)

// h5Sigs returns, for W = 1, 2, 4, 8 (SHA-256, n = m = 32, h = 5), a
// one-level HSS public key, a message and its signature.
func h5Sigs(t testing.TB) (ps []lms.Params, pubs, sigs [][]byte, msg []byte) {
	msg = []byte("stack and heap")
	for w := lms.LMOTS_SHA256_N32_W1; w <= lms.LMOTS_SHA256_N32_W8; w++ {
		p := lms.Params{LMS: lms.LMS_SHA256_M32_H5, OTS: w}
		sk, err := lms.GenerateKey(lms.Fast(), []lms.Params{p}, lms.SignerOptions{Cache: lms.CacheAll}, &memStore{}, seeded(uint64(w)))
		if err != nil {
			t.Fatal(err)
		}
		sig, err := sk.Sign(msg)
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
		pubs = append(pubs, sk.Public().Bytes())
		sigs = append(sigs, sig)
	}
	return ps, pubs, sigs, msg
}

// TestVerifyAllocs pins that verification allocates nothing, in both
// configurations, for HSS (the RFC's two-level Test Case 1 too) and bare
// LMS signatures.
func TestVerifyAllocs(t *testing.T) {
	ps, pubs, sigs, msg := h5Sigs(t)
	for _, cfg := range configs {
		for i := range ps {
			pk, _ := lms.ParsePublicKey(cfg, pubs[i])
			bare, _ := lms.ParseLMSPublicKey(cfg, pubs[i][4:])
			if a := testing.AllocsPerRun(5, func() { pk.Verify(msg, sigs[i]) }); a != 0 {
				t.Errorf("%v %v: HSS Verify allocates %v times", cfg, ps[i], a)
			}
			if a := testing.AllocsPerRun(5, func() { bare.Verify(msg, sigs[i][4:]) }); a != 0 {
				t.Errorf("%v %v: LMS Verify allocates %v times", cfg, ps[i], a)
			}
		}
	}
}

// stm32Stack is the stack column of the STM32H5 CMOX v5 LMS table
// (lab/reference/stm32/lms.tsv, platform h563-v5): 1,668 bytes for every
// row (LMS_N32_H10_W1..W8_SHA256).
const stm32Stack = 1668

// TestVerifyStack measures, with the lab's painted-stack probe
// (lab/measure), the stack high-water mark of verification in each
// configuration and logs it beside the published 1,668 bytes; Small, the
// configuration that corresponds to CMOX's, must stay within it. The
// tree height changes only the length of the loop over the path, not the
// frames, so h = 5 keys stand in for the page's h = 10. What Go's runtime
// adds (the call into the measured closure and its return address) is
// included; a preemption signal frame is filtered by the probe. This is a
// memory bound, not a timing claim.
func TestVerifyStack(t *testing.T) {
	ps, pubs, sigs, msg := h5Sigs(t)
	for _, cfg := range configs {
		for i := range ps {
			pk, _ := lms.ParsePublicKey(cfg, pubs[i])
			bare, _ := lms.ParseLMSPublicKey(cfg, pubs[i][4:])
			s, err := measure.Stack(func() error { pk.Verify(msg, sigs[i]); return nil })
			if err != nil {
				t.Fatal(err)
			}
			sb, err := measure.Stack(func() error { bare.Verify(msg, sigs[i][4:]); return nil })
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%v %v: stack %d bytes (HSS), %d bytes (bare LMS); CMOX %d", cfg, ps[i].OTS, s, sb, stm32Stack)
			if cfg.String() == "Small" && s > stm32Stack {
				t.Errorf("Small %v: stack %d > %d", ps[i].OTS, s, stm32Stack)
			}
		}
	}
}

// TestMemory checks the Memory figures: Key is the size of a PublicKey
// and of the encoding it keeps.
func TestMemory(t *testing.T) {
	var pk lms.PublicKey
	p := lms.Params{LMS: lms.LMS_SHA256_M32_H10, OTS: lms.LMOTS_SHA256_N32_W8}
	for _, cfg := range configs {
		m := cfg.Memory(p)
		if m.Key != int(unsafe.Sizeof(pk))+p.PublicKeySize() {
			t.Errorf("%v: Memory.Key %d, sizeof(PublicKey) %d + encoding %d", cfg, m.Key, unsafe.Sizeof(pk), p.PublicKeySize())
		}
		if m.Tables != 0 {
			t.Errorf("%v: tables", cfg)
		}
		if (cfg.Memory(lms.Params{LMS: 1, OTS: 1}) != lms.Memory{}) {
			t.Errorf("%v: invalid params have memory", cfg)
		}
	}
	if lms.Default().String() != "Fast" || lms.Small().String() != "Small" {
		t.Error("names")
	}
}

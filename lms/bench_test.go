// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lms

import (
	"encoding/binary"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/cryptolab-go/cryptolab/internal/cpu"
	"github.com/cryptolab-go/cryptolab/internal/sha256block"
)

// benchKey is a one-level HSS key of the page's parameter sets,
// LMS_SHA256_M32_H10 with LMOTS_SHA256_N32_W1..W8, with signatures of
// distinct messages.
type benchKey struct {
	w    int
	pub  []byte
	msgs [][]byte
	sigs [][]byte
}

type nullStore struct{}

func (nullStore) Save([]byte) error { return nil }

var (
	benchOnce sync.Once
	benchKeys []benchKey
)

// h10Keys generates the four keys (about 0.3, 0.3, 0.6 and 2.5 s with
// Fast) and 16 signatures each, once per process.
func h10Keys(b *testing.B) []benchKey {
	benchOnce.Do(func() {
		for i, w := range []int{1, 2, 4, 8} {
			p := Params{LMS: LMS_SHA256_M32_H10, OTS: OTSType(i + 1)}
			var seed [48]byte
			seed[0] = byte(w)
			sk, err := GenerateKey(Fast(), []Params{p}, SignerOptions{Cache: CacheAll}, nullStore{}, byteReader(seed[:]))
			if err != nil {
				panic(err)
			}
			k := benchKey{w: w, pub: sk.Public().Bytes()}
			for j := 0; j < 16; j++ {
				msg := []byte(fmt.Sprintf("firmware image %d", j))
				sig, err := sk.Sign(msg)
				if err != nil {
					panic(err)
				}
				k.msgs = append(k.msgs, msg)
				k.sigs = append(k.sigs, sig)
			}
			benchKeys = append(benchKeys, k)
		}
	})
	return benchKeys
}

type byteReader []byte

func (r byteReader) Read(p []byte) (int, error) {
	n := copy(p, r)
	return n, nil
}

// blocks is the number of SHA-256 compressions of an l-byte message.
func blocks(l int) int { return (l + 9 + 63) / 64 }

// compressionsVarTime counts the SHA-256 compressions Small makes to
// verify the one-level HSS signature sig of msg (SHA-256 parameter sets)
// besides the chain steps (chainSteps): the message hash, the candidate
// key, the leaf and the h interior nodes.
func compressionsVarTime(msg, sig []byte) int {
	sig = sig[4:]
	op := otsOf(OTSType(binary.BigEndian.Uint32(sig[4:])))
	o := 4 + op.sigLen()
	lp := lmsOf(LMSType(binary.BigEndian.Uint32(sig[o:])))
	n := op.n
	count := blocks(22 + n + len(msg))
	count += blocks(22 + op.p*n)
	count += blocks(22+lp.m) + int(lp.h)*blocks(22+2*lp.m)
	return count
}

// chainSteps returns Σ (2^w - 1 - a_i) for the signature, with the key's I.
func chainSteps(pub, msg, sig []byte) int {
	sig = sig[4:]
	q := binary.BigEndian.Uint32(sig)
	op := otsOf(OTSType(binary.BigEndian.Uint32(sig[4:])))
	I := (*[16]byte)(pub[12:28])
	Qc := messageDigest(op, I, q, sig[8:8+op.n], msg)
	steps := 0
	for i := 0; i < op.p; i++ {
		steps += 1<<op.w - 1 - coef(Qc[:], i, op.w)
	}
	return steps
}

// BenchmarkVerify verifies signatures of the page's four parameter sets
// (LMS_SHA256_M32_H10, W = 1, 2, 4, 8), cycling over 16 messages, in both
// configurations, and reports the SHA-256 compressions per verification:
// the average and, as the page's minimum and maximum cycles do, the
// smallest and largest count over the 16 signatures.
func BenchmarkVerify(b *testing.B) {
	for _, k := range h10Keys(b) {
		for _, cfg := range []Config{Small(), Fast()} {
			pk, err := ParsePublicKey(cfg, k.pub)
			if err != nil {
				b.Fatal(err)
			}
			total, lo, hi := 0, 1<<30, 0
			for j := range k.sigs {
				c := compressionsVarTime(k.msgs[j], k.sigs[j]) + chainSteps(k.pub, k.msgs[j], k.sigs[j])
				total += c
				lo, hi = min(lo, c), max(hi, c)
			}
			b.Run(fmt.Sprintf("H10/W%d/%v", k.w, cfg), func(b *testing.B) {
				j := 0
				for b.Loop() {
					if !pk.Verify(k.msgs[j], k.sigs[j]) {
						b.Fatal("invalid")
					}
					j = (j + 1) % len(k.sigs)
				}
				b.ReportMetric(float64(total)/float64(len(k.sigs)), "compressions/op")
				b.ReportMetric(float64(lo), "min-compressions")
				b.ReportMetric(float64(hi), "max-compressions")
			})
		}
	}
}

// BenchmarkHashBound measures, interleaved in one loop, Small and Fast
// verification of the same signature and the hash-count bound: that
// signature's count of SHA-256 compressions (compressionsVarTime and
// chainSteps) run back to back through sha2's compression function. It
// reports the median time of each and the medians of the per-iteration
// ratios small/bound (the target is at most 1.2) and small/fast, with
// sha2 on the processor's SHA-256 instructions where it has them
// ("sha2=native") and on its Go code ("sha2=go", internal/cpu.Disable).
func BenchmarkHashBound(b *testing.B) {
	for _, k := range h10Keys(b) {
		small, _ := ParsePublicKey(Small(), k.pub)
		fast, _ := ParsePublicKey(Fast(), k.pub)
		counts := make([]int, len(k.sigs))
		for j := range k.sigs {
			counts[j] = compressionsVarTime(k.msgs[j], k.sigs[j]) + chainSteps(k.pub, k.msgs[j], k.sigs[j])
		}
		for _, mode := range []string{"sha2=native", "sha2=go"} {
			b.Run(fmt.Sprintf("H10/W%d/%s", k.w, mode), func(b *testing.B) {
				if mode == "sha2=go" {
					// sha2 (and so Small, the bound and Fast's choice) without
					// the processor's SHA-256 instructions.
					restore, err := cpu.Disable("sha", "arm64.sha2")
					if err != nil {
						b.Fatal(err)
					}
					defer restore()
				}
				var ts, tf, tb []float64
				var H [8]uint32
				var blk [64]byte
				j := 0
				for b.Loop() {
					t0 := time.Now()
					small.Verify(k.msgs[j], k.sigs[j])
					t1 := time.Now()
					fast.Verify(k.msgs[j], k.sigs[j])
					t2 := time.Now()
					for range counts[j] {
						sha256block.Block(&H, blk[:])
					}
					t3 := time.Now()
					ts = append(ts, float64(t1.Sub(t0)))
					tf = append(tf, float64(t2.Sub(t1)))
					tb = append(tb, float64(t3.Sub(t2)))
					j = (j + 1) % len(k.sigs)
				}
				rsb := make([]float64, len(ts))
				rsf := make([]float64, len(ts))
				for i := range ts {
					rsb[i] = ts[i] / tb[i]
					rsf[i] = ts[i] / tf[i]
				}
				b.ReportMetric(median(ts), "small-ns/op")
				b.ReportMetric(median(tf), "fast-ns/op")
				b.ReportMetric(median(tb), "bound-ns/op")
				b.ReportMetric(median(rsb), "small/bound")
				b.ReportMetric(median(rsf), "small/fast")
			})
		}
	}
}

// median returns the median of xs (reordering them). On a shared machine
// the median of per-iteration figures, each from three measurements a few
// milliseconds apart, is steadier than a ratio of sums.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	slices.Sort(xs)
	return xs[len(xs)/2]
}

// BenchmarkVectors verifies RFC 8554 Test Cases 1 and 2 in both
// configurations.
func BenchmarkVectors(b *testing.B) {
	for _, v := range loadVectors(b)[:2] {
		for _, cfg := range []Config{Small(), Fast()} {
			pk, _ := ParsePublicKey(cfg, v.pub)
			b.Run(v.name[len("RFC 8554 "):]+"/"+cfg.String(), func(b *testing.B) {
				for b.Loop() {
					if !pk.Verify(v.msg, v.sig) {
						b.Fatal("invalid")
					}
				}
			})
		}
	}
}

// BenchmarkCompress is one SHA-256 compression of sha2, the unit of the
// hash-count bound, and BenchmarkChainStep one chain hash of Fast.
func BenchmarkCompress(b *testing.B) {
	var H [8]uint32
	var blk [64]byte
	for b.Loop() {
		sha256block.Block(&H, blk[:])
	}
}

func BenchmarkChainStep(b *testing.B) {
	var mid [8]uint32
	var W [1][16]uint32
	var out [1][8]uint32
	for b.Loop() {
		blockLanes1(&mid, &W, &out)
	}
}

// BenchmarkKeyGen generates LMS_SHA256_M32_H5 keys (32 one-time keys;
// the H10 figures are 32 times these) and BenchmarkSign signs with the
// page's H10 keys and each tree cache.
func BenchmarkKeyGen(b *testing.B) {
	for i := 1; i <= 4; i++ {
		p := Params{LMS: LMS_SHA256_M32_H5, OTS: OTSType(i)}
		for _, cfg := range []Config{Small(), Fast()} {
			b.Run(fmt.Sprintf("H5/W%d/%v", 1<<(i-1), cfg), func(b *testing.B) {
				for b.Loop() {
					if _, err := GenerateKey(cfg, []Params{p}, SignerOptions{Cache: CacheAll}, nullStore{}, byteReader(make([]byte, 48))); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

func BenchmarkSign(b *testing.B) {
	for i := 1; i <= 4; i++ {
		p := Params{LMS: LMS_SHA256_M32_H5, OTS: OTSType(i)}
		for _, c := range []struct {
			name  string
			cache TreeCache
		}{{"CacheAll", CacheAll}, {"CacheTop3", CacheTop(3)}, {"CacheNone", CacheNone}} {
			b.Run(fmt.Sprintf("H5/W%d/%s", 1<<(i-1), c.name), func(b *testing.B) {
				sk, err := GenerateKey(Fast(), []Params{p}, SignerOptions{Cache: c.cache, Reserve: 1 << 20}, nullStore{}, byteReader(make([]byte, 48)))
				if err != nil {
					b.Fatal(err)
				}
				msg := []byte("firmware")
				for b.Loop() {
					if sk.Remaining() == 0 {
						b.StopTimer()
						sk, _ = GenerateKey(Fast(), []Params{p}, SignerOptions{Cache: c.cache, Reserve: 1 << 20}, nullStore{}, byteReader(make([]byte, 48)))
						b.StartTimer()
					}
					if _, err := sk.Sign(msg); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkChainStep8 is eight chain hashes at once: AVX-512VL, AVX2 (the
// former turned off) and Go (both off).
func BenchmarkChainStep8(b *testing.B) {
	for _, c := range []struct {
		name string
		off  []string
	}{{"AVX512VL", nil}, {"AVX2", []string{"avx512f"}}, {"Go", []string{"avx512f", "avx2"}}} {
		b.Run(c.name, func(b *testing.B) {
			restore, err := cpu.Disable(c.off...)
			if err != nil {
				b.Fatal(err)
			}
			defer restore()
			var mid [8]uint32
			var W [16][8]uint32
			var out [8][8]uint32
			for b.Loop() {
				blockLanes8(&mid, &W, &out)
			}
		})
	}
}

// BenchmarkChainsNI is 255 chain steps of one chain (x1) and of each of
// two (x2) and four (x4) chains at once on the SHA extensions, per chain
// step (the figure to set beside BenchmarkCompress).
func BenchmarkChainsNI(b *testing.B) {
	if !hasChainNI() {
		b.Skip("no SHA-NI chains here")
	}
	var I [16]byte
	var s niShared
	s.init(&I, 1, 32)
	var l [4]niLane
	x := make([]byte, 32)
	for k := range l {
		l[k].set(x, 1, k, 0)
	}
	for _, c := range []struct {
		name  string
		lanes int
		run   func()
	}{
		{"x1", 1, func() { chainsNI1(&s, &l[0], 255) }},
		{"x2", 2, func() { chainsNI2(&s, &l[0], &l[1], 255) }},
		{"x4", 4, func() { chainsNI4(&s, &l[0], &l[1], &l[2], &l[3], 255) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				for k := range l {
					l[k].ctr[1] = uint32(k) << 16
				}
				c.run()
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(255*c.lanes), "ns/step")
		})
	}
}

// BenchmarkChainStore measures, interleaved, 255 steps of a chain on
// sha2's compression (chainSHA256), the same 255 compressions with only
// the byte j stored into the block before each (no chain value, so no
// dependency between them), 255 steps of the chain in registers
// (chainSHA256NI, where it runs) and the hash-count bound (255
// compressions back to back): the ratios to the bound show what a store
// into the block just before the compression costs when sha2's
// compression reads the block back in 16-byte loads.
func BenchmarkChainStore(b *testing.B) {
	var c chainBlock
	var I [16]byte
	c.init(&I, 3, 32)
	x := make([]byte, 32)
	var Hb [8]uint32
	var blk [64]byte
	var rc, rj, rn []float64
	for b.Loop() {
		tn := time.Now()
		if hasChainNI() {
			chainSHA256NI(&c, &x[0], 5<<16, 255)
		}
		t0 := time.Now()
		c.chainSHA256(5, x, 0, 255)
		t1 := time.Now()
		for j := 0; j < 255; j++ {
			c.b[22] = byte(j)
			H := iv256
			sha256block.Block(&H, c.b[:])
			Hb[0] ^= H[0]
		}
		t2 := time.Now()
		for range 255 {
			sha256block.Block(&Hb, blk[:])
		}
		t3 := time.Now()
		bound := float64(t3.Sub(t2))
		rc = append(rc, float64(t1.Sub(t0))/bound)
		rj = append(rj, float64(t2.Sub(t1))/bound)
		rn = append(rn, float64(t0.Sub(tn))/bound)
	}
	b.ReportMetric(median(rc), "chain/bound")
	b.ReportMetric(median(rj), "j-only/bound")
	if hasChainNI() {
		b.ReportMetric(median(rn), "ni/bound")
	}
}

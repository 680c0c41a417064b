package report

import (
	"fmt"
	"time"

	"github.com/cryptolab-go/cryptolab/lab/result"
)

// syntheticRun is a fixed, made-up run used by the golden tests: AES-CBC and
// SHA results of ours in two configurations (plus a third, "Default", that
// the pages do not have, on a few rows), the peers go, go-purego (one of
// its results failed) and openssl on part of the rows, footprints, and no
// results for the other families. The numbers follow simple formulas so the
// tests can recompute them; they are not measurements. ML-KEM has results
// in two configurations against a page without a configuration column.
func syntheticRun() *result.Run {
	run := &result.Run{
		Schema: result.SchemaVersion,
		Machine: result.Machine{
			CPUModel: "Synthetic CPU @ 3.40GHz", Cores: 2, OS: "linux", Arch: "amd64", GOAMD64: "v1",
			GoVersion: "go1.26.8", Features: []string{"AES-NI", "SHA-NI", "AVX2"},
			Counter: "RDTSC", CounterHz: 2.096e9, CoreHz: 3.4e9,
			CoreMethod: "chain of dependent adds, one per cycle",
			Module:     "v0.0.0-synthetic", BuildFlags: "-trimpath",
			Started:  time.Date(2026, 11, 30, 7, 0, 0, 0, time.UTC),
			Duration: 187.25,
			Methods: map[string]string{
				"time":         "Synthetic: batches timed with the thread CPU clock.",
				"stack":        "Synthetic: painted stack, 8-byte resolution.",
				"peer:openssl": "openssl speed -evp: wall time over its own loop, no key setup per call",
			},
		},
		Config: result.RunConfig{
			Suites:     []string{"aes", "sha", "ecdsa", "eddsa", "rsa", "mlkem", "mldsa", "lms"},
			MinTimeNs:  int64(200 * time.Millisecond),
			References: []string{"h563-v5", "h753", "h7s3", "h743", "h563-v4", "l552"},
			Peers:      true,
		},
	}
	jitter := []float64{-0.01, 0, 0.005, 0.02, -0.004}
	add := func(table, name string, params map[string]string, impl, config string, ns float64, bytesPerOp int, stack, working int, fp *result.Footprint, spread float64) {
		r := result.Result{
			Table: table, Case: name, Params: params, Impl: impl, Config: config,
			Status: result.StatusOK, BytesPerOp: bytesPerOp, NsSource: "cpu",
			Stack: stack, Working: working, Footprint: fp,
		}
		if impl == "openssl" {
			r.NsSource = "wall"
			r.Note = "openssl speed -evp, wall time, the key and context set up once before the loop"
		}
		single := impl == "openssl" // one figure from its own loop, as lab/peers reports it
		mk := func(unit string, scale float64) result.Stats {
			s := result.Stats{Unit: unit, Median: ns * scale}
			lo, hi := 0.0, 0.0
			for _, j := range jitter {
				j *= spread / 0.03
				s.Samples = append(s.Samples, ns*scale*(1+j))
				lo, hi = min(lo, j), max(hi, j)
			}
			s.Min, s.Max = ns*scale*(1+lo), ns*scale*(1+hi)
			s.Spread = hi - lo
			return s
		}
		r.WallNs = mk("ns", 1.01)
		r.CPUNs = mk("ns", 1)
		r.Ns = mk("ns", 1)
		r.Ticks = mk("ticks", 2.096)
		r.Cycles = mk("cycles", 3.4)
		if single {
			r.WallNs = result.Stats{}
			for _, st := range []*result.Stats{&r.CPUNs, &r.Ns, &r.Ticks, &r.Cycles} {
				st.Samples = []float64{st.Median}
				st.Min, st.Max, st.Spread = st.Median, st.Median, 0
			}
		}
		if bytesPerOp > 0 {
			k := float64(bytesPerOp) / ns * 1e6
			r.KBytesPer = result.Stats{Unit: "kbytes/s", Median: k, Min: k / (1 + spread/2), Max: k * (1 + spread/2), Spread: spread}
		}
		r.Ops = 5 * int(2e8/ns/5+1)
		if impl != "cryptolab" {
			r.Stack, r.Working = 0, 0
		}
		if impl == "go" {
			r.HeapBytes, r.Allocs = 512, 2
		}
		run.Results = append(run.Results, r)
	}
	p := func(kv ...string) map[string]string {
		m := make(map[string]string)
		for i := 0; i < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return m
	}

	// AES-CBC sole buffer.
	for _, op := range []string{"Encryption", "Decryption"} {
		for _, key := range []int{128, 192, 256} {
			f := float64(6+key/32) / 10 // rounds / 10
			for _, size := range []int{32, 64, 128} {
				blocks := float64(size / 16)
				name := fmt.Sprintf("AES-CBC/sole/key=%d/size=%d/op=%s", key, size, op)
				base := p("key_bits", fmt.Sprint(key), "buffer_bytes", fmt.Sprint(size), "operation", op)
				for _, cfg := range []string{"Small", "Fast", "Default"} {
					if cfg == "Default" && key != 128 {
						continue
					}
					per, setup := 180.0, 150.0
					if op == "Decryption" {
						per = 260
					}
					if cfg != "Small" {
						per, setup = 45, 250
					}
					ns := (setup + blocks*per) * f
					if cfg == "Default" {
						ns *= 1.02
					}
					pp := p("config", cfg)
					for k, v := range base {
						pp[k] = v
					}
					fp := &result.Footprint{CodeBytes: 2100, ConstBytes: 256}
					if cfg != "Small" {
						fp = &result.Footprint{CodeBytes: 2900, ConstBytes: 4352}
					}
					if op == "Decryption" {
						fp.CodeBytes += 400
					}
					working := 176 + 32*(key-128)/64
					if cfg != "Small" {
						working = 2 * working
					}
					if key == 192 && size == 64 && op == "Decryption" && cfg == "Small" {
						continue // a published row we did not measure
					}
					add("aes_cbc_sole", name, pp, "cryptolab", cfg, ns, 0, 424+8*(key/64), working, fp, 0.03)
				}
				add("aes_cbc_sole", name, base, "go", "", 20+blocks*3*f, 0, 0, 0, nil, 0.02)
				if key == 256 && size == 128 && op == "Decryption" {
					run.Results = append(run.Results, result.Result{Table: "aes_cbc_sole", Case: name, Params: base, Impl: "go-purego",
						Status: result.StatusError, Note: "worker exited with status 2"})
				} else {
					add("aes_cbc_sole", name, base, "go-purego", "", 100+blocks*40*f, 0, 0, 0, nil, 0.04)
				}
				if size != 64 {
					add("aes_cbc_sole", name, base, "openssl", "", 15+blocks*2.5*f, 0, 0, 0, nil, 0.01)
				}
			}
		}
	}
	// AES-CBC data flow: 8000 bytes in chunks.
	for _, op := range []string{"Encryption", "Decryption"} {
		for _, key := range []int{128, 192, 256} {
			f := float64(6+key/32) / 10
			for _, chunk := range []int{128, 512, 1024, 2048} {
				name := fmt.Sprintf("AES-CBC/flow/key=%d/chunk=%d/op=%s", key, chunk, op)
				base := p("key_bits", fmt.Sprint(key), "message_bytes", "8000", "chunk_bytes", fmt.Sprint(chunk), "operation", op)
				chunks := float64((8000 + chunk - 1) / chunk)
				for _, cfg := range []string{"Small", "Fast"} {
					per := 180.0
					if op == "Decryption" {
						per = 260
					}
					if cfg == "Fast" {
						per = 45
					}
					pp := p("config", cfg)
					for k, v := range base {
						pp[k] = v
					}
					fp := &result.Footprint{CodeBytes: 2300, ConstBytes: 256}
					if cfg == "Fast" {
						fp = &result.Footprint{CodeBytes: 3100, ConstBytes: 4352}
					}
					add("aes_cbc_flow", name, pp, "cryptolab", cfg, (300+500*per+chunks*20)*f, 8000, 600, 240, fp, 0.02)
				}
				add("aes_cbc_flow", name, base, "go", "", (100+500*3+chunks*15)*f, 8000, 0, 0, nil, 0.02)
			}
		}
	}
	// SHA sole buffer, data flow and tag.
	for _, h := range []string{"SHA256", "SHA384"} {
		block, per := 64, 250.0
		if h == "SHA384" {
			block, per = 128, 400
		}
		fpSole := &result.Footprint{CodeBytes: 1800, ConstBytes: 288, GlobalBytes: 0,
			Binary: &result.Footprint{CodeBytes: 560000, ConstBytes: 420000, GlobalBytes: 31000, BSSBytes: 33776000},
			Empty:  &result.Footprint{CodeBytes: 540000, ConstBytes: 410000, GlobalBytes: 30000, BSSBytes: 219000}}
		if h == "SHA384" {
			fpSole = &result.Footprint{CodeBytes: 2600, ConstBytes: 704, GlobalBytes: 16}
		}
		for _, size := range []int{32, 64, 128} {
			blocks := float64((size + 9 + block - 1) / block)
			name := fmt.Sprintf("%s/sole/size=%d", h, size)
			base := p("hash", h, "buffer_bytes", fmt.Sprint(size))
			add("sha_sole", name, base, "cryptolab", "Default", blocks*per+30, 0, 360, 112, fpSole, 0.02)
			add("sha_sole", name, base, "go", "", blocks*40+25, 0, 0, 0, nil, 0.02)
		}
		for _, chunk := range []int{128, 512, 1024, 2048} {
			name := fmt.Sprintf("%s/flow/chunk=%d", h, chunk)
			base := p("hash", h, "message_bytes", "8000", "chunk_bytes", fmt.Sprint(chunk))
			blocks := float64(8000/block + 1)
			add("sha_flow", name, base, "cryptolab", "Default", blocks*per+float64(8000/chunk)*10, 8000, 420, 112, fpSole, 0.015)
			add("sha_flow", name, base, "go", "", blocks*40+float64(8000/chunk)*8, 8000, 0, 0, nil, 0.02)
		}
		spread := 0.02
		if h == "SHA384" {
			spread = 0.15
		}
		add("sha_tag", h+"/tag", p("hash", h), "cryptolab", "Default", per+40, 0, 392, 112, fpSole, spread)
	}
	// ML-KEM: a table whose page has no configuration column (ours in two
	// configurations line up with the same published row) and that only
	// h563-v5 publishes.
	for fi, fn := range []string{"Key-pair-Generation", "Key-Encapsulation", "Key-Decapsulation"} {
		for k, ps := range []string{"ML-KEM-512", "ML-KEM-768", "ML-KEM-1024"} {
			base := p("function", fn, "suite", ps)
			name := fmt.Sprintf("ML-KEM/%s/%s", ps, fn)
			ns := float64(20000 * (k + 2) * (fi + 2))
			add("mlkem", name, base, "cryptolab", "Small", ns*1.4, 0, 2752+512*k, 64, nil, 0.03)
			add("mlkem", name, base, "cryptolab", "Fast", ns, 0, 3344+512*k, 4160+4096*k, nil, 0.03)
			add("mlkem", name, base, "circl", "", ns/2, 0, 0, 0, nil, 0.02)
		}
	}
	// EdDSA: a family cryptolab does not implement, with a peer.
	for _, op := range []string{"Signature", "Verification"} {
		base := p("curve", "Ed25519", "message_bytes", "1023", "operation", op)
		ns := 21000.0
		if op == "Verification" {
			ns = 45000
		}
		add("eddsa", "Ed25519/"+op, base, "go", "", ns, 0, 0, 0, nil, 0.02)
	}
	// Rows beyond the pages (section 3): X25519 in two configurations
	// of ours beside go, circl and openssl (openssl on the shared secret
	// only), with footprints; an LMS signing row with a second
	// configuration column (the tree cache).
	for _, op := range []string{"Shared secret", "Key generation"} {
		base := p("operation", op)
		name := "X25519/op=" + op
		ns := 30000.0
		if op == "Key generation" {
			ns = 11000
		}
		add("x25519", name, p("operation", op, "config", "Small"), "cryptolab", "Small", ns*10, 0, 1200, 80, &result.Footprint{CodeBytes: 9000, ConstBytes: 100}, 0.02)
		add("x25519", name, p("operation", op, "config", "SuperFast"), "cryptolab", "SuperFast", ns, 0, 1400, 80, &result.Footprint{CodeBytes: 14000, ConstBytes: 31000}, 0.02)
		add("x25519", name, base, "go", "", 28000, 0, 0, 0, nil, 0.02)
		add("x25519", name, base, "circl", "", 20000, 0, 0, 0, nil, 0.02)
		if op == "Shared secret" {
			add("x25519", name, base, "openssl", "", 23000, 0, 0, 0, nil, 0)
		}
	}
	for _, cache := range []string{"none", "all"} {
		pp := p("function", "Signature", "suite", "LMS_N32_H5_W4_SHA256", "config", "Fast", "tree_cache", cache)
		ns := 27000.0
		if cache == "none" {
			ns = 1.1e6
		}
		add("lms_beyond", "LMS/suite=LMS_N32_H5_W4_SHA256/cache="+cache+"/op=Signature", pp, "cryptolab", "Fast", ns, 0, 3000, 2048, &result.Footprint{CodeBytes: 30000}, 0.02)
	}
	// A table the pages do not have: left out of the report, kept in the
	// JSON.
	add("aes_gcm", "AES-GCM/seal/size=64", p("buffer_bytes", "64"), "go", "", 90, 64, 0, 0, nil, 0.02)
	return run
}

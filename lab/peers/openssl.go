package peers

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"maps"
	"os/exec"
	"strconv"
	"strings"

	"github.com/cryptolab-go/cryptolab/lab/result"
)

// OpenSSL runs through "openssl speed", which times its own loop: the
// results are not interleaved with ours, the key is set up once before the
// loop (our sole-buffer cases include the key schedule in every call), and
// the time divisor is the process's user CPU time (times(2), 10 ms ticks)
// over a run of whole seconds.

// sslJob is one "openssl speed" invocation.
type sslJob struct {
	args []string // after "speed -mr -seconds N"
}

func (j sslJob) key() string { return strings.Join(j.args, " ") }

// sslRow maps one published row to an openssl measurement.
type sslRow struct {
	job sslJob
	// What to take from the job's output.
	alg   string // +DT algorithm name or +DTP family ("ecdsa", "rsa", "Ed25519")
	size  int    // +DT bytes or +DTP bits
	op    string // +DTP operation ("sign", "verify", "private", "public"); "" for ciphers and digests
	scale float64
	bytes int // BytesPerOp of the published operation (throughput rows)
	note  string
}

// sslMapping returns how to measure a published row with openssl speed, or
// ok=false if openssl has no counterpart (tag generation alone, ML-KEM,
// ML-DSA, LMS, X25519 key generation in OpenSSL 3.0).
func sslMapping(table string, p map[string]string) (sslRow, bool) {
	num := func(k string) int {
		n, err := strconv.Atoi(p[k])
		if err != nil {
			return 0
		}
		return n
	}
	aesArgs := func(size int) ([]string, string, bool) {
		kb := num("key_bits")
		if kb != 128 && kb != 192 && kb != 256 || size <= 0 {
			return nil, "", false
		}
		alg := fmt.Sprintf("aes-%d-cbc", kb)
		args := []string{"-evp", alg, "-bytes", strconv.Itoa(size)}
		switch p["operation"] {
		case "Encryption":
		case "Decryption":
			args = append(args, "-decrypt")
		default:
			return nil, "", false
		}
		return args, strings.ToUpper(alg), true
	}
	hashAlg := map[string]string{"SHA256": "sha256", "SHA384": "sha384"}
	switch table {
	case "aes_cbc_sole":
		n := num("buffer_bytes")
		args, alg, ok := aesArgs(n)
		if !ok {
			return sslRow{}, false
		}
		return sslRow{job: sslJob{args}, alg: alg, size: n, scale: 1, bytes: n,
			note: "openssl speed -evp: one EVP_EncryptUpdate/DecryptUpdate call on the buffer with the key and context set up once before the loop (no key schedule or IV per call)"}, true
	case "aes_cbc_flow":
		m, c := num("message_bytes"), num("chunk_bytes")
		args, alg, ok := aesArgs(c)
		if !ok || m <= 0 {
			return sslRow{}, false
		}
		return sslRow{job: sslJob{args}, alg: alg, size: c, scale: float64(m) / float64(c), bytes: m,
			note: fmt.Sprintf("openssl speed -evp -bytes %d: time of one EVP update call per %d-byte chunk × %d/%d; no per-message init, key or IV setup", c, c, m, c)}, true
	case "sha_sole":
		alg, ok := hashAlg[p["hash"]]
		n := num("buffer_bytes")
		if !ok || n <= 0 {
			return sslRow{}, false
		}
		return sslRow{job: sslJob{[]string{"-evp", alg, "-bytes", strconv.Itoa(n)}}, alg: alg, size: n, scale: 1, bytes: n,
			note: "openssl speed -evp: one EVP_Digest call (init, update, final) on the buffer"}, true
	case "sha_flow":
		alg, ok := hashAlg[p["hash"]]
		m := num("message_bytes")
		if !ok || m <= 0 {
			return sslRow{}, false
		}
		return sslRow{job: sslJob{[]string{"-evp", alg, "-bytes", strconv.Itoa(m)}}, alg: alg, size: m, scale: 1, bytes: m,
			note: fmt.Sprintf("openssl speed -evp -bytes %d: one EVP_Digest call over the whole message (openssl speed cannot split it into chunks)", m)}, true
	case "ecdsa":
		curve := map[string]string{"SECP256R1": "256", "SECP384R1": "384"}[p["curve"]]
		op := map[string]string{"Signature": "sign", "Verification": "verify"}[p["operation"]]
		if curve == "" || op == "" {
			return sslRow{}, false
		}
		bits, _ := strconv.Atoi(curve)
		return sslRow{job: sslJob{[]string{"ecdsap" + curve}}, alg: "ecdsa", size: bits, op: op, scale: 1,
			note: "openssl speed ecdsap" + curve + ": ECDSA " + op + " of a 20-byte digest, key generated once"}, true
	case "eddsa":
		op := map[string]string{"Signature": "sign", "Verification": "verify"}[p["operation"]]
		if p["curve"] != "Ed25519" || op == "" {
			return sslRow{}, false
		}
		return sslRow{job: sslJob{[]string{"ed25519"}}, alg: "Ed25519", size: 253, op: op, scale: 1,
			note: "openssl speed ed25519: Ed25519 " + op + " of openssl's fixed short message, not the published 1023-byte message"}, true
	case "x25519":
		// openssl speed times X25519 key agreement (EVP_PKEY_derive)
		// only; it has no key-generation loop.
		if p["operation"] != "Shared secret" {
			return sslRow{}, false
		}
		return sslRow{job: sslJob{[]string{"ecdhx25519"}}, alg: "ecdh", size: 253, scale: 1,
			note: "openssl speed ecdhx25519: X25519 shared secret (EVP_PKEY_derive) with keys generated once"}, true
	case "rsa":
		op := map[string]string{"Signature": "private", "Verification": "public"}[p["operation"]]
		bits := num("modulus_bits")
		if op == "" || bits != 3072 || p["privkey_modexp_method"] == "No CRT" {
			return sslRow{}, false
		}
		return sslRow{job: sslJob{[]string{"rsa3072"}}, alg: "rsa", size: bits, op: op, scale: 1,
			note: "openssl speed rsa3072: RSA " + op + "-key operation (PKCS#1 v1.5 padding of a 36-byte input, CRT), not PKCS#1 v2.2 with SHA-256"}, true
	}
	return sslRow{}, false
}

// sslMeasure is one result line of "openssl speed -mr".
type sslMeasure struct {
	alg     string
	size    int // bytes (ciphers, digests) or bits (public key)
	op      string
	count   int64
	seconds float64
}

// parseSpeedMR parses the machine-readable output of "openssl speed -mr".
// Cipher and digest runs print "+DT:alg:seconds:bytes" then
// "+R:count:alg:seconds"; public-key runs print "+DTP:bits:op:family:seconds"
// then "+Rn:count:bits[:family]:seconds".
func parseSpeedMR(out []byte) ([]sslMeasure, error) {
	var ms []sslMeasure
	var cur *sslMeasure
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if !strings.HasPrefix(line, "+") {
			continue
		}
		f := strings.Split(line, ":")
		switch {
		case f[0] == "+DT" && len(f) == 4:
			n, err := strconv.Atoi(f[3])
			if err != nil {
				return nil, fmt.Errorf("openssl speed: bad line %q", line)
			}
			cur = &sslMeasure{alg: f[1], size: n}
		case f[0] == "+DTP" && len(f) == 5:
			n, err := strconv.Atoi(f[1])
			if err != nil {
				return nil, fmt.Errorf("openssl speed: bad line %q", line)
			}
			cur = &sslMeasure{alg: f[3], size: n, op: f[2]}
		case strings.HasPrefix(f[0], "+R") && len(f) >= 4:
			if cur == nil {
				return nil, fmt.Errorf("openssl speed: result before its header: %q", line)
			}
			count, err1 := strconv.ParseInt(f[1], 10, 64)
			secs, err2 := strconv.ParseFloat(f[len(f)-1], 64)
			if err1 != nil || err2 != nil || count <= 0 || secs <= 0 {
				return nil, fmt.Errorf("openssl speed: bad result %q", line)
			}
			cur.count, cur.seconds = count, secs
			ms = append(ms, *cur)
			cur = nil
		}
	}
	if len(ms) == 0 {
		return nil, errors.New("openssl speed: no results in its output")
	}
	return ms, nil
}

// openSSLVersion returns "OpenSSL 3.0.19 27 Jan 2026" or an error if the
// command is not there.
func openSSLVersion(ctx context.Context, bin string) (string, error) {
	out, err := exec.CommandContext(ctx, bin, "version").Output()
	if err != nil {
		return "", err
	}
	v := strings.TrimSpace(string(out))
	if i := strings.Index(v, " ("); i > 0 {
		v = v[:i]
	}
	return v, nil
}

// sslResult builds a Result from a measurement.
func sslResult(row Row, m sslRow, meas sslMeasure, version string, opt Options) result.Result {
	ns := meas.seconds * 1e9 / float64(meas.count) * m.scale
	r := result.Result{
		Table:      row.Table,
		Case:       row.Name,
		Params:     maps.Clone(row.Params),
		Impl:       ImplOpenSSL,
		Status:     result.StatusOK,
		Note:       version + ", " + m.note + "; one run of its own loop, not interleaved",
		BytesPerOp: m.bytes,
		Ops:        int(meas.count),
		CPUNs:      single("ns/op", ns),
		Ns:         single("ns/op", ns),
		NsSource:   "cpu",
	}
	if opt.CounterHz > 0 {
		r.Ticks = single("ticks/op", ns*opt.CounterHz/1e9)
	}
	if opt.CoreHz > 0 {
		r.Cycles = single("cycles/op", ns*opt.CoreHz/1e9)
	}
	if m.bytes > 0 {
		r.KBytesPer = single("Kbytes/s", float64(m.bytes)*1e6/ns)
	}
	return r
}

func single(unit string, v float64) result.Stats {
	return result.Stats{Unit: unit, Median: v, Min: v, Max: v, Samples: []float64{v}}
}

type sslPlanned struct {
	row Row
	m   sslRow
}

// sslPlan maps rows to openssl measurements and the distinct jobs they need,
// in row order. With quick set (smoke tests: each job costs a second), only
// the rows served by the first job of each table are kept.
func sslPlan(rows []Row, quick bool) ([]sslPlanned, []sslJob) {
	var plan []sslPlanned
	var jobs []sslJob
	seen := map[string]bool{}
	firstJob := map[string]string{} // table -> its first job
	for _, row := range rows {
		m, ok := sslMapping(row.Table, row.Params)
		if !ok {
			continue
		}
		if quick {
			if j, ok := firstJob[row.Table]; ok && j != m.job.key() {
				continue
			}
			firstJob[row.Table] = m.job.key()
		}
		plan = append(plan, sslPlanned{row, m})
		if !seen[m.job.key()] {
			seen[m.job.key()] = true
			jobs = append(jobs, m.job)
		}
	}
	return plan, jobs
}

func (o Options) openSSLPath() (string, bool) {
	bin := o.OpenSSL
	if bin == "" {
		bin = "openssl"
	}
	path, err := exec.LookPath(bin)
	return path, err == nil
}

// runOpenSSL measures rows with "openssl speed". Rows without an openssl
// counterpart are skipped. It returns nil, nil if openssl is not installed.
func runOpenSSL(ctx context.Context, rows []Row, opt Options) ([]result.Result, error) {
	path, ok := opt.openSSLPath()
	if !ok {
		return nil, nil
	}
	version, err := openSSLVersion(ctx, path)
	if err != nil {
		return nil, fmt.Errorf("openssl version: %v", err)
	}
	secs := opt.OpenSSLSeconds
	if secs <= 0 {
		secs = 1
	}
	rows = opt.notInterleaved(rows)
	plan, jobs := sslPlan(rows, opt.Quick)
	// Measurements by job: an encryption and a decryption run print the
	// same algorithm name and size, so a row looks only at its own job.
	byJob := map[string][]sslMeasure{}
	jobErr := map[string]string{}
	var errs []error
	for i, j := range jobs {
		if opt.Progress != nil {
			opt.Progress(i, len(jobs), "openssl speed "+j.key())
		}
		args := append([]string{"speed", "-mr", "-seconds", strconv.Itoa(secs)}, j.args...)
		cmd := exec.CommandContext(ctx, path, args...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			e := fmt.Errorf("openssl %s: %v: %s", strings.Join(args, " "), err, firstLine(stderr.String()))
			errs = append(errs, e)
			jobErr[j.key()] = e.Error()
			continue
		}
		ms, err := parseSpeedMR(append(out, stderr.Bytes()...))
		if err != nil {
			e := fmt.Errorf("openssl %s: %v", strings.Join(args, " "), err)
			errs = append(errs, e)
			jobErr[j.key()] = e.Error()
			continue
		}
		byJob[j.key()] = ms
	}
	if opt.Progress != nil && len(jobs) > 0 {
		opt.Progress(len(jobs), len(jobs), "")
	}
	var rs []result.Result
	for _, p := range plan {
		meas, ok := findMeasure(byJob[p.m.job.key()], p.m)
		if !ok {
			// Its job failed or printed no figure for this size: the
			// row gets an error result whose note says why, so the
			// report explains the cell instead of leaving it blank.
			why := jobErr[p.m.job.key()]
			if why == "" {
				why = "openssl speed printed no figure for this size"
			}
			rs = append(rs, result.Result{Table: p.row.Table, Case: p.row.Name, Params: maps.Clone(p.row.Params),
				Impl: ImplOpenSSL, Status: result.StatusError, Note: why})
			continue
		}
		rs = append(rs, sslResult(p.row, p.m, meas, version, opt))
	}
	return rs, errors.Join(errs...)
}

func findMeasure(ms []sslMeasure, m sslRow) (sslMeasure, bool) {
	for _, x := range ms {
		if strings.EqualFold(x.alg, m.alg) && x.size == m.size && x.op == m.op {
			return x, true
		}
	}
	return sslMeasure{}, false
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return s
}

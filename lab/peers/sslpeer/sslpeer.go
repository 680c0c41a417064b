//go:build cgo && cryptolab_openssl

// Command sslpeer times OpenSSL's libcrypto on the published operations
// the way the STM32 pages and our cases define them, in batches the lab's
// harness asks for one at a time, so that OpenSSL's batches interleave
// with ours (A B C A B C) although OpenSSL runs in this separate process.
// "openssl speed" cannot do either: it times one run of its own loop, sets
// an AES key once before it, and hashes a data flow in one call.
//
// The operations (one call = one published operation):
//
//	aes BITS BYTES enc|dec   AES-CBC sole buffer: the key and IV set
//	                         (EVP_CipherInit_ex on the context's
//	                         cipher: key expansion and IV), one
//	                         EVP_CipherUpdate and EVP_CipherFinal_ex
//	                         (padding off)
//	sha HASH sole BYTES      one-shot hash: EVP_DigestInit_ex2,
//	                         EVP_DigestUpdate of the buffer,
//	                         EVP_DigestFinal_ex
//	sha HASH flow MSG CHUNK  data flow: EVP_DigestInit_ex2, one
//	                         EVP_DigestUpdate per CHUNK-byte piece of the
//	                         MSG-byte message, EVP_DigestFinal_ex
//	sha HASH tag MSG         the tag alone, of a context that has absorbed
//	                         MSG bytes: EVP_MD_CTX_copy_ex to a second
//	                         context and EVP_DigestFinal_ex on it (the
//	                         absorbed state stays, as our Sum keeps it)
//
// HASH is SHA256 or SHA384. The digest and the cipher are fetched once
// (EVP_MD_fetch, EVP_CIPHER_fetch) and one context is reused, the fastest
// way libcrypto 3 offers; passing EVP_sha256() or EVP_aes_128_cbc() on
// every call would add OpenSSL's implicit fetch (a name lookup) to its
// figure, and for a cipher also the context's reset and a new provider
// context: about 260 ns a call on this project's AMD EPYC with OpenSSL
// 3.0, against 150 ns for a whole 64-byte AES-128-CBC encryption with the
// key set.
// The AES context is set up once with its cipher, direction and padding;
// each call then passes a NULL cipher, which keeps them and sets the key
// and IV (checked when the operation is set up: a call after one with
// another key and IV gives a fresh context's output).
//
// Protocol, one line each way on stdin and stdout:
//
//	new OPERATION...  ->  ok ID | err MESSAGE    (sets the operation up, runs it once)
//	run ID N          ->  ok CPUNS WALLNS | err MESSAGE
//
// "run" performs N operations and answers the calling thread's CPU time
// (CLOCK_THREAD_CPUTIME_ID) and the monotonic wall time they took, in
// nanoseconds, read in C around the loop (no Go or cgo transition inside
// the timed region). The process ends at the end of its input.
//
// lab/peers builds it with cgo and the tag cryptolab_openssl where
// libcrypto's headers are installed (libssl-dev), caches the binary like
// the purego peer, and keeps one running while the harness measures.
package main

/*
#cgo LDFLAGS: -lcrypto
#include <openssl/evp.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>

static long long clock_ns(clockid_t id) {
	struct timespec ts;
	clock_gettime(id, &ts);
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

enum { OP_AES = 1, OP_SOLE, OP_FLOW, OP_TAG };

typedef struct {
	int kind;
	int n, chunk, enc;
	EVP_CIPHER *cipher;
	EVP_MD *md;
	EVP_CIPHER_CTX *cctx;
	EVP_MD_CTX *ctx, *tmp;
	unsigned char key[32], iv[16];
	unsigned char *in, *out;
} op;

static void op_free(op *o) {
	if (o == NULL) return;
	EVP_CIPHER_CTX_free(o->cctx);
	EVP_CIPHER_free(o->cipher);
	EVP_MD_CTX_free(o->ctx);
	EVP_MD_CTX_free(o->tmp);
	EVP_MD_free(o->md);
	free(o->in);
	free(o->out);
	free(o);
}

// op_call performs one operation. Returns 1 on success.
static int op_call(op *o) {
	int l1 = 0, l2 = 0;
	unsigned int dl = 0;
	switch (o->kind) {
	case OP_AES:
		if (EVP_CipherInit_ex(o->cctx, NULL, NULL, o->key, o->iv, o->enc) != 1) return 0;
		if (EVP_CipherUpdate(o->cctx, o->out, &l1, o->in, o->n) != 1) return 0;
		if (EVP_CipherFinal_ex(o->cctx, o->out + l1, &l2) != 1) return 0;
		return l1 + l2 == o->n;
	case OP_SOLE:
		if (EVP_DigestInit_ex2(o->ctx, o->md, NULL) != 1) return 0;
		if (EVP_DigestUpdate(o->ctx, o->in, o->n) != 1) return 0;
		return EVP_DigestFinal_ex(o->ctx, o->out, &dl) == 1;
	case OP_FLOW:
		if (EVP_DigestInit_ex2(o->ctx, o->md, NULL) != 1) return 0;
		for (int i = 0; i < o->n; i += o->chunk) {
			int k = o->n - i < o->chunk ? o->n - i : o->chunk;
			if (EVP_DigestUpdate(o->ctx, o->in + i, k) != 1) return 0;
		}
		return EVP_DigestFinal_ex(o->ctx, o->out, &dl) == 1;
	case OP_TAG:
		if (EVP_MD_CTX_copy_ex(o->tmp, o->ctx) != 1) return 0;
		return EVP_DigestFinal_ex(o->tmp, o->out, &dl) == 1;
	}
	return 0;
}

// aes_rekeys checks that op_call sets the key and IV on the reused
// context: after a call with another key and IV, a call gives what a
// context made afresh with the operation's key and IV gives. Returns 1 if
// so.
static int aes_rekeys(op *o) {
	int l1 = 0, l2 = 0, ok = 0;
	unsigned char *want = malloc(o->n + 32);
	EVP_CIPHER_CTX *ref = EVP_CIPHER_CTX_new();
	if (want == NULL || ref == NULL) goto done;
	if (EVP_CipherInit_ex(ref, o->cipher, NULL, o->key, o->iv, o->enc) != 1 ||
		EVP_CIPHER_CTX_set_padding(ref, 0) != 1 ||
		EVP_CipherUpdate(ref, want, &l1, o->in, o->n) != 1 ||
		EVP_CipherFinal_ex(ref, want + l1, &l2) != 1 || l1 + l2 != o->n) goto done;
	o->key[0] ^= 0xff; o->iv[0] ^= 0xff;
	int other = op_call(o);
	o->key[0] ^= 0xff; o->iv[0] ^= 0xff;
	if (!other || memcmp(o->out, want, o->n) == 0) goto done;
	ok = op_call(o) && memcmp(o->out, want, o->n) == 0;
done:
	EVP_CIPHER_CTX_free(ref);
	free(want);
	return ok;
}

// op_new sets an operation up (kind, bits or hash name, sizes) and runs it
// once; NULL on failure.
static op *op_new(int kind, int bits, const char *hash, int n, int chunk, int enc) {
	op *o = calloc(1, sizeof *o);
	if (o == NULL) return NULL;
	o->kind = kind; o->n = n; o->chunk = chunk; o->enc = enc;
	o->in = malloc(n > 0 ? n : 1);
	o->out = malloc(n + 64);
	if (o->in == NULL || o->out == NULL) { op_free(o); return NULL; }
	for (int i = 0; i < n; i++) o->in[i] = (unsigned char)(i * 31 + 3);
	for (int i = 0; i < 32; i++) o->key[i] = (unsigned char)(i * 7 + 1);
	for (int i = 0; i < 16; i++) o->iv[i] = (unsigned char)(i * 13 + 5);
	if (kind == OP_AES) {
		o->cipher = EVP_CIPHER_fetch(NULL, bits == 128 ? "AES-128-CBC" : bits == 192 ? "AES-192-CBC" : "AES-256-CBC", NULL);
		o->cctx = EVP_CIPHER_CTX_new();
		if (o->cipher == NULL || o->cctx == NULL ||
			EVP_CipherInit_ex(o->cctx, o->cipher, NULL, NULL, NULL, enc) != 1 ||
			EVP_CIPHER_CTX_set_padding(o->cctx, 0) != 1 || !aes_rekeys(o)) {
			op_free(o);
			return NULL;
		}
	} else {
		o->md = EVP_MD_fetch(NULL, hash, NULL);
		o->ctx = EVP_MD_CTX_new();
		o->tmp = EVP_MD_CTX_new();
		if (o->md == NULL || o->ctx == NULL || o->tmp == NULL) { op_free(o); return NULL; }
		if (kind == OP_TAG) {
			if (EVP_DigestInit_ex2(o->ctx, o->md, NULL) != 1 || EVP_DigestUpdate(o->ctx, o->in, n) != 1) { op_free(o); return NULL; }
		}
	}
	if (!op_call(o)) { op_free(o); return NULL; }
	return o;
}

// op_run performs calls operations; it stores the thread CPU and wall
// nanoseconds they took and returns 1, or 0 if one failed.
static int op_run(op *o, long long calls, long long *cpu, long long *wall) {
	long long c0 = clock_ns(CLOCK_THREAD_CPUTIME_ID), w0 = clock_ns(CLOCK_MONOTONIC);
	for (long long i = 0; i < calls; i++) {
		if (!op_call(o)) return 0;
	}
	long long w1 = clock_ns(CLOCK_MONOTONIC), c1 = clock_ns(CLOCK_THREAD_CPUTIME_ID);
	*cpu = c1 - c0;
	*wall = w1 - w0;
	return 1;
}
*/
import "C"

import (
	"bufio"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"unsafe"
)

func main() {
	if len(os.Args) != 1 {
		fmt.Fprintln(os.Stderr, "usage: sslpeer (reads requests on stdin; see the package documentation)")
		os.Exit(2)
	}
	// Every libcrypto call and both clock readings happen on this thread.
	runtime.LockOSThread()
	in := bufio.NewScanner(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	var ops []*C.op
	for in.Scan() {
		f := strings.Fields(in.Text())
		var reply string
		switch {
		case len(f) > 1 && f[0] == "new":
			o, err := newOp(f[1:])
			if err != nil {
				reply = "err " + err.Error()
				break
			}
			ops = append(ops, o)
			reply = fmt.Sprintf("ok %d", len(ops)-1)
		case len(f) == 3 && f[0] == "run":
			id, err1 := strconv.Atoi(f[1])
			n, err2 := strconv.ParseInt(f[2], 10, 64)
			if err1 != nil || err2 != nil || id < 0 || id >= len(ops) || n <= 0 {
				reply = "err bad run request"
				break
			}
			var cpu, wall C.longlong
			if C.op_run(ops[id], C.longlong(n), &cpu, &wall) != 1 {
				reply = "err OpenSSL call failed"
				break
			}
			reply = fmt.Sprintf("ok %d %d", int64(cpu), int64(wall))
		default:
			reply = "err bad request"
		}
		out.WriteString(reply + "\n")
		out.Flush()
	}
	for _, o := range ops {
		C.op_free(o)
	}
}

// newOp parses an operation (see the package documentation) and sets it up.
func newOp(f []string) (*C.op, error) {
	atoi := func(s string, lo, hi int) (int, error) {
		n, err := strconv.Atoi(s)
		if err != nil || n < lo || n > hi {
			return 0, fmt.Errorf("bad number %q", s)
		}
		return n, nil
	}
	var (
		kind                C.int
		bits, n, chunk, enc int
		hash                string
		err1, err2          error
		hashes              = map[string]string{"SHA256": "SHA2-256", "SHA384": "SHA2-384"}
		kinds               = map[string]C.int{"sole": C.OP_SOLE, "flow": C.OP_FLOW, "tag": C.OP_TAG}
		dirs                = map[string]int{"enc": 1, "dec": 0}
		ok                  bool
	)
	switch {
	case f[0] == "aes" && len(f) == 4:
		kind = C.OP_AES
		bits, err1 = atoi(f[1], 128, 256)
		n, err2 = atoi(f[2], 16, 1<<20)
		if enc, ok = dirs[f[3]]; !ok || (bits != 128 && bits != 192 && bits != 256) || n%16 != 0 {
			return nil, fmt.Errorf("bad AES operation %q", strings.Join(f, " "))
		}
	case f[0] == "sha" && len(f) >= 4:
		if hash, ok = hashes[f[1]]; !ok {
			return nil, fmt.Errorf("unknown hash %q", f[1])
		}
		if kind, ok = kinds[f[2]]; !ok {
			return nil, fmt.Errorf("unknown hash operation %q", f[2])
		}
		n, err1 = atoi(f[3], 0, 1<<20)
		switch {
		case kind == C.OP_FLOW && len(f) == 5:
			chunk, err2 = atoi(f[4], 1, 1<<20)
		case kind != C.OP_FLOW && len(f) == 4:
		default:
			return nil, fmt.Errorf("bad hash operation %q", strings.Join(f, " "))
		}
	default:
		return nil, fmt.Errorf("bad operation %q", strings.Join(f, " "))
	}
	for _, err := range []error{err1, err2} {
		if err != nil {
			return nil, err
		}
	}
	ch := C.CString(hash)
	defer C.free(unsafe.Pointer(ch))
	o := C.op_new(kind, C.int(bits), ch, C.int(n), C.int(chunk), C.int(enc))
	if o == nil {
		return nil, fmt.Errorf("OpenSSL could not set up %q", strings.Join(f, " "))
	}
	return o, nil
}

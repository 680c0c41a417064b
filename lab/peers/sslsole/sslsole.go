//go:build cgo && cryptolab_openssl

// Command sslsole times OpenSSL's AES-CBC the way the STM32 pages time a
// sole-buffer call: every call sets the key and the IV and processes one
// buffer (EVP_EncryptInit_ex or EVP_DecryptInit_ex with the key and IV,
// padding off, one Update and the Final), which "openssl speed" does not
// (it sets the key once before its loop). lab/peers builds it with cgo and
// the tag cryptolab_openssl where libcrypto's headers are installed
// (libssl-dev), caches the binary like the purego peer, and runs it on the
// sole-buffer rows.
//
// Usage: sslsole BITS BYTES enc|dec MINTIME BATCHES
//
// It prints one line per batch: the thread CPU nanoseconds per call.
package main

/*
#cgo LDFLAGS: -lcrypto
#include <openssl/evp.h>
#include <time.h>
#include <string.h>

static long long thread_ns(void) {
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

// one_call sets key and IV and processes the buffer: one published
// operation. Returns 0 on failure.
static int one_call(EVP_CIPHER_CTX *ctx, const EVP_CIPHER *c, int enc,
		const unsigned char *key, const unsigned char *iv,
		const unsigned char *in, unsigned char *out, int n) {
	int l1 = 0, l2 = 0;
	if (EVP_CipherInit_ex(ctx, c, NULL, key, iv, enc) != 1) return 0;
	EVP_CIPHER_CTX_set_padding(ctx, 0);
	if (EVP_CipherUpdate(ctx, out, &l1, in, n) != 1) return 0;
	if (EVP_CipherFinal_ex(ctx, out + l1, &l2) != 1) return 0;
	return l1 + l2 == n;
}

// batch runs calls calls and returns their thread CPU time in ns, or -1.
static long long batch(int bits, int enc, int n, long long calls) {
	const EVP_CIPHER *c = bits == 128 ? EVP_aes_128_cbc() : bits == 192 ? EVP_aes_192_cbc() : EVP_aes_256_cbc();
	unsigned char key[32], iv[16], in[4096], out[4096 + 16];
	for (int i = 0; i < 32; i++) key[i] = (unsigned char)(i * 7 + 1);
	for (int i = 0; i < 16; i++) iv[i] = (unsigned char)(i * 13 + 5);
	for (int i = 0; i < n; i++) in[i] = (unsigned char)(i * 31 + 3);
	EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
	if (ctx == NULL) return -1;
	if (!one_call(ctx, c, enc, key, iv, in, out, n)) { EVP_CIPHER_CTX_free(ctx); return -1; }
	long long t0 = thread_ns();
	for (long long i = 0; i < calls; i++) {
		if (!one_call(ctx, c, enc, key, iv, in, out, n)) { EVP_CIPHER_CTX_free(ctx); return -1; }
	}
	long long t1 = thread_ns();
	EVP_CIPHER_CTX_free(ctx);
	return t1 - t0;
}
*/
import "C"

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
	"time"
)

func main() {
	if len(os.Args) != 6 {
		fmt.Fprintln(os.Stderr, "usage: sslsole BITS BYTES enc|dec MINTIME BATCHES")
		os.Exit(2)
	}
	bits, err1 := strconv.Atoi(os.Args[1])
	n, err2 := strconv.Atoi(os.Args[2])
	enc := map[string]C.int{"enc": 1, "dec": 0}
	e, ok := enc[os.Args[3]]
	minTime, err3 := time.ParseDuration(os.Args[4])
	batches, err4 := strconv.Atoi(os.Args[5])
	if err1 != nil || err2 != nil || err3 != nil || err4 != nil || !ok || n <= 0 || n > 4096 || n%16 != 0 || batches <= 0 ||
		(bits != 128 && bits != 192 && bits != 256) {
		fmt.Fprintln(os.Stderr, "sslsole: bad arguments")
		os.Exit(2)
	}
	runtime.LockOSThread()
	// Calls per batch: enough for the batch to last minTime/batches.
	calls := int64(1)
	per := minTime / time.Duration(batches)
	for {
		ns := int64(C.batch(C.int(bits), e, C.int(n), C.longlong(calls)))
		if ns < 0 {
			fmt.Fprintln(os.Stderr, "sslsole: OpenSSL call failed")
			os.Exit(1)
		}
		if time.Duration(ns) >= per/4 || calls > 1<<30 {
			calls = max(1, int64(float64(calls)*float64(per)/float64(max(ns, 1))))
			break
		}
		calls *= 4
	}
	for range batches {
		ns := int64(C.batch(C.int(bits), e, C.int(n), C.longlong(calls)))
		if ns < 0 {
			fmt.Fprintln(os.Stderr, "sslsole: OpenSSL call failed")
			os.Exit(1)
		}
		fmt.Printf("%d %g\n", calls, float64(ns)/float64(calls))
	}
}

// evp_cbc_bench.c: OpenSSL's AES-CBC timed like cryptolab's AES rows, as
// `openssl speed` cannot: a sole-buffer call sets the key and IV on every
// call (EVP_CipherInit_ex, one EVP_CipherUpdate, EVP_CipherFinal_ex, no
// padding), as aes.EncryptCBC and aes.DecryptCBC do; the data flow sets
// them once per 8,000-byte message and updates once per 2,048-byte chunk.
// Thread CPU time (CLOCK_THREAD_CPUTIME_ID), median of 7 runs of about
// 150 ms each, one EVP_CIPHER_CTX reused throughout.
//
// Not part of any build or test (a testdata file): the figures it gives
// back the ratios quoted in the aes package documentation.
//
//	gcc -O2 -o /tmp/evp_cbc_bench aes/testdata/evp_cbc_bench.c -lcrypto && /tmp/evp_cbc_bench
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}
static int cmp(const void *a, const void *b) {
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}
static const EVP_CIPHER *cipher(int bits) {
	return bits == 128 ? EVP_aes_128_cbc() : bits == 192 ? EVP_aes_192_cbc() : EVP_aes_256_cbc();
}
static unsigned char key[32], iv[16], in[8192], out[8192 + 32];

static void op(EVP_CIPHER_CTX *ctx, int bits, int enc, int msg, int chunk) {
	int n;
	EVP_CipherInit_ex(ctx, cipher(bits), NULL, key, iv, enc);
	EVP_CIPHER_CTX_set_padding(ctx, 0);
	int o = 0;
	for (int off = 0; off < msg; off += chunk) {
		int c = msg - off < chunk ? msg - off : chunk;
		EVP_CipherUpdate(ctx, out + o, &n, in + off, c);
		o += n;
	}
	EVP_CipherFinal_ex(ctx, out + o, &n);
}

int main(void) {
	for (int i = 0; i < 32; i++) key[i] = i * 3;
	for (int i = 0; i < 16; i++) iv[i] = i * 5;
	EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
	int bitsv[] = {128, 192, 256};
	for (int bi = 0; bi < 3; bi++) {
		int bits = bitsv[bi];
		int sizes[] = {32, 64, 128, 8000};
		for (int si = 0; si < 4; si++) {
			for (int enc = 1; enc >= 0; enc--) {
				int msg = sizes[si], chunk = msg == 8000 ? 2048 : msg;
				double r[7];
				long iters = 1000;
				for (;;) { // calibrate to ~150 ms
					double t0 = now();
					for (long k = 0; k < iters; k++) op(ctx, bits, enc, msg, chunk);
					double t = now() - t0;
					if (t > 0.05) { iters = (long)(iters * 0.15 / t) + 1; break; }
					iters *= 4;
				}
				for (int rep = 0; rep < 7; rep++) {
					double t0 = now();
					for (long k = 0; k < iters; k++) op(ctx, bits, enc, msg, chunk);
					r[rep] = (now() - t0) / iters;
				}
				qsort(r, 7, sizeof r[0], cmp);
				printf("%s key=%d size=%d op=%s ns/op=%.1f MB/s=%.0f\n", msg == 8000 ? "flow" : "sole", bits, msg,
				       enc ? "Encryption" : "Decryption", r[3] * 1e9, msg / r[3] / 1e6);
			}
		}
	}
	return 0;
}

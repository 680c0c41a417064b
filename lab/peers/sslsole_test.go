package peers

import (
	"context"
	"strings"
	"testing"

	"github.com/cryptolab-go/cryptolab/lab/result"
)

// TestSSLSole builds the cgo helper (skipped where it cannot be built: no
// cgo or no libcrypto headers) and measures two sole-buffer rows: each
// gets per-batch samples and says the key and IV are set in every call.
func TestSSLSole(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a cgo program")
	}
	helper, err := sslSoleBinary(context.Background(), Options{})
	if err != nil {
		t.Skipf("sslsole cannot be built here: %v", err)
	}
	for _, op := range []string{"Encryption", "Decryption"} {
		row := Row{Table: "aes_cbc_sole", Name: "AES-CBC/sole/key=192/size=64/op=" + op,
			Params: map[string]string{"key_bits": "192", "buffer_bytes": "64", "operation": op}}
		r := runSole(context.Background(), helper, row, "OpenSSL test", Options{Quick: true, CoreHz: 3e9})
		if r.Status != result.StatusOK || r.Impl != ImplOpenSSL || len(r.Ns.Samples) != 5 || r.Ns.Median <= 0 ||
			r.Cycles.Median <= 0 || r.BytesPerOp != 64 || !strings.Contains(r.Note, "every call sets the key and IV") {
			t.Errorf("%s: %+v", op, r)
		}
	}
	bad := runSole(context.Background(), helper, Row{Table: "aes_cbc_sole", Params: map[string]string{"key_bits": "100", "buffer_bytes": "64", "operation": "Encryption"}}, "", Options{Quick: true})
	if bad.Status != result.StatusError || bad.Note == "" {
		t.Errorf("bad key size: %+v", bad)
	}
}

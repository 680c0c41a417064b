package peers

import (
	"context"
	"strings"
	"testing"

	"github.com/cryptolab-go/cryptolab/lab/catalog"
	"github.com/cryptolab-go/cryptolab/lab/measure"
	"github.com/cryptolab-go/cryptolab/lab/result"
	"github.com/cryptolab-go/cryptolab/lab/suite"
)

// TestSSLPeer builds the cgo helper (skipped where it cannot be built: no
// cgo or no libcrypto headers) and measures, through the harness and
// interleaved with an in-process case of the same row, AES-CBC sole-buffer
// rows and SHA sole, flow and tag rows: each OpenSSL result gets per-batch
// samples from the helper, cycles, no wall-time or memory figures (not
// measured here), and a note saying what each call does.
func TestSSLPeer(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a cgo program")
	}
	if _, err := sslPeerBinary(context.Background(), Options{}); err != nil {
		t.Skipf("sslpeer cannot be built here: %v", err)
	}
	ours := func(table, name string, p map[string]string, bytes int) suite.Case {
		return suite.Case{Suite: map[bool]string{true: "aes", false: "sha"}[strings.HasPrefix(table, "aes")], Table: table, Name: name, Params: p, Impl: "cryptolab", Config: "X", BytesPerOp: bytes,
			Setup: func() (func() error, int, error) { x := 0; return func() error { x++; return nil }, 8, nil }}
	}
	cases := []suite.Case{
		ours("aes_cbc_sole", "AES-CBC/sole/key=192/size=64/op=Encryption", map[string]string{"key_bits": "192", "buffer_bytes": "64", "operation": "Encryption"}, 64),
		ours("aes_cbc_sole", "AES-CBC/sole/key=192/size=64/op=Decryption", map[string]string{"key_bits": "192", "buffer_bytes": "64", "operation": "Decryption"}, 64),
		ours("sha_sole", "SHA/sole/hash=SHA256/size=32", map[string]string{"hash": "SHA256", "buffer_bytes": "32"}, 32),
		ours("sha_flow", "SHA/flow/hash=SHA384/msg=8000/chunk=512", map[string]string{"hash": "SHA384", "message_bytes": "8000", "chunk_bytes": "512"}, 8000),
		ours("sha_tag", "SHA/tag/hash=SHA256", map[string]string{"hash": "SHA256"}, 0),
		ours("sha_sole", "SHA/sole/hash=SHA512/size=32", map[string]string{"hash": "SHA512", "buffer_bytes": "32"}, 32), // no counterpart
	}
	rcs, stop, err := RemoteCases(context.Background(), Options{}, append(cases, cases[2])) // a row twice: one case
	if err != nil {
		t.Fatal(err)
	}
	if len(rcs) != 5 {
		t.Fatalf("%d remote cases, want 5", len(rcs))
	}
	all := cases
	for _, rc := range rcs {
		if rc.Case.Impl != ImplOpenSSL || rc.Case.Remote == nil || rc.Case.Setup != nil || rc.Case.Config != "" ||
			catalog.RowKey(rc.Case.Table, rc.Case.Params) == "" {
			t.Errorf("remote case %+v", rc.Case)
		}
		all = append(all, rc.Case)
	}
	// A case set up wrongly fails alone.
	bad := rcs[0].Case
	bad.Name, bad.Params = "bad", map[string]string{"key_bits": "192", "buffer_bytes": "64", "operation": "Encryption", "x": "1"}
	bad.Remote = func() (func(int) (int64, int64, error), error) {
		p, err := startSSLPeer(context.Background(), sslPeerPath)
		if err != nil {
			return nil, err
		}
		defer p.close()
		return p.newOp("aes 100 64 enc")
	}
	all = append(all, bad)
	rs := measure.RunCases(all, measure.QuickOptions(), nil)
	stop()
	wantNote := map[string]string{"aes_cbc_sole": "every call sets the key and IV", "sha_sole": "one EVP_DigestUpdate of the buffer",
		"sha_flow": "one EVP_DigestUpdate per 512-byte chunk", "sha_tag": "EVP_MD_CTX_copy_ex"}
	for i, rc := range rcs {
		r := rs[len(cases)+i]
		if r.Status != result.StatusOK || r.Impl != ImplOpenSSL || len(r.Ns.Samples) < 5 || r.Ns.Median <= 0 || r.CPUNs.Median != r.Ns.Median ||
			r.Cycles.Median <= 0 || r.Ticks.Median <= 0 || r.WallNs.Unit != "" || r.Stack != 0 || r.Working != 0 || r.BytesPerOp != rc.Case.BytesPerOp {
			t.Errorf("%s: %+v", rc.Case.Name, r)
		}
		if !strings.Contains(rc.Note, wantNote[rc.Case.Table]) || !strings.Contains(rc.Note, "interleaved with ours") {
			t.Errorf("%s: note %q", rc.Case.Name, rc.Note)
		}
		if rc.Case.Table == "sha_flow" && r.KBytesPer.Median <= 0 {
			t.Errorf("%s: no throughput", rc.Case.Name)
		}
	}
	if r := rs[len(rs)-1]; r.Status != result.StatusError || !strings.Contains(r.Note, "bad AES operation") {
		t.Errorf("bad operation: %+v", r)
	}
	// The helper has stopped: a new batch fails with an error, not a hang.
	if _, err := rcs[0].Case.Remote(); err == nil {
		t.Error("a stopped helper accepted a new operation")
	}

	// Disabled, or OpenSSL not wanted: no cases.
	if rcs, _, err := RemoteCases(context.Background(), Options{NoSSLPeer: true}, cases); rcs != nil || err == nil {
		t.Errorf("NoSSLPeer: %v, %v", rcs, err)
	}
	if rcs, _, err := RemoteCases(context.Background(), Options{Peers: []string{ImplGoPurego}}, cases); rcs != nil || err != nil {
		t.Errorf("openssl not wanted: %v, %v", rcs, err)
	}
}

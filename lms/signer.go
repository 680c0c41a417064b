// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lms

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"io"
	"slices"
	"strconv"
	"sync"
)

// Store persists a private key's state. Hash-based signatures are stateful:
// each one-time key (leaf) may sign once, and two signatures with one leaf
// let anyone forge. The state that prevents it is the index of the next
// leaf, and it must survive whatever the process survives not.
//
// Save is given the encoded private key (Bytes: parameters, SEED, I and the
// reservation bound, the first index not yet reserved) and must record it
// durably — written and flushed to storage that outlives a crash or power
// loss of the process and machine (for a file: write a temporary file,
// fsync it, rename it over the old one, fsync the directory) — and return
// nil only once it has. Sign calls Save before it computes a signature with
// an index the last successful Save did not cover, and releases no
// signature otherwise, so the stored bound is always above every index
// ever released. Save may be called with the lock of the key held; it must
// not call the key's methods. The slice is the key's own buffer, cleared
// when Save returns (it holds the SEED) and reused by the next Save: Save
// must not keep it (copy it to keep it).
type Store interface {
	Save(key []byte) error
}

// SignerOptions are the signing choices of a private key.
type SignerOptions struct {
	// Cache is how much of each LMS tree the key keeps (see TreeCache).
	Cache TreeCache
	// Reserve is the number of indices each Save reserves (0 means 1).
	// With Reserve = r, Sign calls Save once every r signatures; a crash
	// or restart loses the unused rest of a reservation (at most r-1
	// indices), as with RFC 8554's reference implementation.
	Reserve uint64
}

// Errors of signing.
var (
	ErrExhausted = errors.New("lms: private key exhausted: every one-time key has been used")
	errWiped     = errors.New("lms: private key wiped, nil or not made by GenerateKey or LoadPrivateKey")
	errNilStore  = errors.New("lms: nil Store; a private key's state must be persisted")
	errLevels    = errors.New("lms: HSS needs 1 to 8 levels of valid parameters, with total height at most 63")
	errKeyFormat = errors.New("lms: malformed private key")
)

// PrivateKey is an HSS private key (RFC 8554, Section 6.1) of 1 to 8
// levels: one SEED and one I for the top tree (Appendix A); the lower
// trees are derived from their parents (see keygen.go). Its state is the
// index of the next signature over the whole hierarchy, from which each
// level's leaf follows. The key is safe for concurrent use; signatures are
// made one at a time.
//
// The threat it guards against is reuse of a one-time key. Inside one
// PrivateKey value an index is taken under a lock and never given again,
// and no signature leaves Sign before its index is covered by a
// successful Store.Save. What it cannot see is a copy of its state: two
// values loaded from the same saved key (two processes, a cloned virtual
// machine or disk, a restored backup, a Store that lies about
// durability) will sign with the same indices. Keep one signer per key,
// and never restore a key's state from a backup.
type PrivateKey struct {
	mu       sync.Mutex
	cfg      Config
	opts     SignerOptions
	store    Store
	L        int
	params   [maxLevels]Params
	shift    [maxLevels]uint // bits of the index below level l's leaf index
	total    uint64          // 2^(Σh): number of signatures
	next     uint64          // next index to sign with
	reserved uint64          // indices below this are covered by a Save
	trees    [maxLevels]*lmsTree
	treeID   [maxLevels]uint64 // index >> shift[l-1] of the active tree l ≥ 1
	sigs     [maxLevels][]byte // sigs[l]: signature of trees[l].pub by trees[l-1]
	saved    [keyMaxSize]byte  // what Store.Save is given, cleared after each call
	wiped    bool
	pub      *PublicKey
}

// GenerateKey generates an HSS private key with the given levels (top
// first; one level is a single LMS tree wrapped in HSS, as RFC 8554 uses
// it), drawing the top tree's SEED and I from rand (crypto/rand if nil),
// and saves it to store before returning it. cfg is the configuration of
// its public key and of the hashing in key generation and signing. It
// computes the top tree (2^h one-time public keys); lower trees are
// computed by the first signature that needs them.
//
// Signing keys are limited to a total height (Σh over the levels) of 63,
// so that the index fits a uint64; verification has no such limit.
func GenerateKey(cfg Config, levels []Params, opts SignerOptions, store Store, rand io.Reader) (*PrivateKey, error) {
	sk, err := newPrivateKey(cfg, levels, opts, store)
	if err != nil {
		return nil, err
	}
	if rand == nil {
		rand = cryptoRand
	}
	t := sk.trees[0]
	if _, err := io.ReadFull(rand, t.seed[:t.op.n]); err != nil {
		return nil, err
	}
	if _, err := io.ReadFull(rand, t.I[:]); err != nil {
		return nil, err
	}
	if err := sk.save(0); err != nil {
		sk.Wipe()
		return nil, err
	}
	sk.finish()
	return sk, nil
}

var cryptoRand = rand.Reader

func newPrivateKey(cfg Config, levels []Params, opts SignerOptions, store Store) (*PrivateKey, error) {
	if cfg == nil {
		return nil, errNilConfig
	}
	if store == nil {
		return nil, errNilStore
	}
	if len(levels) < 1 || len(levels) > maxLevels {
		return nil, errLevels
	}
	if opts.Reserve == 0 {
		opts.Reserve = 1
	}
	sk := &PrivateKey{cfg: cfg, opts: opts, store: store, L: len(levels)}
	H := uint(0)
	for l := len(levels) - 1; l >= 0; l-- {
		lp, _, ok := levels[l].lookup()
		if !ok {
			return nil, errLevels
		}
		sk.params[l] = levels[l]
		sk.shift[l] = H
		H += lp.h
	}
	if H > 63 {
		return nil, errLevels
	}
	sk.total = 1 << H
	lp, op, _ := levels[0].lookup()
	sk.trees[0] = &lmsTree{lp: lp, op: op}
	return sk, nil
}

// finish computes the top tree and the public key.
func (sk *PrivateKey) finish() {
	t := sk.trees[0]
	t.build(sk.cfg, sk.opts.Cache)
	top, _ := parseLMSPublicKey(t.pub)
	sk.pub = &PublicKey{cfg: sk.cfg, L: uint32(sk.L), top: top, raw: t.pub}
}

// Private key encoding (this package's own; RFC 8554 defines none):
//
//	"LMSK" || u32str(L) || (u32str(lmstype) || u32str(otstype)) × L ||
//	I || SEED (n bytes of the top level) || u64str(reserved)
const keyMagic = "LMSK"

// keyMaxSize is the longest encoded private key: 8 levels, a 32-byte SEED.
const keyMaxSize = 8 + 8*maxLevels + 16 + maxN + 8

// appendKey appends the encoded key with the reservation bound reserved
// to b.
func (sk *PrivateKey) appendKey(b []byte, reserved uint64) []byte {
	t := sk.trees[0]
	b = append(b, keyMagic...)
	b = binary.BigEndian.AppendUint32(b, uint32(sk.L))
	for l := 0; l < sk.L; l++ {
		b = binary.BigEndian.AppendUint32(b, uint32(sk.params[l].LMS))
		b = binary.BigEndian.AppendUint32(b, uint32(sk.params[l].OTS))
	}
	b = append(b, t.I[:]...)
	b = append(b, t.seed[:t.op.n]...)
	return binary.BigEndian.AppendUint64(b, reserved)
}

// save hands the key with the reservation bound reserved to the Store,
// encoded in the key's own buffer (so that signing allocates nothing),
// and clears the buffer when Save returns.
func (sk *PrivateKey) save(reserved uint64) error {
	err := sk.store.Save(sk.appendKey(sk.saved[:0], reserved))
	clear(sk.saved[:])
	return err
}

// LoadPrivateKey resumes a private key saved by a Store: it continues from
// the saved reservation bound (indices reserved but not used before the
// save are skipped, never reused), computes the top tree and uses store
// for later saves. Loading the same saved key twice, or an old copy of it,
// reuses one-time keys: see PrivateKey.
func LoadPrivateKey(cfg Config, key []byte, opts SignerOptions, store Store) (*PrivateKey, error) {
	sk, err := parsePrivateKey(cfg, key, opts, store)
	if err != nil {
		return nil, err
	}
	sk.finish()
	return sk, nil
}

// parsePrivateKey is LoadPrivateKey without the tree: every field and
// length is checked.
func parsePrivateKey(cfg Config, key []byte, opts SignerOptions, store Store) (*PrivateKey, error) {
	if len(key) < 8 || string(key[:4]) != keyMagic {
		return nil, errKeyFormat
	}
	L := binary.BigEndian.Uint32(key[4:])
	if L < 1 || L > maxLevels || len(key) < 8+8*int(L) {
		return nil, errKeyFormat
	}
	var levels [maxLevels]Params
	for l := range int(L) {
		levels[l].LMS = LMSType(binary.BigEndian.Uint32(key[8+8*l:]))
		levels[l].OTS = OTSType(binary.BigEndian.Uint32(key[12+8*l:]))
	}
	sk, err := newPrivateKey(cfg, levels[:L], opts, store)
	if err != nil {
		return nil, err
	}
	t := sk.trees[0]
	rest := key[8+8*L:]
	if len(rest) != 16+t.op.n+8 {
		return nil, errKeyFormat
	}
	copy(t.I[:], rest)
	copy(t.seed[:], rest[16:16+t.op.n])
	sk.next = binary.BigEndian.Uint64(rest[16+t.op.n:])
	if sk.next > sk.total {
		sk.Wipe()
		return nil, errKeyFormat
	}
	sk.reserved = sk.next
	return sk, nil
}

// Public returns the HSS public key.
func (sk *PrivateKey) Public() *PublicKey {
	if sk == nil {
		return nil
	}
	return sk.pub
}

// Remaining returns the number of signatures the key can still make.
func (sk *PrivateKey) Remaining() uint64 {
	if sk == nil {
		return 0
	}
	sk.mu.Lock()
	defer sk.mu.Unlock()
	if !sk.usable() {
		return 0
	}
	return sk.total - sk.next
}

// SignatureSize returns the length of the key's HSS signatures (RFC 8554,
// Section 6.2): u32str(L-1), a signed public key per lower level and the
// bottom level's LMS signature. It is 0 for a nil key.
func (sk *PrivateKey) SignatureSize() int {
	if sk == nil || sk.L < 1 || sk.L > maxLevels {
		return 0
	}
	size := 4 + sk.params[sk.L-1].SignatureSize()
	for l := 1; l < sk.L; l++ {
		size += sk.params[l-1].SignatureSize() + sk.params[l].PublicKeySize()
	}
	return size
}

// Sign returns an HSS signature of msg (RFC 8554, Section 6.2, Algorithm
// 7) with the next index: AppendSign with a new slice of SignatureSize
// bytes.
func (sk *PrivateKey) Sign(msg []byte) ([]byte, error) {
	return sk.AppendSign(nil, msg)
}

// AppendSign appends an HSS signature of msg (RFC 8554, Section 6.2,
// Algorithm 7), made with the next index, to dst and returns the extended
// slice; on error it returns dst unchanged, with nothing written past its
// length. With SignatureSize bytes of spare capacity in dst it allocates
// nothing, apart from each new lower-level tree of an HSS key made the
// first time (later trees of a level reuse its memory).
//
// Before it uses an index not yet covered by a saved reservation, it
// reserves opts.Reserve more and saves the key; if Save fails, AppendSign
// returns its error and no signature, and the index is not used (a later
// call tries again). The index is consumed before the signature is
// computed, so nothing a failure or a panic leaves behind can sign with it
// again. It fails with ErrExhausted when every index is used.
//
// Signing is deterministic (see keygen.go) and costs one LM-OTS signature
// per level whose tree changes, the authentication path of the tree cache
// (see TreeCache) and, every 2^h signatures of a lower level, that level's
// new tree.
func (sk *PrivateKey) AppendSign(dst, msg []byte) ([]byte, error) {
	if sk == nil {
		return dst, errWiped
	}
	sk.mu.Lock()
	defer sk.mu.Unlock()
	if !sk.usable() {
		return dst, errWiped
	}
	if sk.next >= sk.total {
		return dst, ErrExhausted
	}
	if sk.next >= sk.reserved {
		r := sk.next + min(sk.opts.Reserve, sk.total-sk.next)
		if err := sk.save(r); err != nil {
			return dst, &saveError{err}
		}
		sk.reserved = r
	}
	idx := sk.next
	sk.next++
	return sk.signIndex(slices.Grow(dst, sk.SignatureSize()), idx, msg), nil
}

// usable reports whether sk came from GenerateKey or LoadPrivateKey (a
// zero PrivateKey has no tree) and has not been wiped.
func (sk *PrivateKey) usable() bool {
	return !sk.wiped && sk.trees[0] != nil && sk.store != nil && sk.cfg != nil
}

type saveError struct{ err error }

func (e *saveError) Error() string {
	return "lms: state not saved, no signature made: " + e.err.Error()
}
func (e *saveError) Unwrap() error { return e.err }

// noTree is the treeID of a lower level whose tree is being rebuilt: no
// index gives it (indices are below 2^63).
const noTree = ^uint64(0)

// signIndex appends the HSS signature with index idx to sig: u32str(L-1),
// then for each lower level the signature of its public key by the level
// above and that public key, then the LMS signature of msg by the bottom
// tree (RFC 8554, Section 6.2). A lower level's new tree is built in the
// memory of the one it replaces.
func (sk *PrivateKey) signIndex(sig []byte, idx uint64, msg []byte) []byte {
	for l := 1; l < sk.L; l++ {
		id := idx >> sk.shift[l-1]
		if sk.trees[l] != nil && sk.treeID[l] == id {
			continue
		}
		parent := sk.trees[l-1]
		qp := uint32(id & (1<<parent.lp.h - 1))
		t := sk.trees[l]
		if t == nil {
			lp, op, _ := sk.params[l].lookup()
			t = &lmsTree{lp: lp, op: op}
			sk.trees[l] = t
		}
		// A panic while the tree is rebuilt leaves it marked as no tree,
		// so the next signature rebuilds it.
		sk.treeID[l] = noTree
		seed := derive(t.lp.family, t.op.n, &parent.I, qp, deriveSeed, parent.seed[:parent.op.n])
		ident := derive(t.lp.family, t.op.n, &parent.I, qp, deriveIdent, parent.seed[:parent.op.n])
		t.seed = seed
		copy(t.I[:], ident[:16])
		clear(seed[:])
		t.build(sk.cfg, sk.opts.Cache)
		sk.sigs[l] = parent.sign(sk.cfg, sk.sigs[l][:0], qp, t.pub)
		sk.treeID[l] = id
	}
	bottom := sk.trees[sk.L-1]
	sig = binary.BigEndian.AppendUint32(sig, uint32(sk.L-1))
	for l := 1; l < sk.L; l++ {
		sig = append(sig, sk.sigs[l]...)
		sig = append(sig, sk.trees[l].pub...)
	}
	q := uint32(idx & (1<<bottom.lp.h - 1))
	return bottom.sign(sk.cfg, sig, q, msg)
}

// Bytes returns the key as Store.Save receives it, with the current
// reservation bound.
func (sk *PrivateKey) Bytes() []byte {
	if sk == nil {
		return nil
	}
	sk.mu.Lock()
	defer sk.mu.Unlock()
	if !sk.usable() {
		return nil
	}
	return sk.appendKey(make([]byte, 0, keyMaxSize), sk.reserved)
}

// Wipe zeroes the key's secrets (the SEED of every tree) and makes it
// unusable: Sign then fails. Go may have copied them elsewhere (stack
// frames, a moved heap object); Wipe clears the key's own storage.
func (sk *PrivateKey) Wipe() {
	if sk == nil {
		return
	}
	sk.mu.Lock()
	defer sk.mu.Unlock()
	for _, t := range sk.trees {
		if t != nil {
			t.wipe()
		}
	}
	clear(sk.saved[:])
	sk.wiped = true
}

// String describes the key's parameters without its secrets.
func (sk *PrivateKey) String() string {
	if sk == nil {
		return "lms.PrivateKey(nil)"
	}
	s := "lms.PrivateKey(L=" + strconv.Itoa(sk.L)
	for l := 0; l < sk.L; l++ {
		s += " " + sk.params[l].String()
	}
	return s + ")"
}

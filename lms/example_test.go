// Copyright 2026 The cryptolab Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lms_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/cryptolab-go/cryptolab/lms"
)

// fileStore saves the key to a file durably: write a temporary file, sync
// it, rename it over the old one, sync the directory.
type fileStore struct{ path string }

func (s fileStore) Save(key []byte) error {
	tmp := s.path + ".tmp"
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return err
	}
	if _, err := f.Write(key); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp, s.path); err != nil {
		return err
	}
	d, err := os.Open(filepath.Dir(s.path))
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

func Example() {
	dir, _ := os.MkdirTemp("", "lms")
	defer os.RemoveAll(dir)
	store := fileStore{filepath.Join(dir, "key")}

	params := []lms.Params{{LMS: lms.LMS_SHA256_M32_H5, OTS: lms.LMOTS_SHA256_N32_W8}}
	sk, err := lms.GenerateKey(lms.Default(), params, lms.SignerOptions{Cache: lms.CacheAll, Reserve: 4}, store, nil)
	if err != nil {
		panic(err)
	}
	defer sk.Wipe()
	firmware := []byte("firmware image")
	sig, err := sk.Sign(firmware)
	if err != nil {
		panic(err)
	}

	pub, err := lms.ParsePublicKey(lms.Small(), sk.Public().Bytes())
	if err != nil {
		panic(err)
	}
	fmt.Println(pub.Verify(firmware, sig), sk.Remaining())

	// After a restart: resume from the saved reservation (4 indices were
	// reserved, 1 used; the other 3 are skipped, never reused).
	saved, _ := os.ReadFile(store.path)
	sk2, err := lms.LoadPrivateKey(lms.Default(), saved, lms.SignerOptions{Cache: lms.CacheAll}, store)
	if err != nil {
		panic(err)
	}
	defer sk2.Wipe()
	fmt.Println(sk2.Remaining())
	// Output:
	// true 31
	// 28
}

package cases

import (
	stdaes "crypto/aes"
	"crypto/cipher"
	"fmt"

	"github.com/cryptolab-go/cryptolab/aes"
	"github.com/cryptolab-go/cryptolab/lab/suite"
)

// AES-CBC cases: aes_cbc_sole (key 128/192/256 × buffer 32/64/128 ×
// Encryption/Decryption × Small/Fast; one call does key expansion, takes the
// IV and processes the buffer, no padding, as CMOX's single-call CBC does)
// and aes_cbc_flow (the 8000-byte message in 128/512/1024/2048-byte chunks:
// Init, SetKey, SetIV, Append per chunk, Finish). The Go standard library
// peer does the same with aes.NewCipher, cipher.NewCBCEncrypter/Decrypter
// and CryptBlocks. Small and Fast are the pages' configurations; Native
// (the processor's AES instructions) is measured where the processor has
// them (elsewhere aes.Native() is Fast): a configuration the pages lack, so
// its Params leave out the "config" column and the report gives it rows of
// its own beside Small's and Fast's, against the same published figures.
// aes.Default() is Native (or Fast), so it is not measured separately.
// Each footprint program names one configuration value and links only that
// implementation (Native links Fast too, its fallback; aes.Config is an
// interface; see aes/linker_test.go).
var aesConfigs = func() []aes.Config {
	c := []aes.Config{aes.Small(), aes.Fast()}
	if aes.Native() != aes.Fast() {
		c = append(c, aes.Native())
	}
	return c
}()

// aesOnPage reports whether cfg is one of the pages' configurations.
func aesOnPage(cfg aes.Config) bool { return cfg == aes.Small() || cfg == aes.Fast() }

func init() {
	for _, bits := range aesKeyBits {
		for _, n := range soleSizes {
			for _, op := range aesOps {
				for _, cfg := range aesConfigs {
					suite.Register(aesSole(bits, n, op, cfg, ImplOurs))
				}
				suite.Register(aesSole(bits, n, op, nil, ImplGo))
			}
		}
	}
	for _, bits := range aesKeyBits {
		for _, chunk := range flowChunks {
			for _, op := range aesOps {
				for _, cfg := range aesConfigs {
					suite.Register(aesFlow(bits, chunk, op, cfg, ImplOurs))
				}
				suite.Register(aesFlow(bits, chunk, op, nil, ImplGo))
			}
		}
	}
}

func aesParams(table string, bits, n int, op string, cfg aes.Config, impl string) map[string]string {
	p := map[string]string{"key_bits": itoa(bits), "operation": op}
	if table == "aes_cbc_sole" {
		p["buffer_bytes"] = itoa(n)
	} else {
		p["message_bytes"] = itoa(flowMessage)
		p["chunk_bytes"] = itoa(n)
	}
	if impl == ImplOurs && aesOnPage(cfg) {
		p["config"] = cfg.String()
	}
	return p
}

func aesCase(table, name string, bits, n int, op string, cfg aes.Config, impl string) suite.Case {
	c := suite.Case{
		Suite:  "aes",
		Table:  table,
		Name:   name,
		Params: aesParams(table, bits, n, op, cfg, impl),
		Impl:   impl,
	}
	if impl == ImplOurs {
		c.Config = cfg.String()
	}
	return c
}

// stdCBC returns the standard library's CBC mode for one key and IV, and
// the bytes of the cipher and mode state it keeps.
func stdCBC(key, iv []byte, decrypt bool) (cipher.BlockMode, int, error) {
	b, err := stdaes.NewCipher(key)
	if err != nil {
		return nil, 0, err
	}
	var m cipher.BlockMode
	if decrypt {
		m = cipher.NewCBCDecrypter(b, iv)
	} else {
		m = cipher.NewCBCEncrypter(b, iv)
	}
	return m, stateSize(b) + stateSize(m), nil
}

func aesSole(bits, n int, op string, cfg aes.Config, impl string) suite.Case {
	c := aesCase("aes_cbc_sole", fmt.Sprintf("AES-CBC/sole/key=%d/size=%d/op=%s", bits, n, op), bits, n, op, cfg, impl)
	c.BytesPerOp = n
	decrypt := op == "Decryption"
	c.Setup = func() (func() error, int, error) {
		key, iv, src := fill(bits/8, uint64(bits)), fill(16, 3), fill(n, uint64(n))
		dst := make([]byte, n)
		if impl == ImplGo {
			_, working, err := stdCBC(key, iv, decrypt)
			if err != nil {
				return nil, 0, err
			}
			return func() error {
				m, _, err := stdCBC(key, iv, decrypt)
				if err != nil {
					return err
				}
				m.CryptBlocks(dst, src)
				return nil
			}, working, nil
		}
		// The expanded key and the chaining value are what the call keeps
		// besides its inputs and output.
		working := cfg.Memory(bits).Key + aes.BlockSize
		if decrypt {
			return func() error { return aes.DecryptCBC(cfg, dst, key, iv, src) }, working, nil
		}
		return func() error { return aes.EncryptCBC(cfg, dst, key, iv, src) }, working, nil
	}
	if impl == ImplOurs {
		fn := "EncryptCBC"
		if decrypt {
			fn = "DecryptCBC"
		}
		c.Footprint = &suite.FootprintSpec{
			Table:   "aes_cbc_sole_footprint",
			Params:  map[string]string{"operation": op, "config": cfg.String()},
			Imports: []string{"os", ModulePath + "/aes"},
			Body: fmt.Sprintf(`in := []byte(os.Args[0] + "0123456789abcdef0123456789abcdef")
buf := make([]byte, 32)
copy(buf, in)
if err := aes.%s(aes.%s(), buf, in[:16], in[16:32], buf); err != nil {
	panic(err)
}
os.Stdout.Write(buf[:1])`, fn, cfg),
		}
	}
	return c
}

func aesFlow(bits, chunk int, op string, cfg aes.Config, impl string) suite.Case {
	c := aesCase("aes_cbc_flow", fmt.Sprintf("AES-CBC/flow/key=%d/msg=%d/chunk=%d/op=%s", bits, flowMessage, chunk, op), bits, chunk, op, cfg, impl)
	c.BytesPerOp = flowMessage
	decrypt := op == "Decryption"
	c.Setup = func() (func() error, int, error) {
		key, iv, msg := fill(bits/8, uint64(bits)), fill(16, 3), fill(flowMessage, 7)
		out := make([]byte, 0, flowMessage)
		if impl == ImplGo {
			_, working, err := stdCBC(key, iv, decrypt)
			if err != nil {
				return nil, 0, err
			}
			dst := out[:flowMessage]
			return func() error {
				m, _, err := stdCBC(key, iv, decrypt)
				if err != nil {
					return err
				}
				for off := 0; off < len(msg); off += chunk {
					end := min(off+chunk, len(msg))
					m.CryptBlocks(dst[off:end], msg[off:end])
				}
				return nil
			}, working, nil
		}
		var s aes.CBC
		op := func() error {
			if decrypt {
				s.InitDecrypt(cfg, aes.NoPadding)
			} else {
				s.InitEncrypt(cfg, aes.NoPadding)
			}
			if err := s.SetKey(key); err != nil {
				return err
			}
			if err := s.SetIV(iv); err != nil {
				return err
			}
			o := out[:0]
			var err error
			for m := msg; len(m) > 0; {
				k := min(chunk, len(m))
				if o, err = s.Append(o, m[:k]); err != nil {
					return err
				}
				m = m[k:]
			}
			_, err = s.Finish(o)
			return err
		}
		// The CBC value and the context Init gives it (expanded key with
		// room for AES-256, chaining value, partial block) are the whole
		// working memory of the data flow.
		return op, cfg.Memory(bits).Context, nil
	}
	if impl == ImplOurs {
		dir := "Encrypt"
		if decrypt {
			dir = "Decrypt"
		}
		c.Footprint = &suite.FootprintSpec{
			Table:   "aes_cbc_flow_footprint",
			Params:  map[string]string{"operation": op, "config": cfg.String()},
			Imports: []string{"os", ModulePath + "/aes"},
			Body: fmt.Sprintf(`in := []byte(os.Args[0] + "0123456789abcdef0123456789abcdef")
var s aes.CBC
s.Init%s(aes.%s(), aes.NoPadding)
if err := s.SetKey(in[:16]); err != nil {
	panic(err)
}
if err := s.SetIV(in[16:32]); err != nil {
	panic(err)
}
out, err := s.Append(nil, in[:32])
if err != nil {
	panic(err)
}
if out, err = s.Finish(out); err != nil {
	panic(err)
}
os.Stdout.Write(out[:1])`, dir, cfg),
		}
	}
	return c
}

package ecdsa

import "testing"

// TestEqualNil: Equal with a nil key on either side is false, never a
// panic (a typed nil *PrivateKey or *PublicKey passes the type assertion).
func TestEqualNil(t *testing.T) {
	priv, err := GenerateKey(Default(), P256, nil)
	if err != nil {
		t.Fatal(err)
	}
	pub := priv.PublicKey()
	var nilPriv *PrivateKey
	var nilPub *PublicKey
	for name, f := range map[string]func() bool{
		"priv.Equal(nil *PrivateKey)": func() bool { return priv.Equal(nilPriv) },
		"nil.Equal(priv)":             func() bool { return nilPriv.Equal(priv) },
		"pub.Equal(nil *PublicKey)":   func() bool { return pub.Equal(nilPub) },
		"nil.Equal(pub)":              func() bool { return nilPub.Equal(pub) },
	} {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s panicked: %v", name, r)
				}
			}()
			if f() {
				t.Errorf("%s = true", name)
			}
		}()
	}
}

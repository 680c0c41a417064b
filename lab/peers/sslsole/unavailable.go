//go:build !(cgo && cryptolab_openssl)

// Command sslsole times OpenSSL's AES-CBC sole-buffer calls with the key and
// IV set in every call; it is built only with cgo and the tag
// cryptolab_openssl (see sslsole.go), and says so otherwise.
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "sslsole: built without cgo and the cryptolab_openssl tag")
	os.Exit(2)
}

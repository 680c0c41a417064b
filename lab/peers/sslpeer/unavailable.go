//go:build !(cgo && cryptolab_openssl)

// Command sslpeer times OpenSSL's libcrypto on the published operations in
// batches interleaved with the lab's; it is built only with cgo and the tag
// cryptolab_openssl (see sslpeer.go), and says so otherwise.
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "sslpeer: built without cgo and the cryptolab_openssl tag")
	os.Exit(2)
}

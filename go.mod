module github.com/cryptolab-go/cryptolab

go 1.26

require (
	filippo.io/mldsa v1.0.0
	github.com/cloudflare/circl v1.6.5
	golang.org/x/crypto v0.54.0 // indirect
	golang.org/x/sys v0.47.0 // indirect
)

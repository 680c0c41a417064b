module github.com/cryptolab-go/cryptolab

go 1.26.0

require (
	filippo.io/mldsa v1.0.0
	github.com/cloudflare/circl v1.6.5
	golang.org/x/arch v0.33.0
	golang.org/x/perf v0.0.0-20260908200009-22c9c6c9d4da
)

require (
	github.com/aclements/go-moremath v0.0.0-20210112150236-f10218a38794 // indirect
	golang.org/x/crypto v0.57.0 // indirect
	golang.org/x/sys v0.48.0 // indirect
)

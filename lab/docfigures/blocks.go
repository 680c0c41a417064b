package docfigures

// Blocks are the generated tables of the package docs.
var Blocks = []Table{
	{
		File: "ecdsa/ecdsa.go", Name: "speed", Suite: "ecdsa",
		Cols: []Col{
			{Head: "P-256 sign", Params: map[string]string{"curve": "SECP256R1", "operation": "Signature"}},
			{Head: "P-256 verify", Params: map[string]string{"curve": "SECP256R1", "operation": "Verification"}},
			{Head: "P-384 sign", Params: map[string]string{"curve": "SECP384R1", "operation": "Signature"}},
			{Head: "P-384 verify", Params: map[string]string{"curve": "SECP384R1", "operation": "Verification"}},
		},
		Rows: []Row{
			{Head: "Small-Low", Impl: "cryptolab", Config: "Small-Low"},
			{Head: "Small-High", Impl: "cryptolab", Config: "Small-High"},
			{Head: "Fast-Low", Impl: "cryptolab", Config: "Fast-Low"},
			{Head: "Fast-High", Impl: "cryptolab", Config: "Fast-High"},
			{Head: "Native-Low", Impl: "cryptolab", Config: "Native-Low"},
			{Head: "Native-High", Impl: "cryptolab", Config: "Native-High"},
			{Head: "crypto/ecdsa", Impl: "go"},
			{Head: "  -tags purego", Impl: "go-purego"},
			{Head: "openssl speed", Impl: "openssl"},
		},
	},
}

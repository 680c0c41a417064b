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
	{
		File: "ed25519/doc.go", Name: "speed", Suite: "eddsa",
		Cols: []Col{
			{Head: "sign", Params: map[string]string{"operation": "Signature"}},
			{Head: "verify", Params: map[string]string{"operation": "Verification"}},
			{Head: "stack s", Params: map[string]string{"operation": "Signature"}, Metric: Stack},
			{Head: "stack v", Params: map[string]string{"operation": "Verification"}, Metric: Stack},
			{Head: "code s", Params: map[string]string{"operation": "Signature"}, Metric: Code},
			{Head: "code v", Params: map[string]string{"operation": "Verification"}, Metric: Code},
		},
		Rows: []Row{
			{Head: "Small-OptLow", Impl: "cryptolab", Config: "Small-OptLow"},
			{Head: "Small-OptHigh", Impl: "cryptolab", Config: "Small-OptHigh"},
			{Head: "SuperFast-OptLow", Impl: "cryptolab", Config: "SuperFast-OptLow"},
			{Head: "SuperFast-OptHigh", Impl: "cryptolab", Config: "SuperFast-OptHigh"},
			{Head: "crypto/ed25519", Impl: "go", Note: "(amd64 assembly field multiplication)"},
			{Head: "  -tags purego", Impl: "go-purego"},
			{Head: "circl", Impl: "circl"},
			{Head: "  -tags purego", Impl: "circl-purego"},
			{Head: "openssl speed", Impl: "openssl", Note: "(its own short message)"},
		},
	},
	{
		File: "mldsa/mldsa.go", Name: "speed", Suite: "mldsa",
		Cols: []Col{
			{Head: "keygen", Params: map[string]string{"function": "keyGen"}, Split: "suite", Values: mldsaSets},
			{Head: "sign", Params: map[string]string{"function": "Signature"}, Split: "suite", Values: mldsaSets},
			{Head: "verify", Params: map[string]string{"function": "Verification"}, Split: "suite", Values: mldsaSets},
		},
		Rows: []Row{
			{Head: "Fast", Impl: "cryptolab", Config: "Fast"},
			{Head: "Native", Impl: "cryptolab", Config: "Native"},
			{Head: "LowRAM", Impl: "cryptolab", Config: "LowRAM"},
			{Head: "circl", Impl: "circl", Note: "(AVX2)"},
			{Head: "  -tags purego", Impl: "circl-purego"},
			{Head: "filippo.io/mldsa", Impl: "filippo.io/mldsa"},
		},
	},
	{
		File: "rsa/doc.go", Name: "speed", Suite: "rsa",
		Cols: []Col{
			{Head: "CRT sign", Params: map[string]string{"operation": "Signature", "privkey_modexp_method": "CRT"}},
			{Head: "no-CRT sign", Params: map[string]string{"operation": "Signature", "privkey_modexp_method": "No CRT"}},
			{Head: "verify", Params: map[string]string{"operation": "Verification"}},
			{Head: "stack", Params: map[string]string{"operation": "Signature", "privkey_modexp_method": "CRT"}, Metric: Stack, OursOnly: true},
			{Head: "working", Params: map[string]string{"operation": "Signature"}, Metric: Working, Split: "privkey_modexp_method", Values: []string{"CRT", "No CRT"}, OursOnly: true},
		},
		Rows: []Row{
			{Head: "Small-Low", Impl: "cryptolab", Config: "Small-Low"},
			{Head: "Small-Mid", Impl: "cryptolab", Config: "Small-Mid"},
			{Head: "Small-High", Impl: "cryptolab", Config: "Small-High"},
			{Head: "Fast-Low", Impl: "cryptolab", Config: "Fast-Low"},
			{Head: "Fast-Mid", Impl: "cryptolab", Config: "Fast-Mid"},
			{Head: "Fast-High", Impl: "cryptolab", Config: "Fast-High"},
			{Head: "crypto/rsa", Impl: "go", Note: "(no CRT: megabytes, thousands of allocations a signature)"},
			{Head: "  -tags purego", Impl: "go-purego"},
			{Head: "openssl speed", Impl: "openssl", Note: "(rsa3072: PKCS #1 v1.5)"},
		},
	},
	{
		File: "mlkem/mlkem.go", Name: "speed", Suite: "mlkem",
		Cols: []Col{
			{Head: "keygen", Params: map[string]string{"function": "Key-pair-Generation"}, Split: "suite", Values: mlkemSets},
			{Head: "encaps", Params: map[string]string{"function": "Key-Encapsulation"}, Split: "suite", Values: mlkemSets},
			{Head: "decaps", Params: map[string]string{"function": "Key-Decapsulation"}, Split: "suite", Values: mlkemSets},
		},
		Rows: []Row{
			{Head: "Small", Impl: "cryptolab", Config: "Small"},
			{Head: "Fast", Impl: "cryptolab", Config: "Fast"},
			{Head: "Native", Impl: "cryptolab", Config: "Native"},
			{Head: "crypto/mlkem", Impl: "go"},
			{Head: "  -tags purego", Impl: "go-purego"},
			{Head: "circl", Impl: "circl", Note: "(AVX2)"},
			{Head: "  -tags purego", Impl: "circl-purego"},
		},
	},
	{
		File: "x25519/x25519.go", Name: "speed", Suite: "x25519",
		Cols: []Col{
			{Head: "shared secret", Params: map[string]string{"operation": "Shared secret"}},
			{Head: "public key", Params: map[string]string{"operation": "Key generation"}},
		},
		Rows: []Row{
			{Head: "Small", Impl: "cryptolab", Config: "Small"},
			{Head: "SuperFast", Impl: "cryptolab", Config: "SuperFast"},
			{Head: "Native", Impl: "cryptolab", Config: "Native"},
			{Head: "crypto/ecdh", Impl: "go", Note: "(amd64 assembly field multiplication)"},
			{Head: "  -tags purego", Impl: "go-purego"},
			{Head: "circl", Impl: "circl", Note: "(amd64 assembly, MULX/ADX)"},
			{Head: "  -tags purego", Impl: "circl-purego"},
			{Head: "openssl speed", Impl: "openssl", Note: "(ecdhx25519)"},
		},
	},
	{
		File: "lms/doc.go", Name: "speed", Suite: "lms",
		Cols: []Col{
			{Head: "verify H10 W1 / W2 / W4 / W8", Params: map[string]string{"function": "LMS-Verify"}, Split: "suite",
				Values: []string{"LMS_N32_H10_W1_SHA256", "LMS_N32_H10_W2_SHA256", "LMS_N32_H10_W4_SHA256", "LMS_N32_H10_W8_SHA256"}},
			{Head: "keygen H5 W8", Params: map[string]string{"function": "Key generation", "suite": "LMS_N32_H5_W8_SHA256"}},
			{Head: "sign H5 W8", Params: map[string]string{"function": "Signature", "suite": "LMS_N32_H5_W8_SHA256", "tree_cache": "all"}},
		},
		Rows: []Row{
			{Head: "Small", Impl: "cryptolab", Config: "Small"},
			{Head: "Fast", Impl: "cryptolab", Config: "Fast"},
		},
	},
}

var mlkemSets = []string{"ML-KEM-512", "ML-KEM-768", "ML-KEM-1024"}

var mldsaSets = []string{"ML-DSA-44", "ML-DSA-65", "ML-DSA-87"}

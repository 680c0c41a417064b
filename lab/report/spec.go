package report

// The layout of section 2 follows the STM32 pages: one family per page
// section (2.1 AES ... 2.8 LMS), each with its tables in page order. Every
// table spec says which of the reference table's label columns are our
// configuration (so that peers, which have none, line up with every
// configuration of an operation point), and how the chart splits the rows:
// one chart per Facet value, one group of bars per Group value.

type family struct {
	Num    string // "2.1"
	Title  string
	Suite  string // lab suite name, "aes"
	Tables []tableSpec
}

type tableSpec struct {
	Num   string // "2.1.1", or "" for a table that sits inside the previous number
	Title string
	Table string // reference table name
	// Footprint is the footprint table shown after this table ("" for none);
	// FootprintFrom lists the performance tables whose results feed it.
	Footprint     string
	FootprintFrom []string
	Intro         string
	Config        []string // label columns that are our configuration
	Facet         []string // one chart per distinct value of these columns
	Group         []string // one group of bars per distinct value of these
	Flow          bool     // data flow: throughput in Kbytes/s is the headline
	ShowMin       bool     // also show the minimum time (rejection-sampled operations)
}

var families = []family{
	{Num: "2.1", Title: "AES symmetric key encryption and decryption", Suite: "aes", Tables: []tableSpec{
		{Num: "2.1.1", Title: "Sole buffer mode", Table: "aes_cbc_sole",
			Footprint: "aes_cbc_sole_footprint", FootprintFrom: []string{"aes_cbc_sole"},
			Intro:  "One buffer encrypted or decrypted with AES-CBC in a single call; key setup and IV are inside the timed call, as in CMOX's single-call API.",
			Config: []string{"config"}, Facet: []string{"operation"}, Group: []string{"key_bits", "buffer_bytes"}},
		{Num: "2.1.2", Title: "Data flow mode", Table: "aes_cbc_flow",
			Footprint: "aes_cbc_flow_footprint", FootprintFrom: []string{"aes_cbc_flow"},
			Intro:  "An 8000-byte message encrypted or decrypted in fixed-size chunks: init, set key, set IV, then one append per chunk (and finish). One operation is the whole message.",
			Config: []string{"config"}, Facet: []string{"operation"}, Group: []string{"key_bits", "chunk_bytes"}, Flow: true},
	}},
	{Num: "2.2", Title: "HASH digest", Suite: "sha", Tables: []tableSpec{
		{Num: "2.2.1", Title: "Sole buffer mode", Table: "sha_sole",
			Footprint: "sha_sole_footprint", FootprintFrom: []string{"sha_sole"},
			Intro: "One buffer hashed in a single call.",
			Facet: []string{"hash"}, Group: []string{"buffer_bytes"}},
		{Num: "2.2.2", Title: "Data flow mode", Table: "sha_flow",
			Intro: "An 8000-byte message hashed in fixed-size chunks: init, one append per chunk, then the tag. One operation is the whole message.",
			Facet: []string{"hash"}, Group: []string{"chunk_bytes"}, Flow: true},
		{Title: "Final tag generation", Table: "sha_tag",
			Footprint: "sha_flow_footprint", FootprintFrom: []string{"sha_flow", "sha_tag"},
			Intro: "The final tag generation call on its own.",
			Group: []string{"hash"}},
	}},
	{Num: "2.3", Title: "ECDSA signature and verification", Suite: "ecdsa", Tables: []tableSpec{
		{Table: "ecdsa", Footprint: "ecdsa_footprint", FootprintFrom: []string{"ecdsa"},
			Config: []string{"math_config", "curve_def"}, Facet: []string{"operation"}, Group: []string{"curve"}},
	}},
	{Num: "2.4", Title: "EdDSA signature and verification", Suite: "eddsa", Tables: []tableSpec{
		{Table: "eddsa", Footprint: "eddsa_footprint", FootprintFrom: []string{"eddsa"},
			Config: []string{"math_config", "curve_def"}, Facet: []string{"operation"}, Group: []string{"curve"}},
	}},
	{Num: "2.5", Title: "RSA signature and verification", Suite: "rsa", Tables: []tableSpec{
		{Table: "rsa", Footprint: "rsa_footprint", FootprintFrom: []string{"rsa"},
			Config: []string{"privkey_modexp_method", "math_config", "privkey_modexp_impl"}, Facet: []string{"operation"}, Group: []string{"modulus_bits"}},
	}},
	{Num: "2.6", Title: "Post-quantum cryptography: ML-DSA key pair generation, signature and verification", Suite: "mldsa", Tables: []tableSpec{
		{Table: "mldsa", Config: []string{"low_ram"}, Facet: []string{"function"}, Group: []string{"suite"}, ShowMin: true,
			Intro: "Signing is rejection-sampled, so its time is not bounded: the page publishes the minimum observed (one key, a 32-byte message). Both our median and our minimum are shown, and the ratios of the signing rows compare minimum with minimum."},
	}},
	{Num: "2.7", Title: "Post-quantum cryptography: ML-KEM key pair generation, encapsulation and decapsulation", Suite: "mlkem", Tables: []tableSpec{
		{Table: "mlkem", Facet: []string{"function"}, Group: []string{"suite"}},
	}},
	{Num: "2.8", Title: "Post-quantum cryptography: HBS-LMS signature verification", Suite: "lms", Tables: []tableSpec{
		{Table: "lms", Group: []string{"suite"}},
	}},
}

// columnTitles are the display names of reference columns.
var columnTitles = map[string]string{
	"key_bits": "Key", "buffer_bytes": "Buffer", "message_bytes": "Message",
	"chunk_bytes": "Chunk", "operation": "Operation", "config": "Config",
	"hash": "Hash", "curve": "Curve", "math_config": "Math config",
	"curve_def": "Curve def.", "pkcs1_version": "PKCS#1",
	"privkey_modexp_method": "Priv. exp. method", "modulus_bits": "Modulus",
	"privkey_modexp_impl": "Priv. exp. impl.", "suite": "Suite",
	"function": "Function", "low_ram": "Low RAM",
	"code_bytes": "Code", "const_bytes": "Const", "global_bytes": "Global",
	"stack_bytes": "Stack", "working_buffer_bytes": "Working",
}

func columnTitle(c string) string {
	if t, ok := columnTitles[c]; ok {
		return t
	}
	return c
}

// labelValue formats a label value for display: sizes get their unit.
func labelValue(col, v string) string {
	switch col {
	case "key_bits", "modulus_bits":
		return v + "-bit"
	case "buffer_bytes", "message_bytes", "chunk_bytes":
		return v + " B"
	case "low_ram":
		if v == "1" {
			return "yes"
		}
		return "no"
	}
	return v
}

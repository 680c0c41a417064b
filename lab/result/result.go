// Package result is the lab's data model: what one run of the cryptolab
// command measured, on which machine, and how. Everything the report writers,
// the JSON file and "cryptolab compare" read is defined here, so that the
// harness, the cases, the peers and the renderers agree on one vocabulary.
//
// Every measurement carries its unit. Times are nanoseconds, memory is bytes,
// throughput is Kbytes/s with 1 Kbyte = 1000 bytes (as the STM32 pages use).
package result

import "time"

// Run is one invocation of "cryptolab run": the machine, the settings and
// every result.
type Run struct {
	Schema  int       `json:"schema"` // SchemaVersion
	Machine Machine   `json:"machine"`
	Config  RunConfig `json:"config"`
	Results []Result  `json:"results"`
}

// SchemaVersion is bumped when the JSON layout changes incompatibly.
const SchemaVersion = 1

// Machine describes where and how the run was measured (section 1 of the
// report, "Measurement configuration").
type Machine struct {
	CPUModel   string   `json:"cpu_model"`
	Cores      int      `json:"cores"`
	OS         string   `json:"os"`
	Arch       string   `json:"goarch"`
	GOAMD64    string   `json:"goamd64,omitempty"`
	GoVersion  string   `json:"go_version"`
	Features   []string `json:"cpu_features"` // e.g. "AES-NI", "SHA-NI", "AVX2"
	Counter    string   `json:"counter"`      // "RDTSC", "CNTVCT_EL0", or "time x nominal frequency"
	CounterHz  float64  `json:"counter_hz"`   // measured frequency of Counter, Hz
	CoreHz     float64  `json:"core_hz"`      // estimated core clock, Hz
	CoreMethod string   `json:"core_hz_method"`
	// CoreProblem says why CoreHz is 0 (the estimate was rejected and
	// the cycle figures left out); "" when the estimate stands.
	CoreProblem string    `json:"core_hz_problem,omitempty"`
	Module      string    `json:"module_version"` // cryptolab version or commit
	BuildFlags  string    `json:"build_flags"`
	Started     time.Time `json:"started"`
	Duration    float64   `json:"duration_s"`
	// Methods describes how each quantity was measured, in a sentence or
	// two written by the code that measures it, keyed "time", "cycles",
	// "stack", "heap", "working", "footprint", "peers", "peer:<impl>".
	Methods map[string]string `json:"methods,omitempty"`
}

// RunConfig records the flags the run was made with.
type RunConfig struct {
	Suites     []string `json:"suites"`
	Configs    []string `json:"configs,omitempty"`
	Quick      bool     `json:"quick"`
	MinTimeNs  int64    `json:"min_time_ns"`
	References []string `json:"references"` // platform ids, e.g. "h563-v5"
	Peers      bool     `json:"peers"`
	// Implemented lists the suites that have cases of ours in this build,
	// so that a report tells a family not selected (by --suite or
	// --config) from one not implemented yet.
	Implemented []string `json:"implemented,omitempty"`
	// Instructions says that the run counted instructions (--instructions).
	Instructions bool `json:"instructions,omitempty"`
}

// Stats summarises repeated samples of one quantity.
type Stats struct {
	Unit    string    `json:"unit"`
	Median  float64   `json:"median"`
	Min     float64   `json:"min"`
	Max     float64   `json:"max"`
	Spread  float64   `json:"spread"`            // (max-min)/median
	Samples []float64 `json:"samples,omitempty"` // per-op values of each batch
}

// Footprint is the code and data attributed to cryptolab for one operation.
type Footprint struct {
	CodeBytes   int `json:"code_bytes"`   // .text
	ConstBytes  int `json:"const_bytes"`  // .rodata
	GlobalBytes int `json:"global_bytes"` // .data + .bss (+ .noptr*); in Binary and Empty, .data + .noptrdata only

	// BSSBytes, in Binary and Empty only, is the executable's zero-filled
	// data (.bss + .noptrbss), which takes no room in the file and no
	// memory until written; it is not in their GlobalBytes. (0 in results
	// written before it was split off, whose Binary.GlobalBytes include it.)
	BSSBytes int `json:"bss_bytes,omitempty"`

	// Binary and Empty give context: the whole executable of the minimal
	// program, and an empty program built the same way, in the same
	// columns (nil when not measured). The whole program's size is the
	// file-backed CodeBytes + ConstBytes + GlobalBytes (Loaded), BSS apart.
	Binary *Footprint `json:"binary,omitempty"`
	Empty  *Footprint `json:"empty,omitempty"`
}

// Loaded is the file-backed size of a whole executable (Binary, Empty):
// code, constant data and initialised data, without BSS.
func (f *Footprint) Loaded() int { return f.CodeBytes + f.ConstBytes + f.GlobalBytes }

// Status values of a Result.
const (
	StatusOK             = "ok"
	StatusNotImplemented = "not implemented yet"
	StatusError          = "error"
)

// Result is one case measured with one implementation. Table and Params line
// the result up with a row of the published STM32 tables: Table names the
// reference TSV (e.g. "aes_cbc_sole") and Params uses that file's column names
// and values (e.g. key_bits=128, buffer_bytes=32, operation=Encryption,
// config=Small).
type Result struct {
	Table  string            `json:"table"`
	Case   string            `json:"case"` // stable, benchstat-style name
	Params map[string]string `json:"params"`
	Impl   string            `json:"impl"`             // "cryptolab" or a peer: "go", "go-purego", "circl", "filippo.io/mldsa", "openssl"
	Config string            `json:"config,omitempty"` // our configuration, e.g. "Small"
	Status string            `json:"status"`
	Note   string            `json:"note,omitempty"`

	BytesPerOp int `json:"bytes_per_op,omitempty"` // payload processed per operation, for throughput
	Ops        int `json:"ops"`                    // operations timed in all

	WallNs    Stats      `json:"wall_ns"`       // wall-clock ns/op
	CPUNs     Stats      `json:"cpu_ns"`        // thread CPU ns/op
	Ns        Stats      `json:"ns"`            // the time figure the report uses
	NsSource  string     `json:"ns_source"`     // "cpu" or "wall"
	Ticks     Stats      `json:"counter_ticks"` // counter ticks/op
	Cycles    Stats      `json:"core_cycles"`   // estimated core cycles/op
	KBytesPer Stats      `json:"kbytes_per_s"`  // throughput, data-flow cases
	Allocs    float64    `json:"allocs_per_op"` // heap allocations/op
	HeapBytes float64    `json:"heap_bytes_per_op"`
	Stack     int        `json:"stack_bytes"`   // measured goroutine stack high-water mark
	Working   int        `json:"working_bytes"` // context, key and scratch kept besides inputs and outputs
	Footprint *Footprint `json:"footprint,omitempty"`

	// Instructions is the exact instruction count of one call, where the
	// run counted them (--instructions); nil otherwise.
	Instructions *Instructions `json:"instructions,omitempty"`
}

// Instructions is the instruction count of one operation (lab/instr).
type Instructions struct {
	PerOp  int64  `json:"per_op"`          // instructions of one call
	Repeat int64  `json:"repeat_diff"`     // difference between two calls counted in one process (0: the same)
	Tool   string `json:"tool"`            // e.g. "valgrind-3.19.0 callgrind"
	Err    string `json:"error,omitempty"` // why this case could not be counted
}

package measure

import (
	"bufio"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/cryptolab-go/cryptolab/lab/result"
)

// Machine describes this machine, build and clocks for the report's
// "Measurement configuration" section. It calibrates (see Calibrate).
func Machine(started time.Time) result.Machine {
	c := Calibrate()
	m := result.Machine{
		CPUModel:   cpuModel(),
		Cores:      runtime.NumCPU(),
		OS:         runtime.GOOS,
		Arch:       runtime.GOARCH,
		GoVersion:  runtime.Version(),
		Features:   cpuFeatures(),
		Counter:    c.Counter,
		CounterHz:  c.CounterHz,
		CoreHz:     c.CoreHz,
		CoreMethod: c.CoreMethod,
		Started:    started.UTC(),
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		m.Module = bi.Main.Version
		var rev, modified string
		var flags []string
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				modified = s.Value
			case "GOAMD64":
				m.GOAMD64 = s.Value
			case "-tags", "-gcflags", "-ldflags", "-asmflags", "-trimpath", "-race", "CGO_ENABLED":
				flags = append(flags, s.Key+"="+s.Value)
			}
		}
		if rev != "" {
			if len(rev) > 12 {
				rev = rev[:12]
			}
			if modified == "true" {
				rev += "+dirty"
			}
			if m.Module == "" || m.Module == "(devel)" {
				m.Module = rev
			} else {
				m.Module += " (" + rev + ")"
			}
		}
		m.BuildFlags = strings.Join(flags, " ")
	}
	if runtime.GOARCH == "amd64" && m.GOAMD64 == "" {
		m.GOAMD64 = "v1"
	}
	return m
}

// cpuinfo returns the first value of each key in /proc/cpuinfo (Linux);
// elsewhere it is empty.
func cpuinfo() map[string]string {
	out := map[string]string{}
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return out
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		k = strings.TrimSpace(k)
		if _, seen := out[k]; !seen {
			out[k] = strings.TrimSpace(v)
		}
	}
	return out
}

func cpuModel() string {
	ci := cpuinfo()
	for _, k := range []string{"model name", "Model", "Hardware", "cpu model"} {
		if v := ci[k]; v != "" {
			return v
		}
	}
	return "unknown (" + runtime.GOARCH + ")"
}

// cpuFeatures lists the instruction-set extensions relevant to the
// algorithms measured, as the kernel reports them.
func cpuFeatures() []string {
	ci := cpuinfo()
	flags := strings.Fields(ci["flags"] + " " + ci["Features"])
	names := map[string]string{
		"aes": "AES-NI", "pclmulqdq": "PCLMULQDQ", "sha_ni": "SHA-NI", "avx": "AVX",
		"avx2": "AVX2", "avx512f": "AVX-512F", "bmi2": "BMI2", "adx": "ADX",
		"constant_tsc": "constant TSC", "nonstop_tsc": "nonstop TSC",
		"sha2": "SHA2 (arm64)", "sha512": "SHA512 (arm64)", "pmull": "PMULL", "asimd": "ASIMD",
	}
	if runtime.GOARCH == "arm64" {
		names["aes"] = "AES (arm64)"
	}
	var out []string
	for _, f := range flags {
		if n, ok := names[f]; ok && !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

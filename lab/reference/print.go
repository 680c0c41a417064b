package reference

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
	"unicode/utf8"

	"github.com/cryptolab-go/cryptolab/lab/catalog"
)

// suiteTables maps the lab's suite names to their published tables.
var suiteTables = map[string][]string{
	"aes":   {"aes_cbc_sole", "aes_cbc_sole_footprint", "aes_cbc_flow", "aes_cbc_flow_footprint"},
	"sha":   {"sha_sole", "sha_sole_footprint", "sha_flow", "sha_tag", "sha_flow_footprint"},
	"ecdsa": {"ecdsa", "ecdsa_footprint"},
	"eddsa": {"eddsa", "eddsa_footprint"},
	"rsa":   {"rsa", "rsa_footprint"},
	"mldsa": {"mldsa"},
	"mlkem": {"mlkem"},
	"lms":   {"lms"},
}

// SelectTables resolves a list of table or suite names (as typed after
// "cryptolab reference") to table names in page order; an empty list means
// every table. Unknown names are an error.
func (d *Dataset) SelectTables(names []string) ([]string, error) {
	if len(names) == 0 {
		return slices.Clone(TableNames), nil
	}
	want := make(map[string]bool)
	for _, n := range names {
		switch {
		case suiteTables[n] != nil:
			for _, t := range suiteTables[n] {
				want[t] = true
			}
		case d.Tables[n] != nil:
			want[n] = true
		case beyondOnly(n):
			return nil, fmt.Errorf("%q is not on the STM32 pages: the lab measures it beyond them (report section 3), with no published figures", n)
		default:
			return nil, fmt.Errorf("unknown reference table or suite %q (suites: aes, sha, ecdsa, eddsa, rsa, mldsa, mlkem, lms; tables: %s)", n, strings.Join(TableNames, ", "))
		}
	}
	var out []string
	for _, t := range TableNames {
		if want[t] {
			out = append(out, t)
		}
	}
	return out, nil
}

// Print writes the platforms and then the published tables as aligned text,
// rows of each platform in the order given (the "cryptolab reference"
// command). platforms nil means every platform (PlatformIDs), tables nil
// means every table; unknown names are an error. Values are printed as the
// TSV holds them: cycles, µs or ms, Kbytes/s and bytes, without thousands
// separators.
func (d *Dataset) Print(w io.Writer, platforms []string, tables []string) error {
	if platforms == nil {
		platforms = d.PlatformIDs()
	}
	for _, p := range platforms {
		if _, ok := d.Platform(p); !ok {
			return fmt.Errorf("unknown reference platform %q", p)
		}
	}
	tables, err := d.SelectTables(tables)
	if err != nil {
		return err
	}

	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "STM32 platforms (ST CMOX library, published figures)")
	fmt.Fprintln(tw, "platform\tMCU\tboard\tcore clock\tlibrary\tsource")
	for _, id := range platforms {
		p, _ := d.Platform(id)
		src := p.Title
		if p.Revision != "" {
			src += " (" + p.Revision + ")"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d MHz\t%s\t%s\n", p.ID, p.MCU, p.Board, p.CoreClockMHz, p.LibraryVersion, src)
	}
	if err := tw.Flush(); err != nil {
		return err
	}

	for _, name := range tables {
		t := d.Tables[name]
		var rows []Row
		for _, p := range platforms {
			for _, r := range t.Rows {
				if r.Platform == p {
					rows = append(rows, r)
				}
			}
		}
		fmt.Fprintf(w, "\n%s — %s (%d of %d rows)\n", name, Title(name), len(rows), len(t.Rows))
		if len(rows) == 0 {
			fmt.Fprintf(w, "  (no rows for %s; this table has %s)\n", strings.Join(platforms, ", "), strings.Join(t.Platforms(), ", "))
			continue
		}
		lines := [][]string{t.Columns}
		for _, r := range rows {
			lines = append(lines, r.Values)
		}
		if err := writeAligned(w, t.Columns, lines); err != nil {
			return err
		}
	}
	return nil
}

// Title returns the human title of a published table, as the pages name it.
func Title(table string) string {
	switch table {
	case "aes_cbc_sole":
		return "AES-CBC, sole buffer mode"
	case "aes_cbc_sole_footprint":
		return "AES-CBC sole buffer mode, flash memory and RAM usage"
	case "aes_cbc_flow":
		return "AES-CBC, data flow mode (8000-byte message in chunks)"
	case "aes_cbc_flow_footprint":
		return "AES-CBC data flow mode, flash memory and RAM usage"
	case "sha_sole":
		return "HASH digest, sole buffer mode"
	case "sha_sole_footprint":
		return "HASH sole buffer mode, flash memory and RAM usage"
	case "sha_flow":
		return "HASH digest, data flow mode (8000-byte message in chunks)"
	case "sha_tag":
		return "HASH final tag generation"
	case "sha_flow_footprint":
		return "HASH data flow mode, flash memory and RAM usage"
	case "ecdsa":
		return "ECDSA signature and verification"
	case "ecdsa_footprint":
		return "ECDSA flash memory and RAM usage"
	case "eddsa":
		return "EdDSA (Ed25519) signature and verification"
	case "eddsa_footprint":
		return "EdDSA flash memory and RAM usage"
	case "rsa":
		return "RSA PKCS#1 v2.2 signature and verification (3072-bit, SHA-256)"
	case "rsa_footprint":
		return "RSA flash memory and RAM usage"
	case "mldsa":
		return "ML-DSA key pair generation, signature and verification"
	case "mlkem":
		return "ML-KEM key pair generation, encapsulation and decapsulation"
	case "lms":
		return "HBS-LMS signature verification"
	}
	return table
}

// writeAligned prints rows of cells in columns two spaces apart, measured
// columns right-aligned and labels left-aligned, each line indented by two
// spaces and without trailing blanks.
func writeAligned(w io.Writer, columns []string, lines [][]string) error {
	width := make([]int, len(columns))
	for _, l := range lines {
		for i, c := range l {
			width[i] = max(width[i], utf8.RuneCountInString(c))
		}
	}
	for _, l := range lines {
		var b strings.Builder
		b.WriteString("  ")
		for i, c := range l {
			pad := strings.Repeat(" ", width[i]-utf8.RuneCountInString(c))
			if i > 0 {
				b.WriteString("  ")
			}
			if measureColumns[columns[i]] {
				b.WriteString(pad + c)
			} else {
				b.WriteString(c + pad)
			}
		}
		if _, err := fmt.Fprintln(w, strings.TrimRight(b.String(), " ")); err != nil {
			return err
		}
	}
	return nil
}

// beyondOnly reports whether n names a suite or table of the catalogue
// that the pages do not publish (catalog.Table.Beyond).
func beyondOnly(n string) bool {
	if f, ok := catalog.FamilyOf(n); ok {
		return !f.Published()
	}
	return catalog.IsBeyond(n)
}

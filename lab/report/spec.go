package report

import "github.com/cryptolab-go/cryptolab/lab/catalog"

// The layout of section 2 is the catalogue's (lab/catalog): one family per
// page section (2.1 AES ... 2.8 LMS), each with its tables in page order;
// every table says which of its label columns are a configuration (so that
// peers, which have none, line up with every configuration of an operation
// point), and how the chart splits the rows: one chart per Facet value, one
// group of bars per Group value.
type (
	family    = catalog.Family
	tableSpec = catalog.Table
)

var families = catalog.Families()

func columnTitle(c string) string { return catalog.ColumnTitle(c) }

// labelValue formats a label value for display: sizes get their unit.
func labelValue(col, v string) string { return catalog.LabelValue(col, v) }

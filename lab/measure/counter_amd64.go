//go:build amd64 && !purego

package measure

// counterName names the cycle counter read by readCounter.
const counterName = "RDTSC"

// readCounter returns the time-stamp counter, after an LFENCE so that the
// read is not hoisted above earlier instructions (counter_amd64.s).
func readCounter() uint64

// addChain executes n iterations of 64 dependent register–register
// additions (ADDQ BX, AX; the loop counter and branch run beside them) and
// returns the sum. Each addition needs the previous result and its operand
// is a run-time value, so no renamer can fold it: one addition per cycle on
// every x86-64 core (Intel since the P6, AMD since the K7, Zen 1–5 included).
// An immediate chain (ADDQ $1, AX) is not a clock: Golden Cove and later
// Intel cores (Sapphire and Emerald Rapids, Alder Lake P-cores) fold
// immediate additions at rename and run it about six per cycle.
//
// Sources for Intel's current cores: LLVM's scheduling models, generated
// by a tool (the files say "inferred by smg") for each core —
// llvm/lib/Target/X86/X86SchedAlderlakeP.td (Golden Cove) and
// X86SchedSapphireRapids.td (Sapphire Rapids, Golden Cove cores) — give
// ADD r64, r64 the class WriteALU, latency 1, on any of five ALU ports;
// the Alder Lake-P model gives ADD/SUB r64, imm8 and INC/DEC r64 no
// micro-op at all (ADLPWriteResGroup6, NumMicroOps = 0), the renamer's
// folding. No table for Raptor Cove (Raptor Lake P-cores, Emerald
// Rapids), a Golden Cove revision, was found; the cross-check below is
// what would catch a different latency there.
func addChain(n, k uint64) uint64

// crossChain executes n iterations of 64 dependent 64-bit multiplications
// (IMULQ BX, AX), the independent second estimate: a 64×64-bit IMUL has had
// a latency of exactly 3 cycles on Intel cores since Nehalem and on AMD
// since Zen 1 (Zen 1–5), and multiplication has no rename-time shortcut.
//
// Sources: the same LLVM models give IMUL r64, r64 (WriteIMul64Reg)
// latency 3 on port 1 alone, on Alder Lake-P and on Sapphire Rapids;
// Agner Fog's instruction tables give 3 cycles for IMUL r64, r/m64 on the
// Sandy Bridge family and on Zen (as summarised in Peter Cordes's answer
// to "x86_64: is IMUL faster than 2x SHL + 2x ADD?" on Stack Overflow).
func crossChain(n, k uint64) uint64

const (
	addChainOps = 64
	crossOps    = 64
	crossCycles = 3 // cycles per crossChain operation
)

const (
	addMethod   = "chain of dependent register–register ADDQ (amd64 assembly, 1 cycle each)"
	crossMethod = "chain of dependent 64-bit IMULQ (3 cycles each on Intel since Nehalem and AMD Zen 1–5)"
)

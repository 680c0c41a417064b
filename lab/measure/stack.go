package measure

import (
	"errors"
	"runtime/debug"
	"sync"
	"unsafe"
)

// Stack high-water mark
//
// Go gives no API for the depth a call reached on the goroutine stack, so
// the harness measures it the way one does on a microcontroller: paint the
// free stack with a pattern, run the operation, look for the deepest word
// that no longer holds the pattern.
//
//  1. A fresh goroutine grows its stack first (grow: recursive frames of a
//     64 KiB local array), so that the region below the current frame is
//     allocated stack that the operation can use without the runtime
//     moving the stack. The collector is paused (debug.SetGCPercent(-1)),
//     because the runtime shrinks stacks only during a collection.
//  2. paint writes a sentinel word into the free region below its own
//     frame, through unsafe.Add from the address of one of its locals.
//  3. invoke (a frame a few hundred bytes deep, so that it lies below the
//     region paint could not reach) calls the operation.
//  4. scan reads the region back from the deepest word upwards and returns
//     the depth of the first word that differs from the sentinel.
//
// The depth the operation reached below its call site is that depth minus
// the depth reached by an empty operation (which writes only its return
// address, 8 bytes, at the call site), plus those 8 bytes. The figure
// therefore counts every byte of goroutine stack below the call: the
// operation's frames, those of what it calls (runtime helpers included) and
// its return address. Resolution: one 8-byte word; a word written with a
// value equal to the sentinel would be missed (the sentinel is a fixed
// 64-bit pattern no operation here has reason to write). Local variables a
// function reserves but never writes cannot be seen; Go zeroes declared
// locals, so this concerns only unused spill slots at the bottom of a
// frame. An asynchronous preemption signal arriving during the operation
// makes the runtime push a register-save frame (~1 KiB with vector
// registers) onto the goroutine stack; the measurement is repeated three
// times and the smallest depth kept, which removes such outliers (not
// under an emulator, where a call is slow enough that the signal lands in
// all three: LMS Small verification measured 2,048 B under qemu-x86_64
// -cpu Haswell against 1,864 B natively, and 1,864 B there too with
// GODEBUG=asyncpreemptoff=1, which an emulated run should set). If the
// operation needs more than the painted region, the measurement is redone
// with a 1 MiB and then a 16 MiB region.

const (
	growFrame   = 64 << 10
	paintMargin = 64 // bytes left unpainted below paint's local: its own frame
	sentinel    = uintptr(0x5a17_c0de_d00d_a55a)
)

// sink keeps grow's array alive without letting it escape.
//
//go:noinline
func sink(b *[growFrame]byte) byte { return b[0] ^ b[growFrame-1] }

// grow uses k frames of growFrame bytes, so the goroutine stack has at least
// k × growFrame bytes free below the caller's frame afterwards.
//
//go:noinline
func grow(k int) byte {
	var buf [growFrame]byte
	buf[k&(growFrame-1)] = byte(k)
	if k > 1 {
		return grow(k-1) ^ sink(&buf)
	}
	return sink(&buf)
}

// paint fills the span bytes below top with the sentinel, where top lies
// paintMargin bytes below a local of paint (below paint's own frame), and
// returns top.
//
//go:noinline
func paint(span uintptr) (top uintptr) {
	var anchor uintptr
	p := unsafe.Pointer(&anchor)
	for off := uintptr(paintMargin) + 8; off <= paintMargin+span; off += 8 {
		*(*uintptr)(unsafe.Add(p, -int(off))) = sentinel
	}
	return uintptr(p) - paintMargin
}

// scan returns how far below top the deepest non-sentinel word of the span
// bytes below top lies (0 if none was written).
//
//go:noinline
func scan(top, span uintptr) uintptr {
	var anchor uintptr
	p := unsafe.Pointer(&anchor)
	base := uintptr(p)
	for off := span; off >= 8; off -= 8 {
		if *(*uintptr)(unsafe.Add(p, int(top-off-base))) != sentinel {
			return off
		}
	}
	return 0
}

// invoke calls op from a frame deep enough (its pad) that the call site is
// inside the painted region.
//
//go:noinline
func invoke(op func() error) error {
	var pad [64]uintptr
	pad[0] = uintptr(len(pad))
	err := op()
	if pad[0] == 0 {
		return errors.New("unreachable")
	}
	return err
}

// probe runs op once on a fresh goroutine stack painted over k×growFrame
// bytes and returns the depth below the painted top that the call reached.
// moved reports that the stack had to grow (the region was too small).
func probe(op func() error, k int) (depth uintptr, moved bool, err error) {
	type res struct {
		depth uintptr
		moved bool
		err   error
	}
	ch := make(chan res, 1)
	go func() {
		grow(k)
		var anchor byte
		before := uintptr(unsafe.Pointer(&anchor))
		span := uintptr(k*growFrame) - 4096
		top := paint(span)
		err := invoke(op)
		d := scan(top, span)
		after := uintptr(unsafe.Pointer(&anchor))
		ch <- res{d, before != after || d >= span, err}
	}()
	r := <-ch
	return r.depth, r.moved, r.err
}

var (
	baseOnce  sync.Once
	baseDepth uintptr
	baseErr   error
)

func emptyOp() error { return nil }

// Stack returns the goroutine stack high-water mark of one call of op, in
// bytes below the call site (see the method above).
func Stack(op func() error) (int, error) {
	if op == nil {
		return 0, errNil
	}
	old := debug.SetGCPercent(-1)
	defer debug.SetGCPercent(old)

	baseOnce.Do(func() {
		baseDepth, baseErr = minDepth(emptyOp)
		if baseErr == nil && baseDepth == 0 {
			baseErr = errors.New("measure: stack probe calibration failed (call site outside the painted region)")
		}
	})
	if baseErr != nil {
		return 0, baseErr
	}
	d, err := minDepth(op)
	if err != nil {
		return 0, err
	}
	if d < baseDepth {
		return 8, nil
	}
	return int(d-baseDepth) + 8, nil
}

// minDepth probes op three times and keeps the smallest depth, growing the
// painted region when op outgrows it.
func minDepth(op func() error) (uintptr, error) {
	best := ^uintptr(0)
	for _, k := range []int{1, 16, 256} {
		moved := false
		for range 3 {
			d, m, err := probe(op, k)
			if err != nil {
				return 0, err
			}
			if m {
				moved = true
				break
			}
			best = min(best, d)
		}
		if !moved {
			return best, nil
		}
		best = ^uintptr(0)
	}
	return 0, errors.New("measure: operation needs more than 16 MiB of stack")
}

//go:build purego

package ecdsa

// purego is whether the purego build tag is set (the Native
// configurations are then Fast everywhere).
const purego = true

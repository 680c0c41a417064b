//go:build (amd64 || arm64) && !purego

package aes

// nativeConfigValue returns the Native configuration if the processor has
// the instructions, nil otherwise.
func nativeConfigValue() Config {
	if nativeSupported() {
		return &nativeConfig
	}
	return nil
}

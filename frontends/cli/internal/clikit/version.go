package clikit

import (
	"runtime"
	"runtime/debug"
)

// Version says which waterworks this is: the module version from the build
// information ("v1.2.0", or a pseudo-version with the commit for a build
// from a clone; "(devel)" when the build recorded none), the commit when
// the build recorded one, and the Go version it was built with.
func Version() string {
	version, revision, dirty := "(devel)", "", false
	if info, ok := debug.ReadBuildInfo(); ok {
		if info.Main.Version != "" {
			version = info.Main.Version
		}
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				revision = s.Value
			case "vcs.modified":
				dirty = s.Value == "true"
			}
		}
	}
	out := "waterworks " + version
	if revision != "" {
		out += ", commit " + revision[:min(len(revision), 12)]
		if dirty {
			out += " with local changes"
		}
	}
	return out + ", " + runtime.Version()
}

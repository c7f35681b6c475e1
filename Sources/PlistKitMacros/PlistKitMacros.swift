// The macros' public face: their declarations, and the libraries their expansions name,
// re-exported so that `import PlistKitMacros` is all a file using them needs.
@_exported import KeyedArchive
@_exported import PlistKit

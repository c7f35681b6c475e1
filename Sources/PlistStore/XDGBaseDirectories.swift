import PlistKit
/// The XDG Base Directory locations an ``AppContainer`` maps its directories into on Linux.
///
/// Read from `$XDG_DATA_HOME`, `$XDG_CACHE_HOME`, `$XDG_CONFIG_HOME` and `$TMPDIR`; when a
/// variable is unset, empty or not an absolute path (the specification says to ignore
/// relative ones) the default applies: `~/.local/share`, `~/.cache`, `~/.config`, `/tmp`.
public struct XDGBaseDirectories: Sendable, Hashable {
    /// Where user-specific data files go (`$XDG_DATA_HOME`, default `~/.local/share`).
    public var dataHome: String
    /// Where user-specific non-essential data goes (`$XDG_CACHE_HOME`, default `~/.cache`).
    public var cacheHome: String
    /// Where user-specific configuration goes (`$XDG_CONFIG_HOME`, default `~/.config`).
    public var configHome: String
    /// Where temporary files go (`$TMPDIR`, default `/tmp`).
    public var temporaryDirectory: String

    /// Creates the locations from explicit paths.
    public init(dataHome: String, cacheHome: String, configHome: String, temporaryDirectory: String) {
        self.dataHome = dataHome
        self.cacheHome = cacheHome
        self.configHome = configHome
        self.temporaryDirectory = temporaryDirectory
    }

    /// Resolves the locations from an environment, applying the XDG defaults.
    /// - Parameters:
    ///   - environment: the variables to read (`HOME`, `XDG_DATA_HOME`, `XDG_CACHE_HOME`,
    ///     `XDG_CONFIG_HOME`, `TMPDIR`).
    ///   - home: the home directory to use when `environment` has no absolute `HOME`.
    public init(environment: [String: String], home: String? = nil) {
        func absolute(_ name: String) -> String? {
            guard let value = environment[name], value.hasPrefix("/") else { return nil }
            return Self.trimmingTrailingSlashes(value)
        }
        let home = absolute("HOME") ?? home ?? Syscalls.passwordHomeDirectory() ?? "/"
        let base = home == "/" ? "" : home
        self.init(
            dataHome: absolute("XDG_DATA_HOME") ?? base + "/.local/share",
            cacheHome: absolute("XDG_CACHE_HOME") ?? base + "/.cache",
            configHome: absolute("XDG_CONFIG_HOME") ?? base + "/.config",
            temporaryDirectory: absolute("TMPDIR") ?? "/tmp"
        )
    }

    /// The locations for this process's environment.
    public static var current: XDGBaseDirectories {
        var environment: [String: String] = [:]
        for name in ["HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME", "TMPDIR"] {
            environment[name] = Syscalls.environment(name)
        }
        return XDGBaseDirectories(environment: environment)
    }

    static func trimmingTrailingSlashes(_ path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        return String(path)
    }
}

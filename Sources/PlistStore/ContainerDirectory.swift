/// The standard directories of an app's data container, named as iOS names them.
///
/// Like `FileManager.SearchPathDirectory` (`NSSearchPathDirectory`) for the directories an
/// iOS sandbox has. ``AppContainer/url(for:create:)`` resolves each one.
///
/// | Case | iOS sandbox layout | XDG layout |
/// |---|---|---|
/// | ``documents`` | `Documents` | `$XDG_DATA_HOME/<id>/Documents` |
/// | ``applicationSupport`` | `Library/Application Support` | `$XDG_DATA_HOME/<id>/Application Support` |
/// | ``caches`` | `Library/Caches` | `$XDG_CACHE_HOME/<id>` |
/// | ``preferences`` | `Library/Preferences` | `$XDG_CONFIG_HOME/<id>` |
/// | ``temporary`` | `tmp` | `$TMPDIR/<id>-<uid>` |
public enum ContainerDirectory: String, Sendable, CaseIterable {
    /// `Documents/`: user data, backed up. Like `NSDocumentDirectory`.
    case documents
    /// `Library/Application Support/`: support files, backed up. Like `NSApplicationSupportDirectory`.
    case applicationSupport
    /// `Library/Caches/`: re-creatable data, not backed up, purged when space is low.
    /// Like `NSCachesDirectory`. Carries a `CACHEDIR.TAG`.
    case caches
    /// `Library/Preferences/`: the ``Preferences`` store's plists.
    case preferences
    /// `tmp/`: scratch files, purged at any time. Like `NSTemporaryDirectory()`.
    case temporary

    /// The directory's path inside an iOS-style sandbox root.
    var sandboxPath: String {
        switch self {
        case .documents: "Documents"
        case .applicationSupport: "Library/Application Support"
        case .caches: "Library/Caches"
        case .preferences: "Library/Preferences"
        case .temporary: "tmp"
        }
    }

    /// Whether backup tools should skip the directory: caches and temporary files are
    /// re-creatable, as on iOS, where neither is backed up.
    public var isExcludedFromBackup: Bool {
        self == .caches || self == .temporary
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import PlistKit
import Synchronization

/// A preferences domain: typed values stored under string keys in one property list,
/// shared safely by every thread and process that opens it.
///
/// Like `NSUserDefaults` / `UserDefaults`: values are looked up first in this process's
/// unsaved changes, then in the domain's file, then in the registered defaults. Changes are
/// kept in memory until ``synchronize()`` (or the object's release) writes them; as with
/// `[defaults synchronize]` on iOS, call it when the data must be on disk now.
///
/// The domain is the file `<domain>.plist` (binary format) in a directory, normally the
/// container's ``ContainerDirectory/preferences``. A domain file in another format (XML, or
/// the OpenStep text of old GNUstep and NeXT defaults) is read as it is, and written back in
/// binary by the next ``synchronize()`` that changes it.
///
/// - A read sees what any process last wrote: each read compares the file's `stat` with
///   the one last read and reloads when the file was replaced.
/// - Writers never lose each other's keys: ``synchronize()`` takes an exclusive `flock` on
///   `.<domain>.plist.lock`, re-reads the file, applies only the keys this object changed,
///   and replaces the file atomically (PlistKit's `AtomicFile`).
/// - A corrupt file is never silently dropped: it is renamed aside to
///   `<domain>.plist.corrupt-<time>-<pid>` and reported as a ``PlistStoreError`` coded `.corruptFile`.
///
/// ```swift
/// let defaults = try Preferences(container: container)   // domain = app identifier
/// defaults.register(defaults: ["fontSize": 12])
/// defaults.set("Ada", forKey: "name")
/// try defaults.synchronize()
/// ```
public final class Preferences: Sendable {
    /// The domain name, such as `com.example.Notes`.
    public let domain: String
    /// The path of the domain's property list.
    public let path: String
    /// The path of the lock file writers hold while they merge.
    let lockPath: String
    private let state: Mutex<State>

    /// A change this object made and has not written yet.
    enum Change {
        case set(Plist)
        case remove
    }

    struct State: ~Copyable {
        /// The values in the file as last read. Keys compare by exact Unicode scalars, as in
        /// the file, so keys that differ only in normalisation stay apart.
        var stored: [PlistKey: Plist] = [:]
        /// The file's keys in the file's order, so rewriting keeps it.
        var storedOrder: [PlistKey] = []
        /// The `stat` of the file `stored` came from; nil when there was no file.
        var stamp: FileStamp?
        /// Changes not yet written, by key.
        var changes: [PlistKey: Change] = [:]
        /// Values returned when neither the file nor a change has the key.
        var registered: [PlistKey: Plist] = [:]
        /// The decoding failure of a file seen by a read, dealt with by the next synchronize.
        var corruption: PlistError?
    }

    /// Opens the preferences domain `domain` in `directory` (created, `0700`, if missing).
    ///
    /// - Throws: a ``PlistStoreError`` coded `.invalidArgument` for a domain that is not a plain
    ///   file name; `.corruptFile` when the file exists but is not a
    ///   dictionary property list: it has been renamed aside (the error's `path`), and opening
    ///   the domain again starts empty.
    public init(domain: String, directory: String) throws(PlistStoreError) {
        try AppContainer.validateName(domain, what: "preferences domain")
        try DirectoryCreation.makeDirectories(directory)
        self.domain = domain
        self.path = directory + "/" + domain + ".plist"
        self.lockPath = directory + "/." + domain + ".plist.lock"
        self.state = Mutex(State())
        try state.withLock { (state: inout State) throws(PlistStoreError) in
            try refresh(&state)
            if state.corruption != nil {
                try withFileLock { () throws(PlistStoreError) in
                    try refresh(&state, force: true)
                    if let corruption = state.corruption {
                        throw try keepAside(corruption, &state)
                    }
                }
            }
        }
    }

    /// Opens a preferences domain in a container's preferences directory.
    ///
    /// Like `UserDefaults.standard` (domain omitted: the container's identifier) or
    /// `UserDefaults(suiteName:)`.
    public convenience init(domain: String? = nil, container: AppContainer) throws(PlistStoreError) {
        try self.init(domain: domain ?? container.identifier, directory: container.path(for: .preferences))
    }

    deinit {
        let pending = state.withLock { !$0.changes.isEmpty }
        if pending { try? synchronize() }
    }

    // MARK: Reading

    /// The value for `key`: an unsaved change, else the file's value, else the registered default.
    ///
    /// Like `object(forKey:)`.
    public func object(forKey key: String) -> Plist? {
        state.withLock { (state: inout State) -> Plist? in
            try? refresh(&state)
            return Self.lookUp(PlistKey(key), in: state)
        }
    }

    /// Every key and value visible through this object, registered defaults included.
    ///
    /// Like `dictionaryRepresentation()`. A Swift `Dictionary` merges keys that differ only in
    /// Unicode normalisation (the first one wins); ``object(forKey:)`` and the file keep them
    /// apart.
    public func dictionaryRepresentation() -> [String: Plist] {
        state.withLock { (state: inout State) -> [String: Plist] in
            try? refresh(&state)
            var result = state.registered.merging(state.stored) { _, stored in stored }
            for (key, change) in state.changes {
                switch change {
                case .set(let value): result[key] = value
                case .remove: result[key] = state.registered[key]
                }
            }
            return Dictionary(result.map { ($0.key.string, $0.value) }) { first, _ in first }
        }
    }

    /// Whether this object has changes ``synchronize()`` has not written yet.
    public var hasUnsynchronizedChanges: Bool {
        state.withLock { !$0.changes.isEmpty }
    }

    // MARK: Writing

    /// Sets `value` for `key`, or removes the key when `value` is nil.
    ///
    /// Like `set(_:forKey:)`. The change is visible to this object at once and written by the
    /// next ``synchronize()``.
    public func set(_ value: Plist?, forKey key: String) {
        state.withLock { $0.changes[PlistKey(key)] = value.map(Change.set) ?? .remove }
    }

    /// Removes `key`, so reads fall back to the registered default.
    ///
    /// Like `removeObject(forKey:)`.
    public func removeObject(forKey key: String) {
        set(nil as Plist?, forKey: key)
    }

    /// Adds values that reads return for keys nobody has set. They are never written.
    ///
    /// Like `register(defaults:)`.
    public func register(defaults: [String: Plist]) {
        state.withLock { $0.registered.merge(defaults.map { (PlistKey($0.key), $0.value) }) { _, new in new } }
    }

    /// Writes this object's changes, merged into what other processes wrote, and reads back
    /// the result.
    ///
    /// Like `synchronize()`. Under an exclusive lock on the domain's lock file, the file is
    /// read afresh, only the keys changed here are set or removed, and the file is replaced
    /// atomically. With no changes, it only reloads a file that changed.
    /// - Throws: a ``PlistStoreError`` coded `.corruptFile` when the file on disk was corrupt: it
    ///   has been renamed aside (the error's `path`) and replaced by the values last read from
    ///   it plus this object's changes, so nothing of this object's view is lost. Other codes
    ///   when the file cannot be locked, read or written; the changes are then kept for the
    ///   next attempt.
    public func synchronize() throws(PlistStoreError) {
        try state.withLock { (state: inout State) throws(PlistStoreError) in
            if state.changes.isEmpty && state.corruption == nil {
                try refresh(&state)
                if state.corruption == nil { return }
            }
            try withFileLock { () throws(PlistStoreError) in
                try refresh(&state, force: true)
                var report: PlistStoreError?
                if let corruption = state.corruption {
                    report = try keepAside(corruption, &state)
                }
                var merged = state.stored
                for (key, change) in state.changes {
                    switch change {
                    case .set(let value): merged[key] = value
                    case .remove: merged[key] = nil
                    }
                }
                try write(merged, previousOrder: state.storedOrder)
                state.stored = merged
                state.changes = [:]
                state.stamp = Self.stamp(of: path)
                if let report { throw report }
            }
        }
    }

    // MARK: Internals

    static func lookUp(_ key: PlistKey, in state: borrowing State) -> Plist? {
        switch state.changes[key] {
        case .set(let value): return value
        case .remove: return state.registered[key]
        case nil: return state.stored[key] ?? state.registered[key]
        }
    }

    private static func stamp(of path: String) -> FileStamp? {
        if case .success(let info) = Syscalls.status(path) { return FileStamp(info) }
        return nil
    }

    /// Reloads the file when it changed since it was last read (or always, with `force`).
    /// A file that does not decode keeps the previous values and sets `corruption`.
    private func refresh(_ state: inout State, force: Bool = false) throws(PlistStoreError) {
        if !force {
            let current = Self.stamp(of: path)
            switch (state.stamp, current) {
            case (nil, nil): return
            case (let held?, let current?) where held.isCertainlyUnchanged(comparedTo: current): return
            default: break
            }
        }
        switch Syscalls.readFile(path) {
        case .failure(let error) where error.rawValue == ENOENT:
            state.stored = [:]
            state.storedOrder = []
            state.stamp = nil
            state.corruption = nil
        case .failure(let error):
            throw .system("cannot read the preferences file \(path)", path: path, errno: error.rawValue)
        case .success(let file):
            state.stamp = FileStamp(file.status)
            do throws(PlistError) {
                let value = try Plist(decoding: file.bytes)
                guard let dictionary = value.dictionary else {
                    throw PlistError(.structure, "the root is \(value.typeName), not a dictionary")
                }
                state.stored = Dictionary(uniqueKeysWithValues: dictionary.map { ($0.key, $0.value) })
                state.storedOrder = Array(dictionary.keys)
                state.corruption = nil
            } catch {
                state.corruption = error
            }
        }
    }

    /// Renames the corrupt file aside and returns the error that reports it.
    private func keepAside(_ corruption: PlistError, _ state: inout State) throws(PlistStoreError) -> PlistStoreError {
        let aside = "\(path).corrupt-\(Syscalls.secondsSince1970)-\(Syscalls.processID)"
        if case .failure(let error) = Syscalls.renameItem(path, aside) {
            throw .system("the preferences file \(path) is corrupt (\(corruption)) and cannot be moved aside", path: path, errno: error.rawValue)
        }
        state.corruption = nil
        state.stamp = nil
        return PlistStoreError(
            .corruptFile,
            "the preferences file \(path) was not a dictionary property list; it was kept as \(aside)",
            path: aside, underlying: corruption)
    }

    /// Writes `values` as a binary plist, keys in the file's previous order, new keys sorted after.
    private func write(_ values: [PlistKey: Plist], previousOrder: [PlistKey]) throws(PlistStoreError) {
        var pairs: [(PlistKey, Plist)] = []
        pairs.reserveCapacity(values.count)
        var seen = Set<PlistKey>()
        for key in previousOrder { if let value = values[key] { pairs.append((key, value)); seen.insert(key) } }
        let added = values.keys.filter { !seen.contains($0) }.sorted { $0.string.utf8.lexicographicallyPrecedes($1.string.utf8) }
        for key in added { pairs.append((key, values[key]!)) }
        let bytes: Data
        do {
            bytes = try Plist.dictionary(PlistDictionary(uniqueKeysWithValues: pairs)).encoded(as: .binary)
        } catch {
            throw PlistStoreError(.coding, "cannot encode the preferences of \(domain)", path: path, underlying: error)
        }
        try FileReplacement.write(bytes, to: path, permissions: 0o600)
    }

    /// Runs `body` holding the exclusive lock on the domain's lock file.
    private func withFileLock<T>(_ body: () throws(PlistStoreError) -> T) throws(PlistStoreError) -> T {
        let descriptor: Int32
        switch Syscalls.openFile(lockPath, O_RDWR | O_CREAT, 0o600) {
        case .success(let value): descriptor = value
        case .failure(let error): throw .system("cannot open the lock file \(lockPath)", path: lockPath, errno: error.rawValue)
        }
        defer { Syscalls.closeDescriptor(descriptor) }  // closing releases the lock
        if case .failure(let error) = Syscalls.lock(descriptor, LOCK_EX) {
            throw .system("cannot lock \(lockPath)", path: lockPath, errno: error.rawValue)
        }
        return try body()
    }
}

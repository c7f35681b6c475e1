import Foundation

// The floor under the `app-state` model decode (issue #34, point 5): the same `AppState`
// built from the values its property list holds, decoded beforehand, with no format at all.
// Strings are made from their UTF-8 bytes, UUIDs parsed from their 36 hex characters, URLs
// made by `URL(string:)` (what `URL`'s `init(from:)` calls), dates from their doubles, raw-value
// enums from their raw values, `Int` dictionary keys parsed from their decimal text, and each
// dictionary filled after reserving its count. An enum case with a payload is found by its
// position (a decoder finds it by its one key). What is left is what the model values cost:
// `plistkit-profile model-floor binary app-state` and `plistkit-paired`'s app-state rows.

/// The values of an `AppState`'s property list in the order a decoder meets them, each kind
/// in a tape of its own.
public struct AppStateParts: Sendable {
    /// Every string's UTF-8 (keys of dictionaries, UUIDs' and URLs' text too), one after another.
    var utf8: [UInt8] = []
    /// Where each string ends in `utf8`.
    var ends: [Int] = []
    /// Reals and dates (as seconds since 2001).
    var reals: [Double] = []
    /// Integers, container counts and the case positions of enums with payloads.
    var ints: [Int] = []
    /// Booleans, and whether each optional is present.
    var flags: [Bool] = []
    /// Every data value's bytes, one after another.
    var bytes: [UInt8] = []
    /// Where each data value ends in `bytes`.
    var byteEnds: [Int] = []

    /// The parts of `state`.
    public init(_ state: AppState) {
        state.record(into: &self)
    }

    /// `AppState` built again from the parts.
    public func build() -> AppState {
        var reader = AppStatePartsReader(parts: self)
        return AppState(from: &reader)
    }

    mutating func string(_ text: String) {
        utf8.append(contentsOf: text.utf8)
        ends.append(utf8.count)
    }

    mutating func uuid(_ uuid: UUID) { string(uuid.uuidString) }
    mutating func url(_ url: URL) { string(url.relativeString) }
    mutating func date(_ date: Date) { reals.append(date.timeIntervalSinceReferenceDate) }

    mutating func data(_ data: Data) {
        bytes.append(contentsOf: data)
        byteEnds.append(bytes.count)
    }

    /// Whether `value` is present, then its parts.
    mutating func optional<T>(_ value: T?, _ record: (inout Self, T) -> Void) {
        flags.append(value != nil)
        if let value { record(&self, value) }
    }

    mutating func array<T>(_ values: [T], _ record: (inout Self, T) -> Void) {
        ints.append(values.count)
        for value in values { record(&self, value) }
    }

    mutating func dictionary<K, V>(_ values: [K: V], key: (inout Self, K) -> Void, value: (inout Self, V) -> Void) {
        ints.append(values.count)
        for (k, v) in values {
            key(&self, k)
            value(&self, v)
        }
    }
}

/// Reads an ``AppStateParts``' tapes in the order they were written.
struct AppStatePartsReader {
    let parts: AppStateParts
    /// The next item of each tape, and where the next string's and data value's bytes start.
    var nextString = 0, start = 0, nextReal = 0, nextInt = 0, nextFlag = 0, nextData = 0, dataStart = 0

    init(parts: AppStateParts) { self.parts = parts }

    /// The next string's UTF-8.
    mutating func utf8() -> ArraySlice<UInt8> {
        let end = parts.ends[nextString]
        defer { start = end; nextString += 1 }
        return parts.utf8[start..<end]
    }

    mutating func string() -> String { String(decoding: utf8(), as: UTF8.self) }

    mutating func real() -> Double {
        defer { nextReal += 1 }
        return parts.reals[nextReal]
    }

    mutating func date() -> Date { Date(timeIntervalSinceReferenceDate: real()) }

    mutating func int() -> Int {
        defer { nextInt += 1 }
        return parts.ints[nextInt]
    }

    mutating func flag() -> Bool {
        defer { nextFlag += 1 }
        return parts.flags[nextFlag]
    }

    mutating func bytes() -> Data {
        let end = parts.byteEnds[nextData]
        defer { dataStart = end; nextData += 1 }
        return Data(parts.bytes[dataStart..<end])
    }

    /// The next string as a UUID: its 32 hex digits (the hyphens skipped), trusted.
    mutating func uuid() -> UUID {
        var high: UInt64 = 0, low: UInt64 = 0, digits = 0
        for byte in utf8() where byte != UInt8(ascii: "-") {
            let value = UInt64(byte <= UInt8(ascii: "9") ? byte &- UInt8(ascii: "0") : (byte | 0x20) &- UInt8(ascii: "a") &+ 10)
            if digits < 16 { high = high << 4 | value } else { low = low << 4 | value }
            digits += 1
        }
        func byte(_ word: UInt64, _ index: Int) -> UInt8 { UInt8(truncatingIfNeeded: word >> (56 - 8 * index)) }
        return UUID(uuid: (byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3), byte(high, 4), byte(high, 5),
                           byte(high, 6), byte(high, 7), byte(low, 0), byte(low, 1), byte(low, 2), byte(low, 3),
                           byte(low, 4), byte(low, 5), byte(low, 6), byte(low, 7)))
    }

    mutating func url() -> URL { URL(string: string())! }

    /// The next string as a decimal integer, trusted.
    mutating func decimalKey() -> Int {
        var value = 0
        for byte in utf8() { value = value * 10 + Int(byte &- UInt8(ascii: "0")) }
        return value
    }

    mutating func optional<T>(_ build: (inout Self) -> T) -> T? {
        flag() ? build(&self) : nil
    }

    mutating func array<T>(_ build: (inout Self) -> T) -> [T] {
        let count = int()
        var values: [T] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(build(&self)) }
        return values
    }

    mutating func dictionary<K, V>(key: (inout Self) -> K, value: (inout Self) -> V) -> [K: V] {
        let count = int()
        var values: [K: V] = [:]
        values.reserveCapacity(count)
        for _ in 0..<count {
            let k = key(&self)
            values[k] = value(&self)
        }
        return values
    }

    mutating func stringDictionary<V>(_ value: (inout Self) -> V) -> [String: V] {
        dictionary(key: { $0.string() }, value: value)
    }
}

// MARK: - Each model type's parts, recorded and built in the order of its fields

extension AppState {
    func record(into parts: inout AppStateParts) {
        parts.ints.append(version)
        parts.date(savedAt)
        parts.optional(currentUser) { $0.uuid($1) }
        parts.optional(lastError) { $0.string($1) }
        settings.record(into: &parts)
        parts.array(users) { $1.record(into: &$0) }
        parts.array(workspaces) { $1.record(into: &$0) }
    }

    init(from reader: inout AppStatePartsReader) {
        self.init(
            version: reader.int(), savedAt: reader.date(), currentUser: reader.optional { $0.uuid() },
            lastError: reader.optional { $0.string() }, settings: AppSettings(from: &reader),
            users: reader.array { AppUser(from: &$0) }, workspaces: reader.array { AppWorkspace(from: &$0) }
        )
    }
}

extension AppSettings {
    func record(into parts: inout AppStateParts) {
        parts.string(theme.rawValue)
        parts.reals.append(fontSize)
        parts.ints.append(syncInterval)
        parts.optional(lastSync) { $0.date($1) }
        parts.url(server)
        parts.dictionary(featureFlags, key: { $0.string($1) }, value: { $0.flags.append($1) })
    }

    init(from reader: inout AppStatePartsReader) {
        self.init(
            theme: Theme(rawValue: reader.string())!, fontSize: reader.real(), syncInterval: reader.int(),
            lastSync: reader.optional { $0.date() }, server: reader.url(),
            featureFlags: reader.stringDictionary { $0.flag() }
        )
    }
}

extension AppUser {
    func record(into parts: inout AppStateParts) {
        parts.uuid(id)
        parts.string(name)
        parts.string(email)
        parts.string(role.rawValue)
        parts.optional(avatar) { $0.url($1) }
        parts.date(joined)
        parts.optional(lastSeen) { $0.date($1) }
        parts.dictionary(preferences, key: { $0.string($1) }, value: { $0.string($1) })
    }

    init(from reader: inout AppStatePartsReader) {
        self.init(
            id: reader.uuid(), name: reader.string(), email: reader.string(), role: UserRole(rawValue: reader.string())!,
            avatar: reader.optional { $0.url() }, joined: reader.date(), lastSeen: reader.optional { $0.date() },
            preferences: reader.stringDictionary { $0.string() }
        )
    }
}

extension AppWorkspace {
    func record(into parts: inout AppStateParts) {
        parts.uuid(id)
        parts.string(name)
        parts.uuid(owner)
        parts.date(created)
        parts.array(members) { $0.uuid($1) }
        parts.array(projects) { $1.record(into: &$0) }
    }

    init(from reader: inout AppStatePartsReader) {
        self.init(
            id: reader.uuid(), name: reader.string(), owner: reader.uuid(), created: reader.date(),
            members: reader.array { $0.uuid() }, projects: reader.array { AppProject(from: &$0) }
        )
    }
}

extension AppProject {
    func record(into parts: inout AppStateParts) {
        parts.uuid(id)
        parts.string(name)
        parts.optional(summary) { $0.string($1) }
        parts.date(created)
        parts.flags.append(archived)
        parts.optional(homepage) { $0.url($1) }
        parts.dictionary(labels, key: { $0.string($1) }, value: { $0.ints.append($1) })
        parts.dictionary(milestones, key: { $0.string(String($1)) }, value: { $1.record(into: &$0) })
        parts.array(tasks) { $1.record(into: &$0) }
    }

    init(from reader: inout AppStatePartsReader) {
        self.init(
            id: reader.uuid(), name: reader.string(), summary: reader.optional { $0.string() }, created: reader.date(),
            archived: reader.flag(), homepage: reader.optional { $0.url() },
            labels: reader.stringDictionary { $0.int() },
            milestones: reader.dictionary(key: { $0.decimalKey() }, value: { AppMilestone(from: &$0) }),
            tasks: reader.array { AppTask(from: &$0) }
        )
    }
}

extension AppMilestone {
    func record(into parts: inout AppStateParts) {
        parts.string(title)
        parts.date(due)
        parts.flags.append(done)
    }

    init(from reader: inout AppStatePartsReader) {
        self.init(title: reader.string(), due: reader.date(), done: reader.flag())
    }
}

extension TaskStatus {
    func record(into parts: inout AppStateParts) {
        switch self {
        case .todo:
            parts.ints.append(0)
        case .inProgress(let progress):
            parts.ints.append(1)
            parts.reals.append(progress)
        case .blocked(let reason, let since):
            parts.ints.append(2)
            parts.string(reason)
            parts.date(since)
        case .done(let at, let by):
            parts.ints.append(3)
            parts.date(at)
            parts.uuid(by)
        }
    }

    init(from reader: inout AppStatePartsReader) {
        switch reader.int() {
        case 0: self = .todo
        case 1: self = .inProgress(progress: reader.real())
        case 2: self = .blocked(reason: reader.string(), since: reader.date())
        default: self = .done(at: reader.date(), by: reader.uuid())
        }
    }
}

extension AppTask {
    func record(into parts: inout AppStateParts) {
        parts.uuid(id)
        parts.string(title)
        parts.optional(notes) { $0.string($1) }
        status.record(into: &parts)
        parts.ints.append(priority.rawValue)
        parts.optional(assignee) { $0.uuid($1) }
        parts.uuid(reporter)
        parts.date(created)
        parts.optional(due) { $0.date($1) }
        parts.optional(estimate) { $0.reals.append($1) }
        parts.array(tags) { $0.string($1) }
        parts.array(checklist) { $1.record(into: &$0) }
        parts.array(comments) { $1.record(into: &$0) }
        parts.array(attachments) { $1.record(into: &$0) }
        parts.dictionary(fields, key: { $0.string($1) }, value: { $1.record(into: &$0) })
    }

    init(from reader: inout AppStatePartsReader) {
        self.init(
            id: reader.uuid(), title: reader.string(), notes: reader.optional { $0.string() },
            status: TaskStatus(from: &reader), priority: TaskPriority(rawValue: reader.int())!,
            assignee: reader.optional { $0.uuid() }, reporter: reader.uuid(), created: reader.date(),
            due: reader.optional { $0.date() }, estimate: reader.optional { $0.real() },
            tags: reader.array { $0.string() }, checklist: reader.array { AppChecklistItem(from: &$0) },
            comments: reader.array { AppComment(from: &$0) }, attachments: reader.array { AppAttachment(from: &$0) },
            fields: reader.stringDictionary { FieldValue(from: &$0) }
        )
    }
}

extension AppChecklistItem {
    func record(into parts: inout AppStateParts) {
        parts.string(text)
        parts.flags.append(done)
    }

    init(from reader: inout AppStatePartsReader) {
        self.init(text: reader.string(), done: reader.flag())
    }
}

extension AppComment {
    func record(into parts: inout AppStateParts) {
        parts.uuid(id)
        parts.uuid(author)
        parts.string(body)
        parts.date(created)
        parts.optional(edited) { $0.date($1) }
        parts.dictionary(reactions, key: { $0.string($1) }, value: { $0.ints.append($1) })
    }

    init(from reader: inout AppStatePartsReader) {
        self.init(
            id: reader.uuid(), author: reader.uuid(), body: reader.string(), created: reader.date(),
            edited: reader.optional { $0.date() }, reactions: reader.stringDictionary { $0.int() }
        )
    }
}

extension AppAttachment {
    func record(into parts: inout AppStateParts) {
        parts.uuid(id)
        parts.string(name)
        parts.string(kind.rawValue)
        parts.url(url)
        parts.ints.append(size)
        parts.data(checksum)
        parts.optional(thumbnail) { $0.data($1) }
    }

    init(from reader: inout AppStatePartsReader) {
        self.init(
            id: reader.uuid(), name: reader.string(), kind: AttachmentKind(rawValue: reader.string())!, url: reader.url(),
            size: reader.int(), checksum: reader.bytes(), thumbnail: reader.optional { $0.bytes() }
        )
    }
}

extension FieldValue {
    func record(into parts: inout AppStateParts) {
        switch self {
        case .text(let text):
            parts.ints.append(0)
            parts.string(text)
        case .number(let number):
            parts.ints.append(1)
            parts.reals.append(number)
        case .flag(let flag):
            parts.ints.append(2)
            parts.flags.append(flag)
        case .date(let date):
            parts.ints.append(3)
            parts.date(date)
        case .link(let url):
            parts.ints.append(4)
            parts.url(url)
        }
    }

    init(from reader: inout AppStatePartsReader) {
        switch reader.int() {
        case 0: self = .text(reader.string())
        case 1: self = .number(reader.real())
        case 2: self = .flag(reader.flag())
        case 3: self = .date(reader.date())
        default: self = .link(reader.url())
        }
    }
}

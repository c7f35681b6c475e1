import Foundation
import PlistKit

// The `app-state` workload: what an app persists, rather than one flat record repeated. A
// task tracker's state (users; workspaces → projects → tasks → comments, attachments,
// checklist items), about 20,000 model values nested four to six levels deep, with
// optionals present and absent, `[String: T]` and `[Int: T]` dictionaries, enums with raw
// and associated values, `Date`, `Data`, `URL`, `UUID` and arrays of structs. Users are
// referred to by id here; the keyed-archive twins (`AppStateArchive.swift`) turn those ids
// into shared objects. Dates are whole seconds and reals are exact in 17 digits, so every
// format round-trips the model exactly and a decoded value can be compared with `==`.

/// The root of the `app-state` workload (the Codable model).
@PlistCodable
public struct AppState: Codable, Equatable, Sendable {
    public var version: Int
    public var savedAt: Date
    /// Present: the signed-in user.
    public var currentUser: UUID?
    /// Absent: no error was recorded.
    public var lastError: String?
    public var settings: AppSettings
    public var users: [AppUser]
    public var workspaces: [AppWorkspace]
}

@PlistCodable
public enum Theme: String, Codable, Equatable, Sendable, CaseIterable {
    case system, light, dark, highContrast
}

@PlistCodable
public struct AppSettings: Codable, Equatable, Sendable {
    public var theme: Theme
    public var fontSize: Double
    public var syncInterval: Int
    public var lastSync: Date?
    public var server: URL
    public var featureFlags: [String: Bool]
}

@PlistCodable
public enum UserRole: String, Codable, Equatable, Sendable, CaseIterable {
    case owner, admin, member, guest
}

@PlistCodable
public struct AppUser: Codable, Equatable, Sendable {
    public var id: UUID
    public var name: String
    public var email: String
    public var role: UserRole
    public var avatar: URL?
    public var joined: Date
    public var lastSeen: Date?
    public var preferences: [String: String]
}

@PlistCodable
public struct AppWorkspace: Codable, Equatable, Sendable {
    public var id: UUID
    public var name: String
    /// A user's id (a shared `User` object in the keyed archive).
    public var owner: UUID
    public var created: Date
    public var members: [UUID]
    public var projects: [AppProject]
}

@PlistCodable
public struct AppProject: Codable, Equatable, Sendable {
    public var id: UUID
    public var name: String
    public var summary: String?
    public var created: Date
    public var archived: Bool
    public var homepage: URL?
    /// Label name → colour (an RGB integer).
    public var labels: [String: Int]
    /// Milestones by sequence number.
    public var milestones: [Int: AppMilestone]
    public var tasks: [AppTask]
}

@PlistCodable
public struct AppMilestone: Codable, Equatable, Sendable {
    public var title: String
    public var due: Date
    public var done: Bool
}

/// A task's state: an enum with associated values.
@PlistCodable
public enum TaskStatus: Codable, Equatable, Sendable {
    case todo
    case inProgress(progress: Double)
    case blocked(reason: String, since: Date)
    case done(at: Date, by: UUID)
}

/// An enum with an integer raw value.
@PlistCodable
public enum TaskPriority: Int, Codable, Equatable, Sendable, CaseIterable {
    case none = 0, low = 1, medium = 2, high = 3, urgent = 4
}

@PlistCodable
public struct AppTask: Codable, Equatable, Sendable {
    public var id: UUID
    public var title: String
    public var notes: String?
    public var status: TaskStatus
    public var priority: TaskPriority
    public var assignee: UUID?
    public var reporter: UUID
    public var created: Date
    public var due: Date?
    public var estimate: Double?
    public var tags: [String]
    public var checklist: [AppChecklistItem]
    public var comments: [AppComment]
    public var attachments: [AppAttachment]
    public var fields: [String: FieldValue]
}

@PlistCodable
public struct AppChecklistItem: Codable, Equatable, Sendable {
    public var text: String
    public var done: Bool
}

@PlistCodable
public struct AppComment: Codable, Equatable, Sendable {
    public var id: UUID
    public var author: UUID
    public var body: String
    public var created: Date
    public var edited: Date?
    public var reactions: [String: Int]
}

@PlistCodable
public enum AttachmentKind: String, Codable, Equatable, Sendable, CaseIterable {
    case image, document, archive, link
}

@PlistCodable
public struct AppAttachment: Codable, Equatable, Sendable {
    public var id: UUID
    public var name: String
    public var kind: AttachmentKind
    public var url: URL
    public var size: Int
    public var checksum: Data
    public var thumbnail: Data?
}

/// A custom field's value: an enum with a payload per case.
@PlistCodable
public enum FieldValue: Codable, Equatable, Sendable {
    case text(String)
    case number(Double)
    case flag(Bool)
    case date(Date)
    case link(URL)
}

// MARK: - Generator

extension AppState {
    /// The workload at `scale` (1 for `app-state`, 2 for `app-state-2x`): 150 users and four
    /// workspaces per unit of scale, nine projects per workspace, 100 tasks per project.
    public static func generate(scale: Int = 1) -> AppState {
        var g = AppStateGenerator(seed: 0x5EED_0006)
        return g.state(scale: scale)
    }

    /// The model values in the state: users, workspaces, projects, milestones, tasks,
    /// checklist items, comments and attachments, plus the state and its settings.
    public var objectCount: Int {
        var count = 2 + users.count + workspaces.count
        for workspace in workspaces {
            count += workspace.projects.count
            for project in workspace.projects {
                count += project.milestones.count + project.tasks.count
                for task in project.tasks {
                    count += task.checklist.count + task.comments.count + task.attachments.count
                }
            }
        }
        return count
    }

    /// The number of tasks.
    public var taskCount: Int {
        workspaces.reduce(0) { $0 + $1.projects.reduce(0) { $0 + $1.tasks.count } }
    }

    /// The model the workload's files hold (`app-state-2x`: scale 2), generated afresh: the
    /// same value the files were written from, made without either library under test.
    public static func model(for workload: Workload) -> AppState {
        generate(scale: workload == .appState2x ? 2 : 1)
    }
}

/// Builds the state from one SplitMix64 stream, so the same model comes out every time.
struct AppStateGenerator {
    var rng: SplitMix64

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    static let words = [
        "alpha", "beta", "release", "design", "review", "budget", "launch", "onboarding", "sync",
        "cache", "login", "search", "export", "import", "report", "mobile", "server", "billing",
        "invoice", "calendar", "widget", "theme", "settings", "profile", "upload", "download",
        "migration", "database", "network", "crash", "fix", "refactor", "docs", "tests", "metrics",
    ]
    static let firstNames = ["Ada", "Alan", "Grace", "Edsger", "Donald", "Barbara", "Niklaus", "John", "Frances", "Tony",
                             "Leslie", "Ken", "Dennis", "Margaret", "Robin", "Radia", "Butler", "Adele", "Jean", "Karen"]
    static let lastNames = ["Lovelace", "Turing", "Hopper", "Dijkstra", "Knuth", "Liskov", "Wirth", "McCarthy", "Allen",
                            "Hoare", "Lamport", "Thompson", "Ritchie", "Hamilton", "Milner", "Perlman", "Lampson", "Goldberg"]
    static let reactions = ["👍", "🎉", "❤️", "👀", "🚀", "ok", "+1"]
    static let fieldNames = ["customer", "sprint", "storyPoints", "billable", "reviewedOn", "spec", "component", "risk"]

    mutating func below(_ bound: Int) -> Int { rng.below(bound) }
    mutating func chance(_ percent: Int) -> Bool { rng.below(100) < percent }

    mutating func word() -> String { Self.words[below(Self.words.count)] }

    mutating func sentence(_ minWords: Int, _ maxWords: Int) -> String {
        let count = minWords + below(maxWords - minWords + 1)
        var text = word().capitalized
        for _ in 1..<count { text += " " + word() }
        return text + "."
    }

    mutating func uuid() -> UUID {
        var bytes = [UInt8](repeating: 0, count: 16)
        var a = rng.next(), b = rng.next()
        withUnsafeBytes(of: &a) { for i in 0..<8 { bytes[i] = $0[i] } }
        withUnsafeBytes(of: &b) { for i in 0..<8 { bytes[8 + i] = $0[i] } }
        bytes[6] = (bytes[6] & 0x0F) | 0x40 // version 4
        bytes[8] = (bytes[8] & 0x3F) | 0x80 // RFC 4122 variant
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }

    /// Whole seconds between 2020 and 2026: XML dates carry no fraction.
    mutating func date() -> Date {
        Date(timeIntervalSinceReferenceDate: Double(600_000_000 + below(200_000_000)))
    }

    mutating func data(_ count: Int) -> Data {
        Data((0..<count).map { _ in UInt8(truncatingIfNeeded: rng.next()) })
    }

    mutating func state(scale: Int) -> AppState {
        let users = (0..<150 * scale).map { user(index: $0) }
        let ids = users.map(\.id)
        let workspaces = (0..<4 * scale).map { workspace(index: $0, users: ids) }
        let settings = AppSettings(
            theme: .dark, fontSize: 13.5, syncInterval: 300, lastSync: date(),
            server: URL(string: "https://sync.example.com/api/v2/")!,
            featureFlags: Dictionary(uniqueKeysWithValues: Self.words.prefix(12).map { ($0 + "Enabled", chance(50)) })
        )
        return AppState(version: 7, savedAt: date(), currentUser: ids[0], lastError: nil,
                        settings: settings, users: users, workspaces: workspaces)
    }

    mutating func user(index: Int) -> AppUser {
        let first = Self.firstNames[below(Self.firstNames.count)]
        let last = Self.lastNames[below(Self.lastNames.count)]
        var preferences: [String: String] = [:]
        for key in ["locale", "timezone", "digest", "startPage"].prefix(1 + below(4)) {
            preferences[key] = word()
        }
        return AppUser(
            id: uuid(), name: "\(first) \(last)", email: "\(first.lowercased()).\(last.lowercased())\(index)@example.com",
            role: UserRole.allCases[below(UserRole.allCases.count)],
            avatar: chance(70) ? URL(string: "https://avatars.example.com/u/\(index).png")! : nil,
            joined: date(), lastSeen: chance(80) ? date() : nil, preferences: preferences
        )
    }

    mutating func workspace(index: Int, users: [UUID]) -> AppWorkspace {
        let id = uuid()
        let owner = users[below(users.count)]
        let members = (0..<(8 + below(17))).map { _ in users[below(users.count)] }
        let projects = (0..<9).map { project(index: $0, workspace: index, users: members + [owner]) }
        return AppWorkspace(id: id, name: "Workspace \(index) " + word(), owner: owner, created: date(),
                            members: members, projects: projects)
    }

    mutating func project(index: Int, workspace: Int, users: [UUID]) -> AppProject {
        let id = uuid()
        let name = word().capitalized + " " + word()
        var labels: [String: Int] = [:]
        for _ in 0..<(2 + below(5)) { labels[word()] = below(0x100_0000) }
        var milestones: [Int: AppMilestone] = [:]
        for number in 0..<(2 + below(5)) {
            milestones[number * 10 + 1] = AppMilestone(title: "M\(number + 1) " + word(), due: date(), done: chance(40))
        }
        let tasks = (0..<100).map { task(index: $0, users: users) }
        return AppProject(
            id: id, name: name, summary: chance(60) ? sentence(6, 14) : nil, created: date(),
            archived: chance(10),
            homepage: chance(50) ? URL(string: "https://example.com/w\(workspace)/p\(index)/" + word())! : nil,
            labels: labels, milestones: milestones, tasks: tasks
        )
    }

    mutating func task(index: Int, users: [UUID]) -> AppTask {
        let status: TaskStatus = switch below(4) {
        case 0: .todo
        case 1: .inProgress(progress: Double(below(100)) / 100)
        case 2: .blocked(reason: sentence(3, 8), since: date())
        default: .done(at: date(), by: users[below(users.count)])
        }
        var fields: [String: FieldValue] = [:]
        for _ in 0..<below(4) {
            let name = Self.fieldNames[below(Self.fieldNames.count)]
            fields[name] = switch below(5) {
            case 0: .text(word())
            case 1: .number(Double(below(1_000_000)) / 64)
            case 2: .flag(chance(50))
            case 3: .date(date())
            default: .link(URL(string: "https://tracker.example.com/issue/\(below(100_000))")!)
            }
        }
        // An estimate is never a whole number of hours: NSKeyedArchiver on Linux writes equal
        // NSNumbers once, so 1.0 would be archived as the `true` of an earlier Boolean, which
        // Foundation's decodeDouble(forKey:) then reads as 0 (KeyedUnarchiver reads 1).
        return AppTask(
            id: uuid(), title: sentence(2, 7), notes: chance(40) ? sentence(8, 30) : nil, status: status,
            priority: TaskPriority.allCases[below(TaskPriority.allCases.count)],
            assignee: chance(75) ? users[below(users.count)] : nil, reporter: users[below(users.count)],
            created: date(), due: chance(50) ? date() : nil, estimate: chance(50) ? Double(below(80)) / 4 + 0.125 : nil,
            tags: (0..<below(4)).map { _ in word() },
            checklist: (0..<below(4)).map { _ in AppChecklistItem(text: sentence(2, 5), done: chance(50)) },
            comments: (0..<below(5)).map { _ in comment(users: users) },
            attachments: (0..<below(3)).map { _ in attachment() },
            fields: fields
        )
    }

    mutating func comment(users: [UUID]) -> AppComment {
        var reactions: [String: Int] = [:]
        for _ in 0..<below(3) { reactions[Self.reactions[below(Self.reactions.count)]] = 1 + below(9) }
        return AppComment(id: uuid(), author: users[below(users.count)], body: sentence(4, 24), created: date(),
                          edited: chance(20) ? date() : nil, reactions: reactions)
    }

    mutating func attachment() -> AppAttachment {
        let kind = AttachmentKind.allCases[below(AttachmentKind.allCases.count)]
        let name = word() + "-" + String(below(1000)) + (kind == .image ? ".png" : kind == .archive ? ".zip" : ".pdf")
        return AppAttachment(
            id: uuid(), name: name, kind: kind, url: URL(string: "https://files.example.com/" + name)!,
            size: below(50_000_000), checksum: data(32), thumbnail: kind == .image ? data(96) : nil
        )
    }
}

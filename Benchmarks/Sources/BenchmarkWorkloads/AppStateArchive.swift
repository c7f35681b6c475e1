import Foundation
import KeyedArchive
import PlistKit

// The `app-state` model as object graphs for keyed archives, in two twins:
//
// - Foundation: `NSObject, NSCoding` classes, written by NSKeyedArchiver into
//   `app-state-archive.bplist` and read by NSKeyedUnarchiver;
// - PlistKit: `KeyedCodable` classes for what has identity (the state, users, workspaces,
//   projects, tasks, comments) and the model's own structs and enums made
//   `KeyedValueCodable` for plain values (settings, milestones, checklist items,
//   attachments, custom field values).
//
// Where the Codable model holds a user's id, the graphs hold the one shared user object
// (the current user, owners, members, assignees, reporters, comment authors), and every task
// refers back to its parent project (a cycle). Both twins write the same keys, as NSCoding
// code would: enums with raw values as their raw value; enums with associated values as a
// case name plus payload fields (`TaskStatus` inline in the task: `status`, `progress`,
// `blockedReason`, `blockedSince`, `doneAt`, `doneBy`; `FieldValue` as an object `kind` +
// `value`); optionals as `$null` when absent. `TaskStatus.done`'s user stays a UUID, as in
// the model. NSKeyedUnarchiver cannot hand a child the parent that is still being
// initialised, so `FoundationProject` sets its tasks' `project` after decoding them
// (PlistKit's two-phase decoding reads the `project` key itself).

private let zeroUUID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
private let zeroDate = Date(timeIntervalSinceReferenceDate: 0)
private let placeholderURL = URL(string: "about:blank")!

// MARK: - PlistKit (KeyedCodable)

/// The root object (PlistKit).
public final class ArchivedAppState: KeyedCodable {
    public static let archivedClassName = "AppState"
    public var version = 0
    public var savedAt = zeroDate
    public var currentUser: ArchivedUser?
    public var lastError: String?
    public var settings = AppSettings(theme: .system, fontSize: 0, syncInterval: 0, lastSync: nil, server: placeholderURL, featureFlags: [:])
    public var users: [ArchivedUser] = []
    public var workspaces: [ArchivedWorkspace] = []
    public init() {}

    public func encode(with archiver: KeyedArchiver) {
        archiver.encode(version, forKey: "version")
        archiver.encode(savedAt, forKey: "savedAt")
        archiver.encode(currentUser, forKey: "currentUser")
        archiver.encode(lastError, forKey: "lastError")
        archiver.encode(settings, forKey: "settings")
        archiver.encode(users, forKey: "users")
        archiver.encode(workspaces, forKey: "workspaces")
    }

    public func decode(from unarchiver: KeyedUnarchiver) throws {
        version = try unarchiver.decode(Int.self, forKey: "version")
        savedAt = try unarchiver.decode(Date.self, forKey: "savedAt")
        currentUser = try unarchiver.decodeIfPresent(ArchivedUser.self, forKey: "currentUser")
        lastError = try unarchiver.decodeIfPresent(String.self, forKey: "lastError")
        settings = try unarchiver.decode(AppSettings.self, forKey: "settings")
        users = try unarchiver.decode([ArchivedUser].self, forKey: "users")
        workspaces = try unarchiver.decode([ArchivedWorkspace].self, forKey: "workspaces")
    }
}

/// A user, shared by everything that refers to them (PlistKit).
public final class ArchivedUser: KeyedCodable {
    public static let archivedClassName = "User"
    public var id = zeroUUID
    public var name = "", email = ""
    public var role = UserRole.member
    public var avatar: URL?
    public var joined = zeroDate
    public var lastSeen: Date?
    public var preferences: [String: String] = [:]
    public init() {}

    public func encode(with archiver: KeyedArchiver) {
        archiver.encode(id, forKey: "id")
        archiver.encode(name, forKey: "name")
        archiver.encode(email, forKey: "email")
        archiver.encode(role.rawValue, forKey: "role")
        archiver.encode(avatar, forKey: "avatar")
        archiver.encode(joined, forKey: "joined")
        archiver.encode(lastSeen, forKey: "lastSeen")
        archiver.encode(preferences, forKey: "preferences")
    }

    public func decode(from unarchiver: KeyedUnarchiver) throws {
        id = try unarchiver.decode(UUID.self, forKey: "id")
        name = try unarchiver.decode(String.self, forKey: "name")
        email = try unarchiver.decode(String.self, forKey: "email")
        role = try rawEnum(UserRole.self, unarchiver.decode(String.self, forKey: "role"))
        avatar = try unarchiver.decodeIfPresent(URL.self, forKey: "avatar")
        joined = try unarchiver.decode(Date.self, forKey: "joined")
        lastSeen = try unarchiver.decodeIfPresent(Date.self, forKey: "lastSeen")
        preferences = try unarchiver.decode([String: String].self, forKey: "preferences")
    }
}

/// A workspace (PlistKit).
public final class ArchivedWorkspace: KeyedCodable {
    public static let archivedClassName = "Workspace"
    public var id = zeroUUID
    public var name = ""
    public var owner: ArchivedUser?
    public var created = zeroDate
    public var members: [ArchivedUser] = []
    public var projects: [ArchivedProject] = []
    public init() {}

    public func encode(with archiver: KeyedArchiver) {
        archiver.encode(id, forKey: "id")
        archiver.encode(name, forKey: "name")
        archiver.encode(owner, forKey: "owner")
        archiver.encode(created, forKey: "created")
        archiver.encode(members, forKey: "members")
        archiver.encode(projects, forKey: "projects")
    }

    public func decode(from unarchiver: KeyedUnarchiver) throws {
        id = try unarchiver.decode(UUID.self, forKey: "id")
        name = try unarchiver.decode(String.self, forKey: "name")
        owner = try unarchiver.decode(ArchivedUser.self, forKey: "owner")
        created = try unarchiver.decode(Date.self, forKey: "created")
        members = try unarchiver.decode([ArchivedUser].self, forKey: "members")
        projects = try unarchiver.decode([ArchivedProject].self, forKey: "projects")
    }
}

/// A project; its tasks refer back to it (PlistKit).
public final class ArchivedProject: KeyedCodable {
    public static let archivedClassName = "Project"
    public var id = zeroUUID
    public var name = ""
    public var summary: String?
    public var created = zeroDate
    public var archived = false
    public var homepage: URL?
    public var labels: [String: Int] = [:]
    public var milestones: [Int: AppMilestone] = [:]
    public var tasks: [ArchivedTask] = []
    public init() {}

    public func encode(with archiver: KeyedArchiver) {
        archiver.encode(id, forKey: "id")
        archiver.encode(name, forKey: "name")
        archiver.encode(summary, forKey: "summary")
        archiver.encode(created, forKey: "created")
        archiver.encode(archived, forKey: "archived")
        archiver.encode(homepage, forKey: "homepage")
        archiver.encode(labels, forKey: "labels")
        archiver.encode(milestones, forKey: "milestones")
        archiver.encode(tasks, forKey: "tasks")
    }

    public func decode(from unarchiver: KeyedUnarchiver) throws {
        id = try unarchiver.decode(UUID.self, forKey: "id")
        name = try unarchiver.decode(String.self, forKey: "name")
        summary = try unarchiver.decodeIfPresent(String.self, forKey: "summary")
        created = try unarchiver.decode(Date.self, forKey: "created")
        archived = try unarchiver.decode(Bool.self, forKey: "archived")
        homepage = try unarchiver.decodeIfPresent(URL.self, forKey: "homepage")
        labels = try unarchiver.decode([String: Int].self, forKey: "labels")
        milestones = try unarchiver.decode([Int: AppMilestone].self, forKey: "milestones")
        tasks = try unarchiver.decode([ArchivedTask].self, forKey: "tasks")
    }
}

/// A task (PlistKit): shared users, a back-reference to its project, its status inline.
public final class ArchivedTask: KeyedCodable {
    public static let archivedClassName = "Task"
    public var id = zeroUUID
    public var title = ""
    public var notes: String?
    public var status = TaskStatus.todo
    public var priority = TaskPriority.none
    public var assignee: ArchivedUser?
    public var reporter: ArchivedUser?
    public var created = zeroDate
    public var due: Date?
    public var estimate: Double?
    public var tags: [String] = []
    public var checklist: [AppChecklistItem] = []
    public var comments: [ArchivedComment] = []
    public var attachments: [AppAttachment] = []
    public var fields: [String: FieldValue] = [:]
    /// The project holding this task (weak: the project holds its tasks).
    public weak var project: ArchivedProject?
    public init() {}

    public func encode(with archiver: KeyedArchiver) {
        archiver.encode(id, forKey: "id")
        archiver.encode(title, forKey: "title")
        archiver.encode(notes, forKey: "notes")
        switch status {
        case .todo:
            archiver.encode("todo", forKey: "status")
        case .inProgress(let progress):
            archiver.encode("inProgress", forKey: "status")
            archiver.encode(progress, forKey: "progress")
        case .blocked(let reason, let since):
            archiver.encode("blocked", forKey: "status")
            archiver.encode(reason, forKey: "blockedReason")
            archiver.encode(since, forKey: "blockedSince")
        case .done(let at, let by):
            archiver.encode("done", forKey: "status")
            archiver.encode(at, forKey: "doneAt")
            archiver.encode(by, forKey: "doneBy")
        }
        archiver.encode(priority.rawValue, forKey: "priority")
        archiver.encode(assignee, forKey: "assignee")
        archiver.encode(reporter, forKey: "reporter")
        archiver.encode(created, forKey: "created")
        archiver.encode(due, forKey: "due")
        archiver.encode(estimate, forKey: "estimate")
        archiver.encode(tags, forKey: "tags")
        archiver.encode(checklist, forKey: "checklist")
        archiver.encode(comments, forKey: "comments")
        archiver.encode(attachments, forKey: "attachments")
        archiver.encode(fields, forKey: "fields")
        archiver.encode(project, forKey: "project")
    }

    public func decode(from unarchiver: KeyedUnarchiver) throws {
        id = try unarchiver.decode(UUID.self, forKey: "id")
        title = try unarchiver.decode(String.self, forKey: "title")
        notes = try unarchiver.decodeIfPresent(String.self, forKey: "notes")
        switch try unarchiver.decode(String.self, forKey: "status") {
        case "todo": status = .todo
        case "inProgress": status = .inProgress(progress: try unarchiver.decode(Double.self, forKey: "progress"))
        case "blocked":
            status = .blocked(reason: try unarchiver.decode(String.self, forKey: "blockedReason"),
                              since: try unarchiver.decode(Date.self, forKey: "blockedSince"))
        case "done":
            status = .done(at: try unarchiver.decode(Date.self, forKey: "doneAt"),
                           by: try unarchiver.decode(UUID.self, forKey: "doneBy"))
        case let other: throw AppStateArchive.Mismatch("unknown task status \(other)")
        }
        priority = try rawEnum(TaskPriority.self, unarchiver.decode(Int.self, forKey: "priority"))
        assignee = try unarchiver.decodeIfPresent(ArchivedUser.self, forKey: "assignee")
        reporter = try unarchiver.decode(ArchivedUser.self, forKey: "reporter")
        created = try unarchiver.decode(Date.self, forKey: "created")
        due = try unarchiver.decodeIfPresent(Date.self, forKey: "due")
        estimate = try unarchiver.decodeIfPresent(Double.self, forKey: "estimate")
        tags = try unarchiver.decode([String].self, forKey: "tags")
        checklist = try unarchiver.decode([AppChecklistItem].self, forKey: "checklist")
        comments = try unarchiver.decode([ArchivedComment].self, forKey: "comments")
        attachments = try unarchiver.decode([AppAttachment].self, forKey: "attachments")
        fields = try unarchiver.decode([String: FieldValue].self, forKey: "fields")
        project = try unarchiver.decodeIfPresent(ArchivedProject.self, forKey: "project")
    }
}

/// A comment (PlistKit).
public final class ArchivedComment: KeyedCodable {
    public static let archivedClassName = "Comment"
    public var id = zeroUUID
    public var author: ArchivedUser?
    public var body = ""
    public var created = zeroDate
    public var edited: Date?
    public var reactions: [String: Int] = [:]
    public init() {}

    public func encode(with archiver: KeyedArchiver) {
        archiver.encode(id, forKey: "id")
        archiver.encode(author, forKey: "author")
        archiver.encode(body, forKey: "body")
        archiver.encode(created, forKey: "created")
        archiver.encode(edited, forKey: "edited")
        archiver.encode(reactions, forKey: "reactions")
    }

    public func decode(from unarchiver: KeyedUnarchiver) throws {
        id = try unarchiver.decode(UUID.self, forKey: "id")
        author = try unarchiver.decode(ArchivedUser.self, forKey: "author")
        body = try unarchiver.decode(String.self, forKey: "body")
        created = try unarchiver.decode(Date.self, forKey: "created")
        edited = try unarchiver.decodeIfPresent(Date.self, forKey: "edited")
        reactions = try unarchiver.decode([String: Int].self, forKey: "reactions")
    }
}

extension AppSettings: KeyedValueCodable {
    public static let archivedClassName = "Settings"

    public func encode(with archiver: KeyedArchiver) {
        archiver.encode(theme.rawValue, forKey: "theme")
        archiver.encode(fontSize, forKey: "fontSize")
        archiver.encode(syncInterval, forKey: "syncInterval")
        archiver.encode(lastSync, forKey: "lastSync")
        archiver.encode(server, forKey: "server")
        archiver.encode(featureFlags, forKey: "featureFlags")
    }

    public init(from unarchiver: KeyedUnarchiver) throws {
        self.init(
            theme: try rawEnum(Theme.self, unarchiver.decode(String.self, forKey: "theme")),
            fontSize: try unarchiver.decode(Double.self, forKey: "fontSize"),
            syncInterval: try unarchiver.decode(Int.self, forKey: "syncInterval"),
            lastSync: try unarchiver.decodeIfPresent(Date.self, forKey: "lastSync"),
            server: try unarchiver.decode(URL.self, forKey: "server"),
            featureFlags: try unarchiver.decode([String: Bool].self, forKey: "featureFlags")
        )
    }
}

extension AppMilestone: KeyedValueCodable {
    public static let archivedClassName = "Milestone"

    public func encode(with archiver: KeyedArchiver) {
        archiver.encode(title, forKey: "title")
        archiver.encode(due, forKey: "due")
        archiver.encode(done, forKey: "done")
    }

    public init(from unarchiver: KeyedUnarchiver) throws {
        self.init(title: try unarchiver.decode(String.self, forKey: "title"),
                  due: try unarchiver.decode(Date.self, forKey: "due"),
                  done: try unarchiver.decode(Bool.self, forKey: "done"))
    }
}

extension AppChecklistItem: KeyedValueCodable {
    public static let archivedClassName = "ChecklistItem"

    public func encode(with archiver: KeyedArchiver) {
        archiver.encode(text, forKey: "text")
        archiver.encode(done, forKey: "done")
    }

    public init(from unarchiver: KeyedUnarchiver) throws {
        self.init(text: try unarchiver.decode(String.self, forKey: "text"),
                  done: try unarchiver.decode(Bool.self, forKey: "done"))
    }
}

extension AppAttachment: KeyedValueCodable {
    public static let archivedClassName = "Attachment"

    public func encode(with archiver: KeyedArchiver) {
        archiver.encode(id, forKey: "id")
        archiver.encode(name, forKey: "name")
        archiver.encode(kind.rawValue, forKey: "kind")
        archiver.encode(url, forKey: "url")
        archiver.encode(size, forKey: "size")
        archiver.encode(checksum, forKey: "checksum")
        archiver.encode(thumbnail, forKey: "thumbnail")
    }

    public init(from unarchiver: KeyedUnarchiver) throws {
        self.init(
            id: try unarchiver.decode(UUID.self, forKey: "id"),
            name: try unarchiver.decode(String.self, forKey: "name"),
            kind: try rawEnum(AttachmentKind.self, unarchiver.decode(String.self, forKey: "kind")),
            url: try unarchiver.decode(URL.self, forKey: "url"),
            size: try unarchiver.decode(Int.self, forKey: "size"),
            checksum: try unarchiver.decode(Data.self, forKey: "checksum"),
            thumbnail: try unarchiver.decodeIfPresent(Data.self, forKey: "thumbnail")
        )
    }
}

extension FieldValue: KeyedValueCodable {
    public static let archivedClassName = "FieldValue"

    public func encode(with archiver: KeyedArchiver) {
        switch self {
        case .text(let text): archiver.encode("text", forKey: "kind"); archiver.encode(text, forKey: "value")
        case .number(let number): archiver.encode("number", forKey: "kind"); archiver.encode(number, forKey: "value")
        case .flag(let flag): archiver.encode("flag", forKey: "kind"); archiver.encode(flag, forKey: "value")
        case .date(let date): archiver.encode("date", forKey: "kind"); archiver.encode(date, forKey: "value")
        case .link(let url): archiver.encode("link", forKey: "kind"); archiver.encode(url, forKey: "value")
        }
    }

    public init(from unarchiver: KeyedUnarchiver) throws {
        switch try unarchiver.decode(String.self, forKey: "kind") {
        case "text": self = .text(try unarchiver.decode(String.self, forKey: "value"))
        case "number": self = .number(try unarchiver.decode(Double.self, forKey: "value"))
        case "flag": self = .flag(try unarchiver.decode(Bool.self, forKey: "value"))
        case "date": self = .date(try unarchiver.decode(Date.self, forKey: "value"))
        case "link": self = .link(try unarchiver.decode(URL.self, forKey: "value"))
        case let other: throw AppStateArchive.Mismatch("unknown field kind \(other)")
        }
    }
}

private func rawEnum<E: RawRepresentable>(_ type: E.Type, _ raw: E.RawValue) throws -> E {
    guard let value = E(rawValue: raw) else { throw AppStateArchive.Mismatch("\(raw) is not a \(E.self)") }
    return value
}

// MARK: - Foundation (NSCoding)

// NSKeyedArchiver on Linux writes equal NSNumbers once (true and 1, 1 and 1.0 are equal), so
// a dictionary of Int may hold a Boolean and one of Bool an integer: as NSCoding code must,
// the values are read as NSNumbers, not cast to `[String: Int]`.

/// A dictionary of NSNumbers as Swift numbers, or nil when it is something else.
private func numbers<T>(_ object: Any?, _ value: (NSNumber) -> T) -> [String: T]? {
    guard let dictionary = object as? NSDictionary else { return nil }
    var result: [String: T] = [:]
    for (key, number) in dictionary {
        guard let key = key as? String, let number = number as? NSNumber else { return nil }
        result[key] = value(number)
    }
    return result
}

/// The milestones dictionary (NSNumber keys), or nil when it is something else.
private func milestoneDictionary(_ object: Any?) -> [Int: FoundationMilestone]? {
    guard let dictionary = object as? NSDictionary else { return nil }
    var result: [Int: FoundationMilestone] = [:]
    for (key, milestone) in dictionary {
        guard let key = key as? NSNumber, let milestone = milestone as? FoundationMilestone else { return nil }
        result[key.intValue] = milestone
    }
    return result
}

/// The root object (NSCoding).
public final class FoundationAppState: NSObject, NSCoding {
    public var version = 0
    public var savedAt = zeroDate
    public var currentUser: FoundationUser?
    public var lastError: String?
    public var settings: FoundationSettings
    public var users: [FoundationUser] = []
    public var workspaces: [FoundationWorkspace] = []

    public init(settings: FoundationSettings) { self.settings = settings }

    public func encode(with coder: NSCoder) {
        coder.encode(version, forKey: "version")
        coder.encode(savedAt, forKey: "savedAt")
        coder.encode(currentUser, forKey: "currentUser")
        coder.encode(lastError, forKey: "lastError")
        coder.encode(settings, forKey: "settings")
        coder.encode(users as NSArray, forKey: "users")
        coder.encode(workspaces as NSArray, forKey: "workspaces")
    }

    public init?(coder: NSCoder) {
        guard let settings = coder.decodeObject(forKey: "settings") as? FoundationSettings,
              let savedAt = coder.decodeObject(forKey: "savedAt") as? Date,
              let users = coder.decodeObject(forKey: "users") as? [FoundationUser],
              let workspaces = coder.decodeObject(forKey: "workspaces") as? [FoundationWorkspace]
        else { return nil }
        version = coder.decodeInteger(forKey: "version")
        self.savedAt = savedAt
        currentUser = coder.decodeObject(forKey: "currentUser") as? FoundationUser
        lastError = coder.decodeObject(forKey: "lastError") as? String
        self.settings = settings
        self.users = users
        self.workspaces = workspaces
    }
}

/// A user, shared by everything that refers to them (NSCoding).
public final class FoundationUser: NSObject, NSCoding {
    public var id = zeroUUID
    public var name = "", email = ""
    public var role = UserRole.member
    public var avatar: URL?
    public var joined = zeroDate
    public var lastSeen: Date?
    public var preferences: [String: String] = [:]

    public override init() {}

    public func encode(with coder: NSCoder) {
        coder.encode(id, forKey: "id")
        coder.encode(name, forKey: "name")
        coder.encode(email, forKey: "email")
        coder.encode(role.rawValue, forKey: "role")
        coder.encode(avatar, forKey: "avatar")
        coder.encode(joined, forKey: "joined")
        coder.encode(lastSeen, forKey: "lastSeen")
        coder.encode(preferences as NSDictionary, forKey: "preferences")
    }

    public init?(coder: NSCoder) {
        guard let id = coder.decodeObject(forKey: "id") as? UUID,
              let role = (coder.decodeObject(forKey: "role") as? String).flatMap(UserRole.init(rawValue:)),
              let joined = coder.decodeObject(forKey: "joined") as? Date,
              let preferences = coder.decodeObject(forKey: "preferences") as? [String: String]
        else { return nil }
        self.id = id
        name = coder.decodeObject(forKey: "name") as? String ?? ""
        email = coder.decodeObject(forKey: "email") as? String ?? ""
        self.role = role
        avatar = coder.decodeObject(forKey: "avatar") as? URL
        self.joined = joined
        lastSeen = coder.decodeObject(forKey: "lastSeen") as? Date
        self.preferences = preferences
    }
}

/// A workspace (NSCoding).
public final class FoundationWorkspace: NSObject, NSCoding {
    public var id = zeroUUID
    public var name = ""
    public var owner: FoundationUser?
    public var created = zeroDate
    public var members: [FoundationUser] = []
    public var projects: [FoundationProject] = []

    public override init() {}

    public func encode(with coder: NSCoder) {
        coder.encode(id, forKey: "id")
        coder.encode(name, forKey: "name")
        coder.encode(owner, forKey: "owner")
        coder.encode(created, forKey: "created")
        coder.encode(members as NSArray, forKey: "members")
        coder.encode(projects as NSArray, forKey: "projects")
    }

    public init?(coder: NSCoder) {
        guard let id = coder.decodeObject(forKey: "id") as? UUID,
              let owner = coder.decodeObject(forKey: "owner") as? FoundationUser,
              let created = coder.decodeObject(forKey: "created") as? Date,
              let members = coder.decodeObject(forKey: "members") as? [FoundationUser],
              let projects = coder.decodeObject(forKey: "projects") as? [FoundationProject]
        else { return nil }
        self.id = id
        name = coder.decodeObject(forKey: "name") as? String ?? ""
        self.owner = owner
        self.created = created
        self.members = members
        self.projects = projects
    }
}

/// A project; its tasks refer back to it (NSCoding).
public final class FoundationProject: NSObject, NSCoding {
    public var id = zeroUUID
    public var name = ""
    public var summary: String?
    public var created = zeroDate
    public var archived = false
    public var homepage: URL?
    public var labels: [String: Int] = [:]
    public var milestones: [Int: FoundationMilestone] = [:]
    public var tasks: [FoundationTask] = []

    public override init() {}

    public func encode(with coder: NSCoder) {
        coder.encode(id, forKey: "id")
        coder.encode(name, forKey: "name")
        coder.encode(summary, forKey: "summary")
        coder.encode(created, forKey: "created")
        coder.encode(archived, forKey: "archived")
        coder.encode(homepage, forKey: "homepage")
        coder.encode(labels as NSDictionary, forKey: "labels")
        coder.encode(milestones as NSDictionary, forKey: "milestones")
        coder.encode(tasks as NSArray, forKey: "tasks")
    }

    public init?(coder: NSCoder) {
        guard let id = coder.decodeObject(forKey: "id") as? UUID,
              let created = coder.decodeObject(forKey: "created") as? Date,
              let labels = numbers(coder.decodeObject(forKey: "labels"), \.intValue),
              let milestones = milestoneDictionary(coder.decodeObject(forKey: "milestones")),
              let tasks = coder.decodeObject(forKey: "tasks") as? [FoundationTask]
        else { return nil }
        self.id = id
        name = coder.decodeObject(forKey: "name") as? String ?? ""
        summary = coder.decodeObject(forKey: "summary") as? String
        self.created = created
        archived = coder.decodeBool(forKey: "archived")
        homepage = coder.decodeObject(forKey: "homepage") as? URL
        self.labels = labels
        self.milestones = milestones
        self.tasks = tasks
        super.init()
        // The tasks' `project` key names this object, which does not exist until now.
        for task in tasks { task.project = self }
    }
}

/// A task (NSCoding): shared users, a back-reference to its project, its status inline.
public final class FoundationTask: NSObject, NSCoding {
    public var id = zeroUUID
    public var title = ""
    public var notes: String?
    public var status = TaskStatus.todo
    public var priority = TaskPriority.none
    public var assignee: FoundationUser?
    public var reporter: FoundationUser?
    public var created = zeroDate
    public var due: Date?
    public var estimate: Double?
    public var tags: [String] = []
    public var checklist: [FoundationChecklistItem] = []
    public var comments: [FoundationComment] = []
    public var attachments: [FoundationAttachment] = []
    public var fields: [String: FoundationFieldValue] = [:]
    /// The project holding this task (weak: the project holds its tasks).
    public weak var project: FoundationProject?

    public override init() {}

    public func encode(with coder: NSCoder) {
        coder.encode(id, forKey: "id")
        coder.encode(title, forKey: "title")
        coder.encode(notes, forKey: "notes")
        switch status {
        case .todo:
            coder.encode("todo", forKey: "status")
        case .inProgress(let progress):
            coder.encode("inProgress", forKey: "status")
            coder.encode(progress, forKey: "progress")
        case .blocked(let reason, let since):
            coder.encode("blocked", forKey: "status")
            coder.encode(reason, forKey: "blockedReason")
            coder.encode(since, forKey: "blockedSince")
        case .done(let at, let by):
            coder.encode("done", forKey: "status")
            coder.encode(at, forKey: "doneAt")
            coder.encode(by, forKey: "doneBy")
        }
        coder.encode(priority.rawValue, forKey: "priority")
        coder.encode(assignee, forKey: "assignee")
        coder.encode(reporter, forKey: "reporter")
        coder.encode(created, forKey: "created")
        coder.encode(due, forKey: "due")
        coder.encode(estimate.map { NSNumber(value: $0) }, forKey: "estimate")
        coder.encode(tags as NSArray, forKey: "tags")
        coder.encode(checklist as NSArray, forKey: "checklist")
        coder.encode(comments as NSArray, forKey: "comments")
        coder.encode(attachments as NSArray, forKey: "attachments")
        coder.encode(fields as NSDictionary, forKey: "fields")
        coder.encode(project, forKey: "project")
    }

    public init?(coder: NSCoder) {
        guard let id = coder.decodeObject(forKey: "id") as? UUID,
              let priority = TaskPriority(rawValue: coder.decodeInteger(forKey: "priority")),
              let reporter = coder.decodeObject(forKey: "reporter") as? FoundationUser,
              let created = coder.decodeObject(forKey: "created") as? Date,
              let tags = coder.decodeObject(forKey: "tags") as? [String],
              let checklist = coder.decodeObject(forKey: "checklist") as? [FoundationChecklistItem],
              let comments = coder.decodeObject(forKey: "comments") as? [FoundationComment],
              let attachments = coder.decodeObject(forKey: "attachments") as? [FoundationAttachment],
              let fields = coder.decodeObject(forKey: "fields") as? [String: FoundationFieldValue]
        else { return nil }
        switch coder.decodeObject(forKey: "status") as? String {
        case "todo": status = .todo
        case "inProgress": status = .inProgress(progress: coder.decodeDouble(forKey: "progress"))
        case "blocked":
            guard let reason = coder.decodeObject(forKey: "blockedReason") as? String,
                  let since = coder.decodeObject(forKey: "blockedSince") as? Date else { return nil }
            status = .blocked(reason: reason, since: since)
        case "done":
            guard let at = coder.decodeObject(forKey: "doneAt") as? Date,
                  let by = coder.decodeObject(forKey: "doneBy") as? UUID else { return nil }
            status = .done(at: at, by: by)
        default: return nil
        }
        self.id = id
        title = coder.decodeObject(forKey: "title") as? String ?? ""
        notes = coder.decodeObject(forKey: "notes") as? String
        self.priority = priority
        assignee = coder.decodeObject(forKey: "assignee") as? FoundationUser
        self.reporter = reporter
        self.created = created
        due = coder.decodeObject(forKey: "due") as? Date
        estimate = (coder.decodeObject(forKey: "estimate") as? NSNumber)?.doubleValue
        self.tags = tags
        self.checklist = checklist
        self.comments = comments
        self.attachments = attachments
        self.fields = fields
        // `project` is set by the project once it exists (see FoundationProject.init(coder:)).
    }
}

/// A comment (NSCoding).
public final class FoundationComment: NSObject, NSCoding {
    public var id = zeroUUID
    public var author: FoundationUser?
    public var body = ""
    public var created = zeroDate
    public var edited: Date?
    public var reactions: [String: Int] = [:]

    public override init() {}

    public func encode(with coder: NSCoder) {
        coder.encode(id, forKey: "id")
        coder.encode(author, forKey: "author")
        coder.encode(body, forKey: "body")
        coder.encode(created, forKey: "created")
        coder.encode(edited, forKey: "edited")
        coder.encode(reactions as NSDictionary, forKey: "reactions")
    }

    public init?(coder: NSCoder) {
        guard let id = coder.decodeObject(forKey: "id") as? UUID,
              let author = coder.decodeObject(forKey: "author") as? FoundationUser,
              let created = coder.decodeObject(forKey: "created") as? Date,
              let reactions = numbers(coder.decodeObject(forKey: "reactions"), \.intValue)
        else { return nil }
        self.id = id
        self.author = author
        body = coder.decodeObject(forKey: "body") as? String ?? ""
        self.created = created
        edited = coder.decodeObject(forKey: "edited") as? Date
        self.reactions = reactions
    }
}

/// The settings (NSCoding; a value in the model).
public final class FoundationSettings: NSObject, NSCoding {
    public var value: AppSettings
    public init(_ value: AppSettings) { self.value = value }

    public func encode(with coder: NSCoder) {
        coder.encode(value.theme.rawValue, forKey: "theme")
        coder.encode(value.fontSize, forKey: "fontSize")
        coder.encode(value.syncInterval, forKey: "syncInterval")
        coder.encode(value.lastSync, forKey: "lastSync")
        coder.encode(value.server, forKey: "server")
        coder.encode(value.featureFlags as NSDictionary, forKey: "featureFlags")
    }

    public init?(coder: NSCoder) {
        guard let theme = (coder.decodeObject(forKey: "theme") as? String).flatMap(Theme.init(rawValue:)),
              let server = coder.decodeObject(forKey: "server") as? URL,
              let flags = numbers(coder.decodeObject(forKey: "featureFlags"), \.boolValue)
        else { return nil }
        value = AppSettings(theme: theme, fontSize: coder.decodeDouble(forKey: "fontSize"),
                            syncInterval: coder.decodeInteger(forKey: "syncInterval"),
                            lastSync: coder.decodeObject(forKey: "lastSync") as? Date, server: server, featureFlags: flags)
    }
}

/// A milestone (NSCoding; a value in the model).
public final class FoundationMilestone: NSObject, NSCoding {
    public var value: AppMilestone
    public init(_ value: AppMilestone) { self.value = value }

    public func encode(with coder: NSCoder) {
        coder.encode(value.title, forKey: "title")
        coder.encode(value.due, forKey: "due")
        coder.encode(value.done, forKey: "done")
    }

    public init?(coder: NSCoder) {
        guard let title = coder.decodeObject(forKey: "title") as? String,
              let due = coder.decodeObject(forKey: "due") as? Date else { return nil }
        value = AppMilestone(title: title, due: due, done: coder.decodeBool(forKey: "done"))
    }
}

/// A checklist item (NSCoding; a value in the model).
public final class FoundationChecklistItem: NSObject, NSCoding {
    public var value: AppChecklistItem
    public init(_ value: AppChecklistItem) { self.value = value }

    public func encode(with coder: NSCoder) {
        coder.encode(value.text, forKey: "text")
        coder.encode(value.done, forKey: "done")
    }

    public init?(coder: NSCoder) {
        guard let text = coder.decodeObject(forKey: "text") as? String else { return nil }
        value = AppChecklistItem(text: text, done: coder.decodeBool(forKey: "done"))
    }
}

/// An attachment (NSCoding; a value in the model).
public final class FoundationAttachment: NSObject, NSCoding {
    public var value: AppAttachment
    public init(_ value: AppAttachment) { self.value = value }

    public func encode(with coder: NSCoder) {
        coder.encode(value.id, forKey: "id")
        coder.encode(value.name, forKey: "name")
        coder.encode(value.kind.rawValue, forKey: "kind")
        coder.encode(value.url, forKey: "url")
        coder.encode(value.size, forKey: "size")
        coder.encode(value.checksum, forKey: "checksum")
        coder.encode(value.thumbnail, forKey: "thumbnail")
    }

    public init?(coder: NSCoder) {
        guard let id = coder.decodeObject(forKey: "id") as? UUID,
              let name = coder.decodeObject(forKey: "name") as? String,
              let kind = (coder.decodeObject(forKey: "kind") as? String).flatMap(AttachmentKind.init(rawValue:)),
              let url = coder.decodeObject(forKey: "url") as? URL,
              let checksum = coder.decodeObject(forKey: "checksum") as? Data
        else { return nil }
        value = AppAttachment(id: id, name: name, kind: kind, url: url, size: coder.decodeInteger(forKey: "size"),
                              checksum: checksum, thumbnail: coder.decodeObject(forKey: "thumbnail") as? Data)
    }
}

/// A custom field's value (NSCoding; an enum with associated values in the model): `kind`
/// names the case, `value` holds its payload.
public final class FoundationFieldValue: NSObject, NSCoding {
    public var value: FieldValue
    public init(_ value: FieldValue) { self.value = value }

    public func encode(with coder: NSCoder) {
        switch value {
        case .text(let text): coder.encode("text", forKey: "kind"); coder.encode(text, forKey: "value")
        case .number(let number): coder.encode("number", forKey: "kind"); coder.encode(number, forKey: "value")
        case .flag(let flag): coder.encode("flag", forKey: "kind"); coder.encode(flag, forKey: "value")
        case .date(let date): coder.encode("date", forKey: "kind"); coder.encode(date, forKey: "value")
        case .link(let url): coder.encode("link", forKey: "kind"); coder.encode(url, forKey: "value")
        }
    }

    public init?(coder: NSCoder) {
        switch coder.decodeObject(forKey: "kind") as? String {
        case "text":
            guard let text = coder.decodeObject(forKey: "value") as? String else { return nil }
            value = .text(text)
        case "number": value = .number(coder.decodeDouble(forKey: "value"))
        case "flag": value = .flag(coder.decodeBool(forKey: "value"))
        case "date":
            guard let date = coder.decodeObject(forKey: "value") as? Date else { return nil }
            value = .date(date)
        case "link":
            guard let url = coder.decodeObject(forKey: "value") as? URL else { return nil }
            value = .link(url)
        default: return nil
        }
    }
}

// MARK: - Graphs, names, archiving

/// The `app-state` keyed-archive workload: class names, graphs built from the Codable model
/// (and back), and archiving and unarchiving with both libraries.
public enum AppStateArchive {
    /// A graph that does not match what the model says.
    public struct Mismatch: Error, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// The Foundation class names in an NSKeyedArchiver file (module-qualified on Linux),
    /// mapped to PlistKit's classes.
    public static let classNames: [String: any KeyedCodable.Type] = [
        NSStringFromClass(FoundationAppState.self): ArchivedAppState.self,
        NSStringFromClass(FoundationUser.self): ArchivedUser.self,
        NSStringFromClass(FoundationWorkspace.self): ArchivedWorkspace.self,
        NSStringFromClass(FoundationProject.self): ArchivedProject.self,
        NSStringFromClass(FoundationTask.self): ArchivedTask.self,
        NSStringFromClass(FoundationComment.self): ArchivedComment.self,
    ]

    /// The Foundation classes that stand for the model's value types, mapped to them.
    public static let valueTypeNames: [String: any KeyedValueCodable.Type] = [
        NSStringFromClass(FoundationSettings.self): AppSettings.self,
        NSStringFromClass(FoundationMilestone.self): AppMilestone.self,
        NSStringFromClass(FoundationChecklistItem.self): AppChecklistItem.self,
        NSStringFromClass(FoundationAttachment.self): AppAttachment.self,
        NSStringFromClass(FoundationFieldValue.self): FieldValue.self,
    ]

    /// PlistKit's class names (as KeyedArchiver writes them), mapped to Foundation's classes,
    /// so that NSKeyedUnarchiver can read PlistKit's archives.
    public static let foundationClasses: [String: AnyClass] = [
        ArchivedAppState.archivedClassName: FoundationAppState.self,
        ArchivedUser.archivedClassName: FoundationUser.self,
        ArchivedWorkspace.archivedClassName: FoundationWorkspace.self,
        ArchivedProject.archivedClassName: FoundationProject.self,
        ArchivedTask.archivedClassName: FoundationTask.self,
        ArchivedComment.archivedClassName: FoundationComment.self,
        AppSettings.archivedClassName: FoundationSettings.self,
        AppMilestone.archivedClassName: FoundationMilestone.self,
        AppChecklistItem.archivedClassName: FoundationChecklistItem.self,
        AppAttachment.archivedClassName: FoundationAttachment.self,
        FieldValue.archivedClassName: FoundationFieldValue.self,
    ]

    // MARK: Archiving

    /// Archives with Foundation's NSKeyedArchiver (binary).
    public static func foundationArchive(_ state: FoundationAppState) -> Data {
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        archiver.encode(state, forKey: NSKeyedArchiveRootObjectKey)
        archiver.finishEncoding()
        return archiver.encodedData
    }

    /// Unarchives with Foundation's NSKeyedUnarchiver (either library's archive).
    public static func foundationUnarchive(_ data: Data) throws -> FoundationAppState {
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
        unarchiver.requiresSecureCoding = false
        foundationClasses.forEach { unarchiver.setClass($0.value, forClassName: $0.key) }
        let root = unarchiver.decodeObject(forKey: NSKeyedArchiveRootObjectKey)
        unarchiver.finishDecoding()
        guard let state = root as? FoundationAppState else { throw CocoaError(.coderReadCorrupt) }
        return state
    }

    /// Archives with PlistKit's KeyedArchiver, binary or XML.
    public static func plistKitArchive(_ state: ArchivedAppState, format: PlistFormat = .binary) throws -> Data {
        try KeyedArchiver.archivedData(withRootObject: state, format: format)
    }

    /// Unarchives with PlistKit's KeyedUnarchiver (either library's archive, binary or XML).
    public static func plistKitUnarchive(_ data: Data) throws -> ArchivedAppState {
        let unarchiver = try KeyedUnarchiver(forReadingFrom: data)
        for (name, type) in classNames { unarchiver.setClass(type, forClassName: name) }
        for (name, type) in valueTypeNames { unarchiver.setValueType(type, forClassName: name) }
        return try unarchiver.decode(ArchivedAppState.self, forKey: KeyedArchiver.rootKey)
    }

    // MARK: Model → graphs

    /// The model as PlistKit objects: one user object per user, shared by every reference.
    public static func plistKitGraph(_ state: AppState) -> ArchivedAppState {
        var users: [UUID: ArchivedUser] = [:]
        let root = ArchivedAppState()
        root.users = state.users.map { model in
            let user = ArchivedUser()
            user.id = model.id; user.name = model.name; user.email = model.email; user.role = model.role
            user.avatar = model.avatar; user.joined = model.joined; user.lastSeen = model.lastSeen
            user.preferences = model.preferences
            users[model.id] = user
            return user
        }
        root.version = state.version; root.savedAt = state.savedAt
        root.currentUser = state.currentUser.flatMap { users[$0] }
        root.lastError = state.lastError; root.settings = state.settings
        root.workspaces = state.workspaces.map { model in
            let workspace = ArchivedWorkspace()
            workspace.id = model.id; workspace.name = model.name; workspace.owner = users[model.owner]
            workspace.created = model.created; workspace.members = model.members.map { users[$0]! }
            workspace.projects = model.projects.map { model in
                let project = ArchivedProject()
                project.id = model.id; project.name = model.name; project.summary = model.summary
                project.created = model.created; project.archived = model.archived; project.homepage = model.homepage
                project.labels = model.labels; project.milestones = model.milestones
                project.tasks = model.tasks.map { model in
                    let task = ArchivedTask()
                    task.id = model.id; task.title = model.title; task.notes = model.notes; task.status = model.status
                    task.priority = model.priority; task.assignee = model.assignee.flatMap { users[$0] }
                    task.reporter = users[model.reporter]; task.created = model.created; task.due = model.due
                    task.estimate = model.estimate; task.tags = model.tags; task.checklist = model.checklist
                    task.comments = model.comments.map { model in
                        let comment = ArchivedComment()
                        comment.id = model.id; comment.author = users[model.author]; comment.body = model.body
                        comment.created = model.created; comment.edited = model.edited; comment.reactions = model.reactions
                        return comment
                    }
                    task.attachments = model.attachments; task.fields = model.fields
                    task.project = project
                    return task
                }
                return project
            }
            return workspace
        }
        return root
    }

    /// The model as Foundation objects: one user object per user, shared by every reference.
    public static func foundationGraph(_ state: AppState) -> FoundationAppState {
        var users: [UUID: FoundationUser] = [:]
        let root = FoundationAppState(settings: FoundationSettings(state.settings))
        root.users = state.users.map { model in
            let user = FoundationUser()
            user.id = model.id; user.name = model.name; user.email = model.email; user.role = model.role
            user.avatar = model.avatar; user.joined = model.joined; user.lastSeen = model.lastSeen
            user.preferences = model.preferences
            users[model.id] = user
            return user
        }
        root.version = state.version; root.savedAt = state.savedAt
        root.currentUser = state.currentUser.flatMap { users[$0] }
        root.lastError = state.lastError
        root.workspaces = state.workspaces.map { model in
            let workspace = FoundationWorkspace()
            workspace.id = model.id; workspace.name = model.name; workspace.owner = users[model.owner]
            workspace.created = model.created; workspace.members = model.members.map { users[$0]! }
            workspace.projects = model.projects.map { model in
                let project = FoundationProject()
                project.id = model.id; project.name = model.name; project.summary = model.summary
                project.created = model.created; project.archived = model.archived; project.homepage = model.homepage
                project.labels = model.labels; project.milestones = model.milestones.mapValues(FoundationMilestone.init)
                project.tasks = model.tasks.map { model in
                    let task = FoundationTask()
                    task.id = model.id; task.title = model.title; task.notes = model.notes; task.status = model.status
                    task.priority = model.priority; task.assignee = model.assignee.flatMap { users[$0] }
                    task.reporter = users[model.reporter]; task.created = model.created; task.due = model.due
                    task.estimate = model.estimate; task.tags = model.tags
                    task.checklist = model.checklist.map(FoundationChecklistItem.init)
                    task.comments = model.comments.map { model in
                        let comment = FoundationComment()
                        comment.id = model.id; comment.author = users[model.author]; comment.body = model.body
                        comment.created = model.created; comment.edited = model.edited; comment.reactions = model.reactions
                        return comment
                    }
                    task.attachments = model.attachments.map(FoundationAttachment.init)
                    task.fields = model.fields.mapValues(FoundationFieldValue.init)
                    task.project = project
                    return task
                }
                return project
            }
            return workspace
        }
        return root
    }

    // MARK: Graphs → model, with the sharing checked

    /// The model a PlistKit graph holds. Throws when a reference is not the shared object it
    /// should be: a user that is not the one object in `users` with its id, a task whose
    /// `project` is not the project holding it.
    public static func model(_ root: ArchivedAppState) throws -> AppState {
        var users: [UUID: ArchivedUser] = [:]
        for user in root.users { users[user.id] = user }
        func id(_ user: ArchivedUser?, _ what: @autoclosure () -> String) throws -> UUID {
            guard let user, let shared = users[user.id], shared === user else {
                throw Mismatch("\(what()) is not one of the state's user objects")
            }
            return user.id
        }
        let state = AppState(
            version: root.version, savedAt: root.savedAt,
            currentUser: try root.currentUser.map { try id($0, "the current user") },
            lastError: root.lastError, settings: root.settings,
            users: root.users.map {
                AppUser(id: $0.id, name: $0.name, email: $0.email, role: $0.role, avatar: $0.avatar,
                        joined: $0.joined, lastSeen: $0.lastSeen, preferences: $0.preferences)
            },
            workspaces: try root.workspaces.map { workspace in
                AppWorkspace(
                    id: workspace.id, name: workspace.name, owner: try id(workspace.owner, "an owner"),
                    created: workspace.created, members: try workspace.members.map { try id($0, "a member") },
                    projects: try workspace.projects.map { project in
                        AppProject(
                            id: project.id, name: project.name, summary: project.summary, created: project.created,
                            archived: project.archived, homepage: project.homepage, labels: project.labels,
                            milestones: project.milestones,
                            tasks: try project.tasks.map { task in
                                guard task.project === project else {
                                    throw Mismatch("task \(task.id)'s project is not the project holding it")
                                }
                                return AppTask(
                                    id: task.id, title: task.title, notes: task.notes, status: task.status,
                                    priority: task.priority, assignee: try task.assignee.map { try id($0, "an assignee") },
                                    reporter: try id(task.reporter, "a reporter"), created: task.created, due: task.due,
                                    estimate: task.estimate, tags: task.tags, checklist: task.checklist,
                                    comments: try task.comments.map { comment in
                                        AppComment(id: comment.id, author: try id(comment.author, "a comment's author"),
                                                   body: comment.body, created: comment.created, edited: comment.edited,
                                                   reactions: comment.reactions)
                                    },
                                    attachments: task.attachments, fields: task.fields
                                )
                            }
                        )
                    }
                )
            }
        )
        return state
    }

    /// The model a Foundation graph holds, with the same checks as ``model(_:)-(ArchivedAppState)``.
    public static func model(_ root: FoundationAppState) throws -> AppState {
        var users: [UUID: FoundationUser] = [:]
        for user in root.users { users[user.id] = user }
        func id(_ user: FoundationUser?, _ what: @autoclosure () -> String) throws -> UUID {
            guard let user, let shared = users[user.id], shared === user else {
                throw Mismatch("\(what()) is not one of the state's user objects")
            }
            return user.id
        }
        return AppState(
            version: root.version, savedAt: root.savedAt,
            currentUser: try root.currentUser.map { try id($0, "the current user") },
            lastError: root.lastError, settings: root.settings.value,
            users: root.users.map {
                AppUser(id: $0.id, name: $0.name, email: $0.email, role: $0.role, avatar: $0.avatar,
                        joined: $0.joined, lastSeen: $0.lastSeen, preferences: $0.preferences)
            },
            workspaces: try root.workspaces.map { workspace in
                AppWorkspace(
                    id: workspace.id, name: workspace.name, owner: try id(workspace.owner, "an owner"),
                    created: workspace.created, members: try workspace.members.map { try id($0, "a member") },
                    projects: try workspace.projects.map { project in
                        AppProject(
                            id: project.id, name: project.name, summary: project.summary, created: project.created,
                            archived: project.archived, homepage: project.homepage, labels: project.labels,
                            milestones: project.milestones.mapValues(\.value),
                            tasks: try project.tasks.map { task in
                                guard task.project === project else {
                                    throw Mismatch("task \(task.id)'s project is not the project holding it")
                                }
                                return AppTask(
                                    id: task.id, title: task.title, notes: task.notes, status: task.status,
                                    priority: task.priority, assignee: try task.assignee.map { try id($0, "an assignee") },
                                    reporter: try id(task.reporter, "a reporter"), created: task.created, due: task.due,
                                    estimate: task.estimate, tags: task.tags, checklist: task.checklist.map(\.value),
                                    comments: try task.comments.map { comment in
                                        AppComment(id: comment.id, author: try id(comment.author, "a comment's author"),
                                                   body: comment.body, created: comment.created, edited: comment.edited,
                                                   reactions: comment.reactions)
                                    },
                                    attachments: task.attachments.map(\.value), fields: task.fields.mapValues(\.value)
                                )
                            }
                        )
                    }
                )
            }
        )
    }

    /// The distinct objects in a PlistKit graph, by class name (users, workspaces, projects,
    /// tasks, comments and the state), counted by identity.
    public static func objectCounts(_ root: ArchivedAppState) -> [String: Int] {
        var seen = Set<ObjectIdentifier>()
        var counts: [String: Int] = [:]
        func visit(_ object: AnyObject?, _ name: String) {
            guard let object, seen.insert(ObjectIdentifier(object)).inserted else { return }
            counts[name, default: 0] += 1
        }
        visit(root, "AppState")
        visit(root.currentUser, "User")
        root.users.forEach { visit($0, "User") }
        for workspace in root.workspaces {
            visit(workspace, "Workspace"); visit(workspace.owner, "User")
            workspace.members.forEach { visit($0, "User") }
            for project in workspace.projects {
                visit(project, "Project")
                for task in project.tasks {
                    visit(task, "Task"); visit(task.assignee, "User"); visit(task.reporter, "User"); visit(task.project, "Project")
                    for comment in task.comments { visit(comment, "Comment"); visit(comment.author, "User") }
                }
            }
        }
        return counts
    }
}

import BenchmarkWorkloads
import Foundation
import KeyedArchive

// The `app-state` keyed-archive twin (Benchmarks' `ArchivedAppState` and its value types) as
// `@Archivable` classes and structs. The enums keep their hand-written encodings: the raw
// values through `KeyedRawValueArchivable`, `TaskStatus` inline in its task (`status` and
// the payload's keys) through `KeyedInlineCodable`, `FieldValue` as the object Benchmarks'
// `KeyedValueCodable` conformance writes.

private let zeroUUID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
private let zeroDate = Date(timeIntervalSinceReferenceDate: 0)
private let placeholderURL = URL(string: "about:blank")!

extension Theme: @retroactive KeyedRawValueArchivable {}
extension UserRole: @retroactive KeyedRawValueArchivable {}
extension TaskPriority: @retroactive KeyedRawValueArchivable {}
extension AttachmentKind: @retroactive KeyedRawValueArchivable {}

/// The status as `ArchivedTask` writes it: the case name, then its payload under keys of
/// the task.
extension TaskStatus: @retroactive KeyedInlineCodable {
    public func encode(with archiver: KeyedArchiver, forKey key: String) {
        switch self {
        case .todo:
            archiver.encode("todo", forKey: key)
        case .inProgress(let progress):
            archiver.encode("inProgress", forKey: key)
            archiver.encode(progress, forKey: "progress")
        case .blocked(let reason, let since):
            archiver.encode("blocked", forKey: key)
            archiver.encode(reason, forKey: "blockedReason")
            archiver.encode(since, forKey: "blockedSince")
        case .done(let at, let by):
            archiver.encode("done", forKey: key)
            archiver.encode(at, forKey: "doneAt")
            archiver.encode(by, forKey: "doneBy")
        }
    }

    public init(from unarchiver: KeyedUnarchiver, forKey key: String) throws {
        switch try unarchiver.decode(String.self, forKey: key) {
        case "todo": self = .todo
        case "inProgress": self = .inProgress(progress: try unarchiver.decode(Double.self, forKey: "progress"))
        case "blocked":
            self = .blocked(reason: try unarchiver.decode(String.self, forKey: "blockedReason"),
                            since: try unarchiver.decode(Date.self, forKey: "blockedSince"))
        case "done":
            self = .done(at: try unarchiver.decode(Date.self, forKey: "doneAt"),
                         by: try unarchiver.decode(UUID.self, forKey: "doneBy"))
        case let other: throw AppStateArchive.Mismatch("unknown task status \(other)")
        }
    }
}

@Archivable(className: "AppState")
final class MacroAppState {
    var version = 0
    var savedAt = zeroDate
    var currentUser: MacroUser?
    var lastError: String?
    var settings = MacroSettings(theme: .system, fontSize: 0, syncInterval: 0, lastSync: nil, server: placeholderURL, featureFlags: [:])
    var users: [MacroUser] = []
    var workspaces: [MacroWorkspace] = []
}

@Archivable(className: "User")
final class MacroUser {
    var id = zeroUUID
    var name = "", email = ""
    var role = UserRole.member
    var avatar: URL?
    var joined = zeroDate
    var lastSeen: Date?
    var preferences: [String: String] = [:]
}

@Archivable(className: "Workspace")
final class MacroWorkspace {
    var id = zeroUUID
    var name = ""
    var owner: MacroUser?
    var created = zeroDate
    var members: [MacroUser] = []
    var projects: [MacroProject] = []
}

@Archivable(className: "Project")
final class MacroProject {
    var id = zeroUUID
    var name = ""
    var summary: String?
    var created = zeroDate
    var archived = false
    var homepage: URL?
    var labels: [String: Int] = [:]
    var milestones: [Int: MacroMilestone] = [:]
    var tasks: [MacroTask] = []
}

@Archivable(className: "Task")
final class MacroTask {
    var id = zeroUUID
    var title = ""
    var notes: String?
    var status = TaskStatus.todo
    var priority = TaskPriority.none
    var assignee: MacroUser?
    var reporter: MacroUser?
    var created = zeroDate
    var due: Date?
    var estimate: Double?
    var tags: [String] = []
    var checklist: [MacroChecklistItem] = []
    var comments: [MacroComment] = []
    var attachments: [MacroAttachment] = []
    var fields: [String: FieldValue] = [:]
    weak var project: MacroProject?
}

@Archivable(className: "Comment")
final class MacroComment {
    var id = zeroUUID
    var author: MacroUser?
    var body = ""
    var created = zeroDate
    var edited: Date?
    var reactions: [String: Int] = [:]
}

@Archivable(className: "Settings")
struct MacroSettings: KeyedValueCodable {
    var theme: Theme
    var fontSize: Double
    var syncInterval: Int
    var lastSync: Date?
    var server: URL
    var featureFlags: [String: Bool]
}

@Archivable(className: "Milestone")
struct MacroMilestone: KeyedValueCodable {
    var title: String
    var due: Date
    var done: Bool
}

@Archivable(className: "ChecklistItem")
struct MacroChecklistItem: KeyedValueCodable {
    var text: String
    var done: Bool
}

@Archivable(className: "Attachment")
struct MacroAttachment: KeyedValueCodable {
    var id: UUID
    var name: String
    var kind: AttachmentKind
    var url: URL
    var size: Int
    var checksum: Data
    var thumbnail: Data?
}

/// The model as `@Archivable` objects, shared as `AppStateArchive.plistKitGraph` shares them.
func macroGraph(_ state: AppState) -> MacroAppState {
    var users: [UUID: MacroUser] = [:]
    let root = MacroAppState()
    root.users = state.users.map { model in
        let user = MacroUser()
        user.id = model.id; user.name = model.name; user.email = model.email; user.role = model.role
        user.avatar = model.avatar; user.joined = model.joined; user.lastSeen = model.lastSeen
        user.preferences = model.preferences
        users[model.id] = user
        return user
    }
    root.version = state.version; root.savedAt = state.savedAt
    root.currentUser = state.currentUser.flatMap { users[$0] }
    root.lastError = state.lastError
    let settings = state.settings
    root.settings = MacroSettings(theme: settings.theme, fontSize: settings.fontSize, syncInterval: settings.syncInterval,
                                  lastSync: settings.lastSync, server: settings.server, featureFlags: settings.featureFlags)
    root.workspaces = state.workspaces.map { model in
        let workspace = MacroWorkspace()
        workspace.id = model.id; workspace.name = model.name; workspace.owner = users[model.owner]
        workspace.created = model.created; workspace.members = model.members.map { users[$0]! }
        workspace.projects = model.projects.map { model in
            let project = MacroProject()
            project.id = model.id; project.name = model.name; project.summary = model.summary
            project.created = model.created; project.archived = model.archived; project.homepage = model.homepage
            project.labels = model.labels
            project.milestones = model.milestones.mapValues { MacroMilestone(title: $0.title, due: $0.due, done: $0.done) }
            project.tasks = model.tasks.map { model in
                let task = MacroTask()
                task.id = model.id; task.title = model.title; task.notes = model.notes; task.status = model.status
                task.priority = model.priority; task.assignee = model.assignee.flatMap { users[$0] }
                task.reporter = users[model.reporter]; task.created = model.created; task.due = model.due
                task.estimate = model.estimate; task.tags = model.tags
                task.checklist = model.checklist.map { MacroChecklistItem(text: $0.text, done: $0.done) }
                task.comments = model.comments.map { model in
                    let comment = MacroComment()
                    comment.id = model.id; comment.author = users[model.author]; comment.body = model.body
                    comment.created = model.created; comment.edited = model.edited; comment.reactions = model.reactions
                    return comment
                }
                task.attachments = model.attachments.map {
                    MacroAttachment(id: $0.id, name: $0.name, kind: $0.kind, url: $0.url, size: $0.size,
                                    checksum: $0.checksum, thumbnail: $0.thumbnail)
                }
                task.fields = model.fields
                task.project = project
                return task
            }
            return project
        }
        return workspace
    }
    return root
}

import Foundation
import PlistKitMacros

// Enums in `@Archivable` types (raw values through `KeyedRawValueArchivable`, an inline case
// name and payload keys through `KeyedInlineCodable`) and generic classes, each beside the
// hand-written conformance that writes what NSCoding code would.

enum Role: String, Equatable, KeyedRawValueArchivable {
    case owner, member
}

enum Priority: Int, Equatable, KeyedRawValueArchivable {
    case low = 1, high = 3
}

enum Weight: Double, Equatable, KeyedRawValueArchivable {
    case light = 0.5, heavy = 2
}

/// A status written into its task's fields: `status`, and its payload's keys.
enum Status: Equatable, KeyedInlineCodable {
    case todo
    case inProgress(progress: Double)
    case blocked(reason: String, since: Date)

    func encode(with archiver: KeyedArchiver, forKey key: String) {
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
        }
    }

    init(from unarchiver: KeyedUnarchiver, forKey key: String) throws {
        switch try unarchiver.decode(String.self, forKey: key) {
        case "todo": self = .todo
        case "inProgress": self = .inProgress(progress: try unarchiver.decode(Double.self, forKey: "progress"))
        case "blocked":
            self = .blocked(reason: try unarchiver.decode(String.self, forKey: "blockedReason"),
                            since: try unarchiver.decode(Date.self, forKey: "blockedSince"))
        case let other: throw KeyedArchiveError(.typeMismatch, "unknown status \(other)")
        }
    }
}

@Archivable(className: "Task")
final class Chore {
    var title = ""
    var role = Role.member
    var priority = Priority.low
    var weight = Weight.light
    var status = Status.todo
    var backup: Role?
    var roles: [Role] = []
    var byPriority: [String: Priority] = [:]
}

/// The same task as NSCoding code writes it: raw values, and the status inline.
final class HandChore: KeyedCodable {
    static let archivedClassName = "Task"
    var title = ""
    var role = Role.member
    var priority = Priority.low
    var weight = Weight.light
    var status = Status.todo
    var backup: Role?
    var roles: [Role] = []
    var byPriority: [String: Priority] = [:]
    init() {}

    func encode(with archiver: KeyedArchiver) {
        archiver.encode(title, forKey: "title")
        archiver.encode(role.rawValue, forKey: "role")
        archiver.encode(priority.rawValue, forKey: "priority")
        archiver.encode(weight.rawValue, forKey: "weight")
        status.encode(with: archiver, forKey: "status")
        archiver.encode(backup?.rawValue, forKey: "backup")
        archiver.encode(roles.map(\.rawValue), forKey: "roles")
        archiver.encode(byPriority.mapValues(\.rawValue), forKey: "byPriority")
    }

    func decode(from unarchiver: KeyedUnarchiver) throws {}
}

@Archivable(className: "Settings")
struct ChoreSettings: Equatable, KeyedValueCodable {
    var defaultRole: Role
    var status = Status.inProgress(progress: 0.5)
}

/// A generic final class: its name is the specialization's (`Box<Int>`).
@Archivable
final class Box<T: KeyedArchivable> {
    var items: [T] = []
    var first: T?
}

/// Two specializations of one generic class in one graph.
@Archivable
final class Boxes {
    var numbers = Box<Int>()
    var names = Box<String>()
    var more: Box<Int>?
}

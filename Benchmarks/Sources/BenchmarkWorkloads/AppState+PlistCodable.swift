import Foundation
import PlistKit

// The `PlistDecodable`/`PlistEncodable` conformances `@PlistCodable` generates for these
// models (written out, in the shape of /work/coord/plistcodable-api.md), for the benchmarks'
// `model-decode`/`model-encode` rows; the `codable-*` rows reach the `Codable` conformances
// through `CodablePath`.

extension AppState: PlistDecodable, PlistEncodable {
    static let plistFields = PlistFields(["version", "savedAt", "currentUser", "lastError", "settings", "users", "workspaces"])

    public init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
        var fields = try decoder.decodeFields(Self.plistFields)
        self.version = try fields.decode(Int.self, field: 0)
        self.savedAt = try fields.decode(Date.self, field: 1)
        self.currentUser = try fields.decodeIfPresent(UUID.self, field: 2)
        self.lastError = try fields.decodeIfPresent(String.self, field: 3)
        self.settings = try fields.decode(AppSettings.self, field: 4)
        self.users = try fields.decode([AppUser].self, field: 5)
        self.workspaces = try fields.decode([AppWorkspace].self, field: 6)
    }

    public func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
        var fields = encoder.encodeFields(Self.plistFields)
        try fields.encode(self.version, field: 0)
        try fields.encode(self.savedAt, field: 1)
        try fields.encodeIfPresent(self.currentUser, field: 2)
        try fields.encodeIfPresent(self.lastError, field: 3)
        try fields.encode(self.settings, field: 4)
        try fields.encode(self.users, field: 5)
        try fields.encode(self.workspaces, field: 6)
        encoder.end(fields)
    }
}

extension Theme: PlistDecodable, PlistEncodable {}

extension AppSettings: PlistDecodable, PlistEncodable {
    static let plistFields = PlistFields(["theme", "fontSize", "syncInterval", "lastSync", "server", "featureFlags"])

    public init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
        var fields = try decoder.decodeFields(Self.plistFields)
        self.theme = try fields.decode(Theme.self, field: 0)
        self.fontSize = try fields.decode(Double.self, field: 1)
        self.syncInterval = try fields.decode(Int.self, field: 2)
        self.lastSync = try fields.decodeIfPresent(Date.self, field: 3)
        self.server = try fields.decode(URL.self, field: 4)
        self.featureFlags = try fields.decode([String: Bool].self, field: 5)
    }

    public func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
        var fields = encoder.encodeFields(Self.plistFields)
        try fields.encode(self.theme, field: 0)
        try fields.encode(self.fontSize, field: 1)
        try fields.encode(self.syncInterval, field: 2)
        try fields.encodeIfPresent(self.lastSync, field: 3)
        try fields.encode(self.server, field: 4)
        try fields.encode(self.featureFlags, field: 5)
        encoder.end(fields)
    }
}

extension UserRole: PlistDecodable, PlistEncodable {}

extension AppUser: PlistDecodable, PlistEncodable {
    static let plistFields = PlistFields(["id", "name", "email", "role", "avatar", "joined", "lastSeen", "preferences"])

    public init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
        var fields = try decoder.decodeFields(Self.plistFields)
        self.id = try fields.decode(UUID.self, field: 0)
        self.name = try fields.decode(String.self, field: 1)
        self.email = try fields.decode(String.self, field: 2)
        self.role = try fields.decode(UserRole.self, field: 3)
        self.avatar = try fields.decodeIfPresent(URL.self, field: 4)
        self.joined = try fields.decode(Date.self, field: 5)
        self.lastSeen = try fields.decodeIfPresent(Date.self, field: 6)
        self.preferences = try fields.decode([String: String].self, field: 7)
    }

    public func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
        var fields = encoder.encodeFields(Self.plistFields)
        try fields.encode(self.id, field: 0)
        try fields.encode(self.name, field: 1)
        try fields.encode(self.email, field: 2)
        try fields.encode(self.role, field: 3)
        try fields.encodeIfPresent(self.avatar, field: 4)
        try fields.encode(self.joined, field: 5)
        try fields.encodeIfPresent(self.lastSeen, field: 6)
        try fields.encode(self.preferences, field: 7)
        encoder.end(fields)
    }
}

extension AppWorkspace: PlistDecodable, PlistEncodable {
    static let plistFields = PlistFields(["id", "name", "owner", "created", "members", "projects"])

    public init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
        var fields = try decoder.decodeFields(Self.plistFields)
        self.id = try fields.decode(UUID.self, field: 0)
        self.name = try fields.decode(String.self, field: 1)
        self.owner = try fields.decode(UUID.self, field: 2)
        self.created = try fields.decode(Date.self, field: 3)
        self.members = try fields.decode([UUID].self, field: 4)
        self.projects = try fields.decode([AppProject].self, field: 5)
    }

    public func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
        var fields = encoder.encodeFields(Self.plistFields)
        try fields.encode(self.id, field: 0)
        try fields.encode(self.name, field: 1)
        try fields.encode(self.owner, field: 2)
        try fields.encode(self.created, field: 3)
        try fields.encode(self.members, field: 4)
        try fields.encode(self.projects, field: 5)
        encoder.end(fields)
    }
}

extension AppProject: PlistDecodable, PlistEncodable {
    static let plistFields = PlistFields(["id", "name", "summary", "created", "archived", "homepage", "labels", "milestones", "tasks"])

    public init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
        var fields = try decoder.decodeFields(Self.plistFields)
        self.id = try fields.decode(UUID.self, field: 0)
        self.name = try fields.decode(String.self, field: 1)
        self.summary = try fields.decodeIfPresent(String.self, field: 2)
        self.created = try fields.decode(Date.self, field: 3)
        self.archived = try fields.decode(Bool.self, field: 4)
        self.homepage = try fields.decodeIfPresent(URL.self, field: 5)
        self.labels = try fields.decode([String: Int].self, field: 6)
        self.milestones = try fields.decode([Int: AppMilestone].self, field: 7)
        self.tasks = try fields.decode([AppTask].self, field: 8)
    }

    public func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
        var fields = encoder.encodeFields(Self.plistFields)
        try fields.encode(self.id, field: 0)
        try fields.encode(self.name, field: 1)
        try fields.encodeIfPresent(self.summary, field: 2)
        try fields.encode(self.created, field: 3)
        try fields.encode(self.archived, field: 4)
        try fields.encodeIfPresent(self.homepage, field: 5)
        try fields.encode(self.labels, field: 6)
        try fields.encode(self.milestones, field: 7)
        try fields.encode(self.tasks, field: 8)
        encoder.end(fields)
    }
}

extension AppMilestone: PlistDecodable, PlistEncodable {
    static let plistFields = PlistFields(["title", "due", "done"])

    public init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
        var fields = try decoder.decodeFields(Self.plistFields)
        self.title = try fields.decode(String.self, field: 0)
        self.due = try fields.decode(Date.self, field: 1)
        self.done = try fields.decode(Bool.self, field: 2)
    }

    public func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
        var fields = encoder.encodeFields(Self.plistFields)
        try fields.encode(self.title, field: 0)
        try fields.encode(self.due, field: 1)
        try fields.encode(self.done, field: 2)
        encoder.end(fields)
    }
}

extension TaskStatus: PlistDecodable, PlistEncodable {
    static let plistFields = PlistFields(["todo", "inProgress", "blocked", "done"])
    static let plistFieldsInProgress = PlistFields(["progress"])
    static let plistFieldsBlocked = PlistFields(["reason", "since"])
    static let plistFieldsDone = PlistFields(["at", "by"])

    public init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
        var fields = try decoder.decodeFields(Self.plistFields)
        switch try fields.decodeCaseField(of: Self.self) {
        case 0:
            _ = try fields.decodeNestedFields(PlistFields.none, field: 0)
            self = .todo
        case 1:
            var payload = try fields.decodeNestedFields(Self.plistFieldsInProgress, field: 1)
            self = .inProgress(progress: try payload.decode(Double.self, field: 0))
        case 2:
            var payload = try fields.decodeNestedFields(Self.plistFieldsBlocked, field: 2)
            self = .blocked(reason: try payload.decode(String.self, field: 0), since: try payload.decode(Date.self, field: 1))
        default:
            var payload = try fields.decodeNestedFields(Self.plistFieldsDone, field: 3)
            self = .done(at: try payload.decode(Date.self, field: 0), by: try payload.decode(UUID.self, field: 1))
        }
    }

    public func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
        var fields = encoder.encodeFields(Self.plistFields)
        switch self {
        case .todo:
            let payload = fields.encodeNestedFields(PlistFields.none, field: 0)
            fields.end(payload, field: 0)
        case .inProgress(let v0):
            var payload = fields.encodeNestedFields(Self.plistFieldsInProgress, field: 1)
            try payload.encode(v0, field: 0)
            fields.end(payload, field: 1)
        case .blocked(let v0, let v1):
            var payload = fields.encodeNestedFields(Self.plistFieldsBlocked, field: 2)
            try payload.encode(v0, field: 0)
            try payload.encode(v1, field: 1)
            fields.end(payload, field: 2)
        case .done(let v0, let v1):
            var payload = fields.encodeNestedFields(Self.plistFieldsDone, field: 3)
            try payload.encode(v0, field: 0)
            try payload.encode(v1, field: 1)
            fields.end(payload, field: 3)
        }
        encoder.end(fields)
    }
}

extension TaskPriority: PlistDecodable, PlistEncodable {}

extension AppTask: PlistDecodable, PlistEncodable {
    static let plistFields = PlistFields(["id", "title", "notes", "status", "priority", "assignee", "reporter", "created", "due", "estimate", "tags", "checklist", "comments", "attachments", "fields"])

    public init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
        var fields = try decoder.decodeFields(Self.plistFields)
        self.id = try fields.decode(UUID.self, field: 0)
        self.title = try fields.decode(String.self, field: 1)
        self.notes = try fields.decodeIfPresent(String.self, field: 2)
        self.status = try fields.decode(TaskStatus.self, field: 3)
        self.priority = try fields.decode(TaskPriority.self, field: 4)
        self.assignee = try fields.decodeIfPresent(UUID.self, field: 5)
        self.reporter = try fields.decode(UUID.self, field: 6)
        self.created = try fields.decode(Date.self, field: 7)
        self.due = try fields.decodeIfPresent(Date.self, field: 8)
        self.estimate = try fields.decodeIfPresent(Double.self, field: 9)
        self.tags = try fields.decode([String].self, field: 10)
        self.checklist = try fields.decode([AppChecklistItem].self, field: 11)
        self.comments = try fields.decode([AppComment].self, field: 12)
        self.attachments = try fields.decode([AppAttachment].self, field: 13)
        self.fields = try fields.decode([String: FieldValue].self, field: 14)
    }

    public func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
        var fields = encoder.encodeFields(Self.plistFields)
        try fields.encode(self.id, field: 0)
        try fields.encode(self.title, field: 1)
        try fields.encodeIfPresent(self.notes, field: 2)
        try fields.encode(self.status, field: 3)
        try fields.encode(self.priority, field: 4)
        try fields.encodeIfPresent(self.assignee, field: 5)
        try fields.encode(self.reporter, field: 6)
        try fields.encode(self.created, field: 7)
        try fields.encodeIfPresent(self.due, field: 8)
        try fields.encodeIfPresent(self.estimate, field: 9)
        try fields.encode(self.tags, field: 10)
        try fields.encode(self.checklist, field: 11)
        try fields.encode(self.comments, field: 12)
        try fields.encode(self.attachments, field: 13)
        try fields.encode(self.fields, field: 14)
        encoder.end(fields)
    }
}

extension AppChecklistItem: PlistDecodable, PlistEncodable {
    static let plistFields = PlistFields(["text", "done"])

    public init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
        var fields = try decoder.decodeFields(Self.plistFields)
        self.text = try fields.decode(String.self, field: 0)
        self.done = try fields.decode(Bool.self, field: 1)
    }

    public func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
        var fields = encoder.encodeFields(Self.plistFields)
        try fields.encode(self.text, field: 0)
        try fields.encode(self.done, field: 1)
        encoder.end(fields)
    }
}

extension AppComment: PlistDecodable, PlistEncodable {
    static let plistFields = PlistFields(["id", "author", "body", "created", "edited", "reactions"])

    public init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
        var fields = try decoder.decodeFields(Self.plistFields)
        self.id = try fields.decode(UUID.self, field: 0)
        self.author = try fields.decode(UUID.self, field: 1)
        self.body = try fields.decode(String.self, field: 2)
        self.created = try fields.decode(Date.self, field: 3)
        self.edited = try fields.decodeIfPresent(Date.self, field: 4)
        self.reactions = try fields.decode([String: Int].self, field: 5)
    }

    public func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
        var fields = encoder.encodeFields(Self.plistFields)
        try fields.encode(self.id, field: 0)
        try fields.encode(self.author, field: 1)
        try fields.encode(self.body, field: 2)
        try fields.encode(self.created, field: 3)
        try fields.encodeIfPresent(self.edited, field: 4)
        try fields.encode(self.reactions, field: 5)
        encoder.end(fields)
    }
}

extension AttachmentKind: PlistDecodable, PlistEncodable {}

extension AppAttachment: PlistDecodable, PlistEncodable {
    static let plistFields = PlistFields(["id", "name", "kind", "url", "size", "checksum", "thumbnail"])

    public init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
        var fields = try decoder.decodeFields(Self.plistFields)
        self.id = try fields.decode(UUID.self, field: 0)
        self.name = try fields.decode(String.self, field: 1)
        self.kind = try fields.decode(AttachmentKind.self, field: 2)
        self.url = try fields.decode(URL.self, field: 3)
        self.size = try fields.decode(Int.self, field: 4)
        self.checksum = try fields.decode(Data.self, field: 5)
        self.thumbnail = try fields.decodeIfPresent(Data.self, field: 6)
    }

    public func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
        var fields = encoder.encodeFields(Self.plistFields)
        try fields.encode(self.id, field: 0)
        try fields.encode(self.name, field: 1)
        try fields.encode(self.kind, field: 2)
        try fields.encode(self.url, field: 3)
        try fields.encode(self.size, field: 4)
        try fields.encode(self.checksum, field: 5)
        try fields.encodeIfPresent(self.thumbnail, field: 6)
        encoder.end(fields)
    }
}

extension FieldValue: PlistDecodable, PlistEncodable {
    static let plistFields = PlistFields(["text", "number", "flag", "date", "link"])
    static let plistFieldsText = PlistFields(["_0"])
    static let plistFieldsNumber = PlistFields(["_0"])
    static let plistFieldsFlag = PlistFields(["_0"])
    static let plistFieldsDate = PlistFields(["_0"])
    static let plistFieldsLink = PlistFields(["_0"])

    public init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
        var fields = try decoder.decodeFields(Self.plistFields)
        switch try fields.decodeCaseField(of: Self.self) {
        case 0:
            var payload = try fields.decodeNestedFields(Self.plistFieldsText, field: 0)
            self = .text(try payload.decode(String.self, field: 0))
        case 1:
            var payload = try fields.decodeNestedFields(Self.plistFieldsNumber, field: 1)
            self = .number(try payload.decode(Double.self, field: 0))
        case 2:
            var payload = try fields.decodeNestedFields(Self.plistFieldsFlag, field: 2)
            self = .flag(try payload.decode(Bool.self, field: 0))
        case 3:
            var payload = try fields.decodeNestedFields(Self.plistFieldsDate, field: 3)
            self = .date(try payload.decode(Date.self, field: 0))
        default:
            var payload = try fields.decodeNestedFields(Self.plistFieldsLink, field: 4)
            self = .link(try payload.decode(URL.self, field: 0))
        }
    }

    public func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
        var fields = encoder.encodeFields(Self.plistFields)
        switch self {
        case .text(let v0):
            var payload = fields.encodeNestedFields(Self.plistFieldsText, field: 0)
            try payload.encode(v0, field: 0)
            fields.end(payload, field: 0)
        case .number(let v0):
            var payload = fields.encodeNestedFields(Self.plistFieldsNumber, field: 1)
            try payload.encode(v0, field: 0)
            fields.end(payload, field: 1)
        case .flag(let v0):
            var payload = fields.encodeNestedFields(Self.plistFieldsFlag, field: 2)
            try payload.encode(v0, field: 0)
            fields.end(payload, field: 2)
        case .date(let v0):
            var payload = fields.encodeNestedFields(Self.plistFieldsDate, field: 3)
            try payload.encode(v0, field: 0)
            fields.end(payload, field: 3)
        case .link(let v0):
            var payload = fields.encodeNestedFields(Self.plistFieldsLink, field: 4)
            try payload.encode(v0, field: 0)
            fields.end(payload, field: 4)
        }
        encoder.end(fields)
    }
}


import PlistKit

/// The Foundation classes whose archived objects always have the same keys: `$class`, then
/// at most one field. ``KeyedArchiver`` writes them without a frame (see
/// `KeyedArchiver.uid(for:field:)`): one shared key array and class UID per archiver, and
/// one allocation per object, where an archive of dated records holds a date per record.
enum FixedFoundationClass: Int, CaseIterable {
    case date
    case uuid
    case null

    /// The class and its superclasses, as Apple's archiver names them.
    var hierarchy: [String] {
        switch self {
        case .date: ["NSDate", "NSObject"]
        case .uuid: ["NSUUID", "NSObject"]
        case .null: ["NSNull", "NSObject"]
        }
    }

    /// The one field's key, after `$class`; nil for a class with no fields.
    var fieldKey: String? {
        switch self {
        case .date: "NS.time"
        case .uuid: "NS.uuidbytes"
        case .null: nil
        }
    }

    /// The keys of every object of the class: `$class`, then ``fieldKey``.
    var keys: [PlistKey] {
        [PlistKey("$class")] + (fieldKey.map { [PlistKey($0)] } ?? [])
    }
}

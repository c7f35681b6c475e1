import Foundation
import KeyedArchive
import PlistKit
import Testing

struct Point: KeyedValueCodable, Equatable {
    static let archivedClassName = "Point"
    var x = 0.0
    var y = 0.0
    var label: String?
    var owner: Node?

    init(x: Double, y: Double, label: String? = nil) {
        self.x = x
        self.y = y
        self.label = label
    }

    func encode(with archiver: KeyedArchiver) {
        archiver.encode(x, forKey: "x")
        archiver.encode(y, forKey: "y")
        archiver.encode(label, forKey: "label")
        archiver.encode(owner, forKey: "owner")
    }

    init(from unarchiver: KeyedUnarchiver) throws {
        x = try unarchiver.decode(Double.self, forKey: "x")
        y = try unarchiver.decode(Double.self, forKey: "y")
        label = try unarchiver.decodeIfPresent(String.self, forKey: "label")
        owner = try unarchiver.decodeIfPresent(Node.self, forKey: "owner")
    }

    static func == (lhs: Point, rhs: Point) -> Bool {
        lhs.x == rhs.x && lhs.y == rhs.y && lhs.label == rhs.label && lhs.owner === rhs.owner
    }
}

@Suite("Value types")
struct ValueTypeTests {
    @Test func structsRoundTripAndMayHoldObjects() throws {
        let node = Node("owner")
        var a = Point(x: 1, y: 2, label: "a")
        a.owner = node
        var b = Point(x: -0.0, y: .infinity)
        b.owner = node
        let data = try KeyedArchiver.archivedData(withRootObject: [a, b])
        let back = try KeyedUnarchiver.unarchivedObject(ofType: [Point].self, from: data)
        #expect(back.count == 2)
        #expect(back[0].x == 1 && back[0].y == 2 && back[0].label == "a")
        #expect(back[1].x.sign == .minus && back[1].y == .infinity && back[1].label == nil)
        #expect(back[0].owner === back[1].owner)
        #expect(back[0].owner?.name == "owner")
    }

    @Test func foundationReadsAStructAsAnObject() throws {
        let data = try KeyedArchiver.archivedData(withRootObject: Point(x: 3, y: 4))
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
        unarchiver.requiresSecureCoding = false
        unarchiver.setClass(FoundationPoint.self, forClassName: "Point")
        let point = unarchiver.decodeObject(forKey: NSKeyedArchiveRootObjectKey) as? FoundationPoint
        #expect(point?.x == 3 && point?.y == 4)
    }

    @Test func wrongClassIsATypeMismatch() throws {
        let data = try KeyedArchiver.archivedData(withRootObject: Node("n"))
        do {
            _ = try KeyedUnarchiver.unarchivedObject(ofType: Point.self, from: data)
            Issue.record("expected typeMismatch")
        } catch {
            #expect(error.code == .typeMismatch)
        }
        let unarchiver = try KeyedUnarchiver(forReadingFrom: try KeyedArchiver.archivedData(withRootObject: Point(x: 1, y: 1)))
        unarchiver.allowedClassNames = []
        #expect(throws: KeyedArchiveError.self) { try unarchiver.decode(Point.self, forKey: "root") }
    }
}

final class FoundationPoint: NSObject, NSCoding {
    let x: Double
    let y: Double
    required init?(coder: NSCoder) {
        x = coder.decodeDouble(forKey: "x")
        y = coder.decodeDouble(forKey: "y")
    }
    func encode(with coder: NSCoder) {}
}

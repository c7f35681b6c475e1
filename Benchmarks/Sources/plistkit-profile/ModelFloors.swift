import BenchmarkWorkloads
import Foundation

// Two floors under the `records` binary model decode (issue #34, point 5), for callgrind:
//
//   plistkit-profile model-floor binary records [RUNS]   the [Student] array alone: every record
//       built from values decoded beforehand (its strings made from the same UTF-8 bytes, its
//       dates from their doubles), what the model objects cost with no format at all;
//   plistkit-profile table-walk binary records [RUNS]    the object table walk alone: every
//       record's dictionary and each of its values' markers reached through the offset table,
//       no value made.

/// The records' fields, decoded beforehand: the strings' UTF-8, one after another.
struct StudentParts {
    var utf8: [UInt8] = []
    /// Where each string ends in `utf8`: four a record (name, number, memo, teacher).
    var ends: [Int] = []
    var ages: [Int] = []
    var scores: [Double] = []
    var enrolled: [Double] = []
    var active: [Bool] = []
    /// A record with empty strings, assigned field by field (the type has no public memberwise init).
    var blank: Student

    init(_ students: [Student]) {
        blank = students[0]
        blank.name = ""
        blank.number = ""
        blank.memo = ""
        blank.teacher = ""
        for student in students {
            for string in [student.name, student.number, student.memo, student.teacher] {
                utf8.append(contentsOf: string.utf8)
                ends.append(utf8.count)
            }
            ages.append(student.age)
            scores.append(student.score)
            enrolled.append(student.enrolled.timeIntervalSinceReferenceDate)
            active.append(student.active)
        }
    }

    /// The records, built again.
    func build() -> [Student] {
        var students: [Student] = []
        students.reserveCapacity(ages.count)
        utf8.withUnsafeBufferPointer { bytes in
            var start = 0
            func next(_ index: Int) -> String {
                let end = ends[index]
                defer { start = end }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            }
            for record in 0..<ages.count {
                var student = blank
                student.name = next(record * 4)
                student.number = next(record * 4 + 1)
                student.age = ages[record]
                student.score = scores[record]
                student.memo = next(record * 4 + 2)
                student.teacher = next(record * 4 + 3)
                student.enrolled = Date(timeIntervalSinceReferenceDate: enrolled[record])
                student.active = active[record]
                students.append(student)
            }
        }
        return students
    }
}

/// Every record's value markers, reached from the top array through the offset table of a
/// `bplist00` file (trusted: the floor checks nothing); their sum, so none is skipped.
func walkObjectTable(_ data: Data) -> Int {
    data.withUnsafeBytes { bytes in
        func bigEndian(_ at: Int, _ size: Int) -> Int {
            var value = 0
            for index in 0..<size { value = value << 8 | Int(bytes[at + index]) }
            return value
        }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        let refSize = Int(bytes[trailer + 7])
        let top = bigEndian(trailer + 16, 8)
        let offsetTable = bigEndian(trailer + 24, 8)
        func offset(_ object: Int) -> Int { bigEndian(offsetTable + object * offsetSize, offsetSize) }
        /// Where a container's references start, and how many there are.
        func container(_ at: Int) -> (start: Int, count: Int) {
            let low = Int(bytes[at] & 0x0F)
            guard low == 0x0F else { return (at + 1, low) }
            let size = 1 << Int(bytes[at + 1] & 0x0F)
            return (at + 2 + size, bigEndian(at + 2, size))
        }
        var sum = 0
        let array = container(offset(top))
        for element in 0..<array.count {
            let record = container(offset(bigEndian(array.start + element * refSize, refSize)))
            let values = record.start + record.count * refSize
            for entry in 0..<record.count {
                sum &+= Int(bytes[offset(bigEndian(values + entry * refSize, refSize))])
            }
        }
        return sum
    }
}

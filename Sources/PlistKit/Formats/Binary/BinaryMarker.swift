/// The high nibbles (and a few whole bytes) that open each object in a `bplist00` file.
enum BinaryMarker {
    static let null: UInt8 = 0x00
    static let `false`: UInt8 = 0x08
    static let `true`: UInt8 = 0x09
    static let fill: UInt8 = 0x0F
    static let integer: UInt8 = 0x1
    static let real: UInt8 = 0x2
    static let date: UInt8 = 0x33
    static let data: UInt8 = 0x4
    static let asciiString: UInt8 = 0x5
    static let utf16String: UInt8 = 0x6
    static let uid: UInt8 = 0x8
    static let array: UInt8 = 0xA
    static let set: UInt8 = 0xC
    static let dictionary: UInt8 = 0xD

    /// The file's first bytes; the eighth (the minor version) may be any digit, as CF allows.
    static let magic: [UInt8] = Array("bplist0".utf8)
    /// Bytes in the header (`bplist00`).
    static let headerSize = 8
    /// Bytes in the trailer at the end of the file.
    static let trailerSize = 32
}

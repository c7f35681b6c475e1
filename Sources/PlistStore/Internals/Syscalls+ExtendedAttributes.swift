#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import PlistKit

// Extended attributes, for PlistStore's backup marks.
//
// The C library exports `setxattr` and friends, but the Swift Glibc module does not
// include <sys/xattr.h>; they are looked up once by name instead of adding a C target.
extension Syscalls {
    private typealias SetAttribute = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeRawPointer?, Int, Int32) -> Int32
    private typealias GetAttribute = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int
    private typealias RemoveAttribute = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>) -> Int32

    private static func symbol<T>(_ name: String, as type: T.Type) -> T? {
        guard let address = dlsym(nil, name) else { return nil }
        return unsafeBitCast(address, to: type)
    }

    private static let setAttribute = symbol("setxattr", as: SetAttribute.self)
    private static let getAttribute = symbol("getxattr", as: GetAttribute.self)
    private static let removeAttribute = symbol("removexattr", as: RemoveAttribute.self)

    /// `setxattr`; `ENOTSUP` when the C library has no such call.
    static func setExtendedAttribute(_ path: String, name: String, value: [UInt8]) -> Result<Void> {
        guard let setAttribute else { return .failure(Errno(rawValue: ENOTSUP)) }
        let result = value.withUnsafeBytes { setAttribute(path, name, $0.baseAddress, $0.count, 0) }
        return result == 0 ? .success(()) : .failure(.current)
    }

    /// `getxattr`; nil when the attribute is not set (`ENODATA`).
    static func extendedAttribute(_ path: String, name: String) -> Result<[UInt8]?> {
        guard let getAttribute else { return .failure(Errno(rawValue: ENOTSUP)) }
        while true {
            let size = getAttribute(path, name, nil, 0)
            if size < 0 { return errno == ENODATA ? .success(nil) : .failure(.current) }
            var buffer = [UInt8](repeating: 0, count: size)
            let count = buffer.withUnsafeMutableBytes { getAttribute(path, name, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == ERANGE { continue }  // grew between the two calls
                return errno == ENODATA ? .success(nil) : .failure(.current)
            }
            return .success(Array(buffer[0..<count]))
        }
    }

    /// `removexattr`; success when the attribute was not set.
    static func removeExtendedAttribute(_ path: String, name: String) -> Result<Void> {
        guard let removeAttribute else { return .failure(Errno(rawValue: ENOTSUP)) }
        if removeAttribute(path, name) == 0 || errno == ENODATA { return .success(()) }
        return .failure(.current)
    }
}

/// `value` as `U`, which is `value`'s own type `T`: the caller has compared the metatypes
/// (`T.self == String.self`). The coders' fast paths for the standard scalar types and arrays
/// use this where `as!` would ask the runtime for a dynamic cast, since their generic code is
/// not specialized for the caller's types. The standard library's `_identityCast` checks
/// that the two types are one (in release builds too: a pointer compare) and reinterprets
/// the value without a runtime cast. Inlinable, so the model sources' inlinable scalar
/// reads specialize through it in the caller's module.
@inlinable @inline(__always)
func sameTypeCast<T, U>(_ value: T, to type: U.Type) -> U {
    _identityCast(value, to: U.self)
}

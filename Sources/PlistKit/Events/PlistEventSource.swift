/// One format's pull reader of events, behind ``PlistEventReader``.
///
/// `next()` returns the document's events in order and then nil, once it has checked what
/// follows the document's value as that format's whole-value reader does. After an error
/// it is not called again.
protocol PlistEventSource: AnyObject {
    func next() throws(PlistError) -> PlistEvent?
}

internal import CLibXML2

/// The one file that calls libxml2.
///
/// Each call gets a fresh parser context, driven through the SAX2 interface: libxml2
/// tokenises and decodes (UTF-8, UTF-16 with BOM, declared encodings, character references,
/// CDATA), and every event goes straight to an ``XMLEventReceiver``; no DOM is built.
///
/// Security: the context is created with `XML_PARSE_NONET` and without `XML_PARSE_DTDLOAD`,
/// `XML_PARSE_NOENT` or `XML_PARSE_DTDVALID`, so nothing is fetched and no entity is ever
/// substituted. On top of that the handler refuses every `<!ENTITY>` declaration, resolves
/// no external entity and reports any reference to a non-predefined entity, so XXE and
/// billion-laughs documents stop at their first declaration. `XML_PARSE_HUGE` lifts libxml2's
/// 10 MB text-node limit (our own depth limit still applies). `xmlCleanupParser()` is never
/// called: it would tear down global state other code in the process may be using.
enum LibXML2Parser {
    /// Parses `buffer` as XML and feeds the events to `builder`. Errors, libxml2's or the
    /// builder's own, end up in `builder.error`.
    static func parse(_ buffer: UnsafeRawBufferPointer, into builder: XMLEventReceiver) {
        guard buffer.count <= Int(Int32.max) else {
            builder.fail(.limitExceeded, "XML input is larger than 2 GiB", at: .offset(0))
            return
        }
        guard let base = buffer.baseAddress, buffer.count > 0 else {
            builder.fail(.truncated, "input is empty", at: .offset(0))
            return
        }
        xmlInitParser()  // idempotent; makes first use thread-safe
        guard let context = xmlCreateMemoryParserCtxt(base.assumingMemoryBound(to: CChar.self), Int32(buffer.count)) else {
            builder.fail(.limitExceeded, "libxml2 could not allocate a parser", at: .offset(0))
            return
        }
        let handler = UnsafeMutablePointer<xmlSAXHandler>.allocate(capacity: 1)
        handler.initialize(to: makeHandler())
        let defaultHandler = context.pointee.sax
        context.pointee.sax = handler
        context.pointee.userData = Unmanaged.passUnretained(builder).toOpaque()
        builder.context = UnsafeMutableRawPointer(context)
        builder.locate = {
            .lineColumn(line: Int(xmlSAX2GetLineNumber(context)), column: Int(xmlSAX2GetColumnNumber(context)))
        }
        _ = xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue | XML_PARSE_HUGE.rawValue))
        _ = xmlParseDocument(context)
        if builder.error == nil, context.pointee.wellFormed == 0 {
            builder.fail(.syntax, "the XML is not well-formed", at: builder.locate())
        }
        // libxml2 builds a stand-in document to hold the internal subset (a DOCTYPE's
        // `[<!ENTITY …>]`) even in SAX mode, and xmlFreeParserCtxt leaves it to the caller.
        if let document = context.pointee.myDoc {
            xmlFreeDoc(document)
            context.pointee.myDoc = nil
        }
        context.pointee.sax = defaultHandler
        context.pointee.userData = UnsafeMutableRawPointer(context)
        builder.context = nil
        builder.locate = { nil }
        xmlFreeParserCtxt(context)
        handler.deinitialize(count: 1)
        handler.deallocate()
    }

    private static func builder(_ userData: UnsafeMutableRawPointer?) -> XMLEventReceiver {
        Unmanaged<XMLEventReceiver>.fromOpaque(userData!).takeUnretainedValue()
    }

    /// Runs `body` with the receiver behind `userData`, which `parse` keeps alive throughout,
    /// without retaining it: the hot events pay no reference counting.
    @inline(__always)
    private static func withReceiver(_ userData: UnsafeMutableRawPointer?, _ body: (XMLEventReceiver) -> Void) {
        Unmanaged<XMLEventReceiver>.fromOpaque(userData!)._withUnsafeGuaranteedRef(body)
    }

    /// Stops libxml2 as soon as the builder has recorded an error.
    private static func stopIfFailed(_ builder: XMLEventReceiver) {
        if builder.error != nil, let context = builder.context {
            xmlStopParser(context.assumingMemoryBound(to: xmlParserCtxt.self))
        }
    }

    private static func makeHandler() -> xmlSAXHandler {
        var sax = xmlSAXHandler()
        sax.initialized = UInt32(XML_SAX2_MAGIC)
        sax.startElementNs = { userData, localName, prefix, _, _, _, _, _, _ in
            LibXML2Parser.withReceiver(userData) { builder in
                guard builder.error == nil, let localName else { return }
                var position = XMLPosition.unknown
                if builder.recordsPositions, let context = builder.context {
                    position = XMLPosition(line: Int(xmlSAX2GetLineNumber(context)), column: Int(xmlSAX2GetColumnNumber(context)))
                }
                builder.startElement(UnsafeRawPointer(localName), hasPrefix: prefix != nil, at: position)
                LibXML2Parser.stopIfFailed(builder)
            }
        }
        sax.endElementNs = { userData, _, _, _ in
            LibXML2Parser.withReceiver(userData) { builder in
                guard builder.error == nil else { return }
                builder.endElement()
                LibXML2Parser.stopIfFailed(builder)
            }
        }
        let characters: charactersSAXFunc = { userData, bytes, length in
            LibXML2Parser.withReceiver(userData) { builder in
                guard builder.error == nil, let bytes, length > 0 else { return }
                builder.characters(UnsafeRawBufferPointer(start: bytes, count: Int(length)))
                LibXML2Parser.stopIfFailed(builder)
            }
        }
        sax.characters = characters
        sax.ignorableWhitespace = characters
        sax.cdataBlock = characters
        sax.entityDecl = { userData, name, _, _, _, _ in
            let builder = LibXML2Parser.builder(userData)
            let entity = name.map { String(cString: $0) } ?? ""
            builder.fail(.syntax, "entity declarations are not allowed (<!ENTITY \(entity)>)", at: builder.locate())
            LibXML2Parser.stopIfFailed(builder)
        }
        sax.unparsedEntityDecl = { userData, name, _, _, _ in
            let builder = LibXML2Parser.builder(userData)
            let entity = name.map { String(cString: $0) } ?? ""
            builder.fail(.syntax, "entity declarations are not allowed (<!ENTITY \(entity)>)", at: builder.locate())
            LibXML2Parser.stopIfFailed(builder)
        }
        sax.getEntity = { _, name in
            // Only the five predefined entities exist; libxml2 handles them itself, this is
            // a second line of defence.
            name.flatMap { xmlGetPredefinedEntity($0) }
        }
        sax.getParameterEntity = { _, _ in nil }
        sax.resolveEntity = { _, _, _ in nil }
        sax.reference = { userData, name in
            let builder = LibXML2Parser.builder(userData)
            let entity = name.map { String(cString: $0) } ?? ""
            builder.fail(.syntax, "reference to undefined entity &\(entity);", at: builder.locate())
            LibXML2Parser.stopIfFailed(builder)
        }
        sax.serror = { userData, error in
            guard let userData, let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            let builder = LibXML2Parser.builder(userData)
            guard builder.error == nil else { return }
            var message = error.pointee.message.map { String(cString: $0) } ?? "XML syntax error"
            while message.last?.isWhitespace == true { message.removeLast() }
            let code: PlistError.Code = error.pointee.code == Int32(XML_ERR_DOCUMENT_EMPTY.rawValue) ? .truncated : .syntax
            builder.fail(code, message, at: .lineColumn(line: Int(error.pointee.line), column: Int(error.pointee.int2)))
            LibXML2Parser.stopIfFailed(builder)
        }
        return sax
    }
}

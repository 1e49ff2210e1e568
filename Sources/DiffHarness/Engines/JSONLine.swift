// JSONLine: one JSON value read from its bytes, every value kept with where
// it was written — the one reader of the engine wire format.
//
//     {"stages": [{"deleteSections": [1.0]}]}
//     nodes   0 object  1 "stages"  2 list  3 object  4 "deleteSections"  5 list  6 1.0
//     place(of: 6)     → stages[0].deleteSections[0]
//     written(6)       → 1.0
//     position(of: 6)  → line 1, column 33
//
// The values lie in reading order (a tape): a list is followed by its
// elements, an object by its keys each followed by its value, and every node
// knows where its subtree ends (`next`), so a reader steps over a value
// without reading it. Numbers keep their value when they are a non-negative
// integer that fits in an `Int`; strings stay bytes until asked for (most
// keys are only compared). Reading checks the whole grammar (RFC 8259, any
// value at the top, whitespace around it; like Foundation's reader it also
// takes a comma before a closing bracket, and `-0` as 0) and valid UTF-8,
// and notes the first key written a second time in one object; a syntax
// error is reported at its line and column.

/// A JSON value read from bytes, with the place, position and written text of
/// every value in it.
package struct JSONLine {
    /// What a node is.
    package enum Kind: UInt8 {
        case object, list, string, number, boolean, null
    }

    /// One value (or an object's key) of the line.
    struct Node {
        /// Where its text starts and ends in the bytes.
        var start: Int32
        var end: Int32
        /// The index of the first node after its subtree.
        var next: Int32
        /// What it is.
        var kind: Kind
        /// A string's `hasEscapes` and `isASCII` bits; a boolean's value (1: true).
        var flags: UInt8
        /// A list's element count, an object's key count; a number's value
        /// when it is a non-negative integer that fits in an `Int`, else -1.
        var value: Int
    }

    /// A string's flag: it has a `\` escape (decode before comparing).
    static let hasEscapes: UInt8 = 1
    /// A string's flag: every byte of it is ASCII (bytes compare as the text does).
    static let isASCII: UInt8 = 2

    /// What is wrong with bytes that are not JSON, and where.
    package struct SyntaxError: Error {
        /// The offset of the byte where reading stopped.
        package var offset: Int
        /// What was expected there, or what is wrong there.
        package var problem: String
    }

    /// The bytes read.
    let bytes: [UInt8]
    /// The values, in reading order; the top value is node 0.
    private(set) var nodes: [Node] = []
    /// The first key written a second time in one object, in reading order:
    /// the object's node and the second key's node.
    private(set) var repeatedKey: (object: Int, key: Int)?

    /// Deeper than this is not read (a stack of brackets is no answer).
    static let maximumDepth = 512

    /// Reads `bytes` as one JSON value.
    package init(_ bytes: [UInt8]) throws(SyntaxError) {
        self.bytes = bytes
        guard bytes.count < Int(Int32.max) else { throw SyntaxError(offset: 0, problem: "a line longer than 2 GB") }
        var nodes: [Node] = []
        nodes.reserveCapacity(bytes.count / 4 + 4)
        var repeatedKey: (object: Int, key: Int)?
        let failure = bytes.withUnsafeBufferPointer { buffer -> SyntaxError? in
            var cursor = Cursor(bytes: buffer)
            do throws(SyntaxError) {
                try cursor.value(into: &nodes, depth: 0, repeatedKey: &repeatedKey)
            } catch {
                return error
            }
            cursor.skipSpace()
            return cursor.at == buffer.count ? nil : SyntaxError(offset: cursor.at, problem: "expected the end of the line")
        }
        if let failure { throw failure }
        self.nodes = nodes
        self.repeatedKey = repeatedKey
    }

    // MARK: Reading a node

    package func kind(_ node: Int) -> Kind { nodes[node].kind }

    /// The node after `node`'s subtree: its next sibling, if it has one.
    package func next(_ node: Int) -> Int { Int(nodes[node].next) }

    /// The non-negative integer at `node`; nil when it is anything else
    /// (a float, a negative number, one past `Int.max`, not a number).
    package func integer(_ node: Int) -> Int? {
        let n = nodes[node]
        return n.kind == .number && n.value >= 0 ? n.value : nil
    }

    /// The boolean at `node`, if it is one.
    package func boolean(_ node: Int) -> Bool? {
        nodes[node].kind == .boolean ? nodes[node].flags == 1 : nil
    }

    /// The element count of a list, or the key count of an object.
    package func count(_ node: Int) -> Int { nodes[node].value }

    /// The string at `node`, escapes decoded; nil when it is not a string.
    package func string(_ node: Int) -> String? {
        let n = nodes[node]
        guard n.kind == .string else { return nil }
        let start = Int(n.start) + 1, end = Int(n.end) - 1
        return bytes.withUnsafeBufferPointer { buffer in
            let body = UnsafeBufferPointer(rebasing: buffer[start..<end])
            // Validated while reading: decoding repairs nothing.
            return n.flags & JSONLine.hasEscapes == 0 ? String(decoding: body, as: UTF8.self) : JSONLine.unescaped(body)
        }
    }

    /// Whether the string at `node` is `key` (ASCII, written without escapes by
    /// any encoder of ours; an escaped spelling of it is `key` too).
    func isString(_ node: Int, _ key: StaticString) -> Bool {
        let n = nodes[node]
        guard n.kind == .string else { return false }
        guard n.flags & JSONLine.hasEscapes == 0 else { return string(node) == key.description }
        let count = Int(n.end - n.start) - 2
        guard count == key.utf8CodeUnitCount else { return false }
        let start = Int(n.start) + 1
        for k in 0..<count where bytes[start + k] != key.utf8Start[k] { return false }
        return true
    }

    /// The value written for `key` in the object at `node`, if any.
    package func value(_ key: StaticString, in node: Int) -> Int? {
        var field = node + 1
        for _ in 0..<nodes[node].value {
            if isString(field, key) { return field + 1 }
            field = Int(nodes[field + 1].next)
        }
        return nil
    }

    // MARK: Saying where

    /// One step into a JSON value: a key of an object, or an index of a list.
    enum Component: Equatable {
        case key(String)
        case index(Int)
    }

    /// The steps from the top value to `target`.
    func path(to target: Int) -> [Component] {
        var path: [Component] = []
        var node = 0
        while node != target {
            var child = node + 1
            if nodes[node].kind == .list {
                var n = 0
                while next(child) <= target { child = next(child); n += 1 }
                path.append(.index(n))
                node = child
            } else {
                // An object: a key node, then its value (a key's place is its value's).
                while next(child + 1) <= target { child = next(child + 1) }
                path.append(.key(string(child) ?? ""))
                if child == target { break }
                node = child + 1
            }
        }
        return path
    }

    /// Where `node` is, as messages write a place: the keys from the top
    /// value joined with `.`, each list index in brackets, after `root`.
    func place(of node: Int, root: String) -> String {
        var text = root
        for component in path(to: node) {
            switch component {
            case .key(let key): text += text.isEmpty ? key : "." + key
            case .index(let n): text += "[\(n)]"
            }
        }
        return text
    }

    /// The text of `node` as it was written, cut to `limit` characters.
    package func written(_ node: Int, limit: Int = 80) -> String {
        let text = String(decoding: bytes[Int(nodes[node].start)..<Int(nodes[node].end)], as: UTF8.self)
        return text.count > limit ? String(text.prefix(limit)) + "…" : text
    }

    /// The line and column (both from 1; a column counts Unicode scalars) of `offset` in `bytes`.
    static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for byte in bytes[..<min(offset, bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    /// The line and column where `node` starts.
    func position(of node: Int) -> (line: Int, column: Int) {
        JSONLine.position(of: Int(nodes[node].start), in: bytes)
    }

    // MARK: The cursor

    /// Reads bytes into nodes; every read checks its bounds.
    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var at = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        mutating func skipSpace() {
            while at < bytes.count {
                switch bytes[at] {
                case 0x20, 0x09, 0x0A, 0x0D: at += 1
                default: return
                }
            }
        }

        func fail(_ problem: String) -> SyntaxError { SyntaxError(offset: at, problem: problem) }

        mutating func value(into nodes: inout [Node], depth: Int, repeatedKey: inout (object: Int, key: Int)?) throws(SyntaxError) {
            skipSpace()
            guard at < bytes.count else { throw fail("expected a value but found the end of the line") }
            switch bytes[at] {
            case UInt8(ascii: "{"):
                guard depth < JSONLine.maximumDepth else { throw fail("nested deeper than \(JSONLine.maximumDepth)") }
                try object(into: &nodes, depth: depth, repeatedKey: &repeatedKey)
            case UInt8(ascii: "["):
                guard depth < JSONLine.maximumDepth else { throw fail("nested deeper than \(JSONLine.maximumDepth)") }
                try list(into: &nodes, depth: depth, repeatedKey: &repeatedKey)
            case UInt8(ascii: "\""): try string(into: &nodes)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number(into: &nodes)
            case UInt8(ascii: "t"): try word("true", .boolean, flags: 1, into: &nodes)
            case UInt8(ascii: "f"): try word("false", .boolean, flags: 0, into: &nodes)
            case UInt8(ascii: "n"): try word("null", .null, flags: 0, into: &nodes)
            default: throw fail("expected a value")
            }
        }

        private mutating func append(_ kind: Kind, from start: Int, flags: UInt8 = 0, value: Int = 0, into nodes: inout [Node]) {
            let index = Int32(truncatingIfNeeded: nodes.count)
            nodes.append(Node(start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: at),
                              next: index + 1, kind: kind, flags: flags, value: value))
        }

        private mutating func word(_ text: StaticString, _ kind: Kind, flags: UInt8, into nodes: inout [Node]) throws(SyntaxError) {
            let count = text.utf8CodeUnitCount
            for n in 0..<count where at + n >= bytes.count || bytes[at + n] != text.utf8Start[n] {
                throw fail("expected a value")
            }
            let start = at
            at += count
            append(kind, from: start, flags: flags, into: &nodes)
        }

        private func isDigit(_ offset: Int) -> Bool {
            offset < bytes.count && bytes[offset] >= UInt8(ascii: "0") && bytes[offset] <= UInt8(ascii: "9")
        }

        /// `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`
        private mutating func number(into nodes: inout [Node]) throws(SyntaxError) {
            let start = at
            let isNegative = bytes[at] == UInt8(ascii: "-")
            if isNegative { at += 1 }
            guard isDigit(at) else { throw fail("expected a digit") }
            let digitsStart = at
            var value = 0
            if bytes[at] == UInt8(ascii: "0") {
                at += 1
            } else {
                while isDigit(at) {
                    // 18 digits always fit in an Int; past them, an overflow makes the number no integer of ours.
                    if at - digitsStart < 18 {
                        value = value &* 10 &+ Int(bytes[at] &- UInt8(ascii: "0"))
                    } else if value >= 0 {
                        let (times10, o1) = value.multipliedReportingOverflow(by: 10)
                        let (sum, o2) = times10.addingReportingOverflow(Int(bytes[at] &- UInt8(ascii: "0")))
                        value = o1 || o2 ? -1 : sum
                    }
                    at += 1
                }
            }
            // `-0` is the integer 0, as Foundation's reader has it.
            var isInteger = !isNegative || (value == 0 && at - digitsStart == 1)
            if at < bytes.count && bytes[at] == UInt8(ascii: ".") {
                at += 1
                guard isDigit(at) else { throw fail("expected a digit after '.'") }
                while isDigit(at) { at += 1 }
                isInteger = false
            }
            if at < bytes.count && (bytes[at] == UInt8(ascii: "e") || bytes[at] == UInt8(ascii: "E")) {
                at += 1
                if at < bytes.count && (bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-")) { at += 1 }
                guard isDigit(at) else { throw fail("expected a digit in the exponent") }
                while isDigit(at) { at += 1 }
                isInteger = false
            }
            append(.number, from: start, value: isInteger ? value : -1, into: &nodes)
        }

        private mutating func string(into nodes: inout [Node]) throws(SyntaxError) {
            let start = at
            at += 1
            var flags = JSONLine.isASCII
            while at < bytes.count {
                let byte = bytes[at]
                if byte == UInt8(ascii: "\"") {
                    at += 1
                    if flags & JSONLine.isASCII == 0 {
                        guard validatedUTF8(UnsafeBufferPointer(rebasing: bytes[(start + 1)..<(at - 1)])) != nil else {
                            at = start
                            throw fail("a string that is not valid UTF-8")
                        }
                    }
                    append(.string, from: start, flags: flags, into: &nodes)
                    return
                }
                if byte == UInt8(ascii: "\\") {
                    flags |= JSONLine.hasEscapes
                    try escape()
                    continue
                }
                if byte < 0x20 { throw fail("a control character in a string (write it as an escape)") }
                if byte >= 0x80 { flags &= ~JSONLine.isASCII }
                at += 1
            }
            throw fail("expected '\"' to end the string but found the end of the line")
        }

        /// Checks one escape (`\n`, `\u00e9`, a surrogate pair) and steps over it.
        private mutating func escape() throws(SyntaxError) {
            at += 1
            guard at < bytes.count else { throw fail("expected an escape but found the end of the line") }
            switch bytes[at] {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                 UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                at += 1
            case UInt8(ascii: "u"):
                at += 1
                let unit = try hex4()
                if (0xDC00..<0xE000).contains(unit) { at -= 6; throw fail("a low surrogate escape with no high one before it") }
                guard (0xD800..<0xDC00).contains(unit) else { return }
                guard at + 1 < bytes.count, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u") else {
                    throw fail("expected a low surrogate escape after a high one")
                }
                at += 2
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { at -= 6; throw fail("expected a low surrogate escape after a high one") }
            default:
                throw fail("an unknown escape")
            }
        }

        private mutating func hex4() throws(SyntaxError) -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard at < bytes.count, let digit = JSONLine.hexValue(bytes[at]) else { throw fail("expected four hexadecimal digits") }
                value = value << 4 | digit
                at += 1
            }
            return value
        }

        private mutating func list(into nodes: inout [Node], depth: Int, repeatedKey: inout (object: Int, key: Int)?) throws(SyntaxError) {
            let (index, isEmpty) = open(.list, closedBy: UInt8(ascii: "]"), into: &nodes)
            var count = 0
            if !isEmpty {
                while true {
                    try value(into: &nodes, depth: depth + 1, repeatedKey: &repeatedKey)
                    count += 1
                    if try isClosed(by: UInt8(ascii: "]"), expected: "',' or ']'") { break }
                }
            }
            close(index, count: count, in: &nodes)
        }

        private mutating func object(into nodes: inout [Node], depth: Int, repeatedKey: inout (object: Int, key: Int)?) throws(SyntaxError) {
            let (index, isEmpty) = open(.object, closedBy: UInt8(ascii: "}"), into: &nodes)
            var count = 0
            if !isEmpty {
                while true {
                    skipSpace()
                    guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { throw fail("expected a key (a string)") }
                    let key = nodes.count
                    try string(into: &nodes)
                    if repeatedKey == nil {
                        var earlier = index + 1
                        for _ in 0..<count {
                            if JSONLine.isSame(nodes, earlier, key, bytes) {
                                repeatedKey = (index, key)
                                break
                            }
                            earlier = Int(nodes[earlier + 1].next)
                        }
                    }
                    skipSpace()
                    guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { throw fail("expected ':' after a key") }
                    at += 1
                    try value(into: &nodes, depth: depth + 1, repeatedKey: &repeatedKey)
                    count += 1
                    if try isClosed(by: UInt8(ascii: "}"), expected: "',' or '}'") { break }
                }
            }
            close(index, count: count, in: &nodes)
        }

        /// Starts a list or object at its opening bracket: its node, and
        /// whether `bracket` closes it at once.
        @inline(__always)
        private mutating func open(_ kind: Kind, closedBy bracket: UInt8, into nodes: inout [Node]) -> (index: Int, isEmpty: Bool) {
            let index = nodes.count
            append(kind, from: at, into: &nodes)
            at += 1
            skipSpace()
            guard at < bytes.count && bytes[at] == bracket else { return (index, false) }
            at += 1
            return (index, true)
        }

        /// After an element of a list or object: true past its closing
        /// bracket, false past a comma with more to come. A comma before the
        /// closing bracket is allowed, as Foundation's reader allows it.
        @inline(__always)
        private mutating func isClosed(by bracket: UInt8, expected: String) throws(SyntaxError) -> Bool {
            skipSpace()
            guard at < bytes.count else { throw fail("expected \(expected) but found the end of the line") }
            if bytes[at] == bracket {
                at += 1
                return true
            }
            guard bytes[at] == UInt8(ascii: ",") else { throw fail("expected \(expected)") }
            at += 1
            skipSpace()
            guard at < bytes.count && bytes[at] == bracket else { return false }
            at += 1
            return true
        }

        /// Ends the list or object at `index`: its text, its subtree, its count.
        private func close(_ index: Int, count: Int, in nodes: inout [Node]) {
            nodes[index].end = Int32(truncatingIfNeeded: at)
            nodes[index].next = Int32(truncatingIfNeeded: nodes.count)
            nodes[index].value = count
        }
    }

    /// Whether two key nodes spell the same key, while reading (before a `JSONLine` exists).
    private static func isSame(_ nodes: [Node], _ a: Int, _ b: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let x = nodes[a], y = nodes[b]
        let xs = Int(x.start) + 1, xe = Int(x.end) - 1, ys = Int(y.start) + 1, ye = Int(y.end) - 1
        let isPlain = (x.flags & y.flags & isASCII) != 0 && (x.flags | y.flags) & hasEscapes == 0
        if isPlain {
            guard xe - xs == ye - ys else { return false }
            return bytes[xs..<xe].elementsEqual(bytes[ys..<ye])
        }
        func text(_ n: Node, _ s: Int, _ e: Int) -> String {
            let body = UnsafeBufferPointer(rebasing: bytes[s..<e])
            return n.flags & hasEscapes == 0 ? String(decoding: body, as: UTF8.self) : unescaped(body)
        }
        return text(x, xs, xe) == text(y, ys, ye)
    }

    /// A string's body with its escapes decoded (checked while reading).
    static func unescaped(_ body: UnsafeBufferPointer<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        var plainStart = 0, at = 0
        func flushPlain() {
            scalars.append(contentsOf: String(decoding: UnsafeBufferPointer(rebasing: body[plainStart..<at]), as: UTF8.self).unicodeScalars)
        }
        func hex4(_ offset: Int) -> UInt32 {
            (0..<4).reduce(0) { $0 << 4 | (hexValue(body[offset + $1]) ?? 0) }
        }
        while at < body.count {
            guard body[at] == UInt8(ascii: "\\") else {
                at += 1
                continue
            }
            flushPlain()
            let escaped = body[at + 1]
            at += 2
            switch escaped {
            case UInt8(ascii: "u"):
                let unit = hex4(at)
                at += 4
                if (0xD800..<0xDC00).contains(unit) {
                    let low = hex4(at + 2)
                    at += 6
                    scalars.append(Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}")
                } else {
                    scalars.append(Unicode.Scalar(unit) ?? "\u{FFFD}")
                }
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "b"): scalars.append("\u{8}")
            case UInt8(ascii: "f"): scalars.append("\u{C}")
            default: scalars.append(Unicode.Scalar(escaped))
            }
            plainStart = at
        }
        flushPlain()
        return String(scalars)
    }

    /// The value of an ASCII hexadecimal digit.
    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A")) + 10
        default: return nil
        }
    }
}

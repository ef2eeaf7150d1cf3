/// Finds the first key that is not plain text, before the YAML is composed. Yams checks a mapping's keys
/// for duplicates by hashing each key whole, so a key that is an alias costs the size of everything it
/// repeats: an alias bomb in a key position (`? *bomb`, `*bomb : 1`) hung the composer, before any limit
/// could count (R27). Scenario files only ever have plain keys, so an alias, a list, a mapping or an
/// explicit `?` in a key's place is refused at its place instead.
///
/// This is a light scan, not a YAML parser: it skips comments, quoted text and block scalars (`|`, `>`),
/// and looks at what starts each token. Linear in the text.
enum KeyScreen {
    /// Where the first key that is not plain text is, and what it is; nil when every key is plain.
    static func firstComplexKey(in text: String) -> (location: SourceLocation, what: String)? {
        var quote: Unicode.Scalar?
        var blockParent: Int?
        for (lineIndex, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let scalars = Array(line.unicodeScalars)
            let indent = scalars.prefix { $0 == " " }.count
            if let parent = blockParent {
                if indent == scalars.count || indent > parent { continue }
                blockParent = nil
            }
            var index = 0
            var previous: Unicode.Scalar?   // the last character before this one that is not a space
            while index < scalars.count {
                let c = scalars[index]
                if let open = quote {
                    if c == "\\", open == "\"" { index += 2; continue }
                    if c == "'", open == "'", index + 1 < scalars.count, scalars[index + 1] == "'" { index += 2; continue }
                    if c == open { quote = nil; previous = c }
                    index += 1
                    continue
                }
                let startsToken = previous == nil || ":-[{,?".unicodeScalars.contains(previous!)
                    && (index == 0 || scalars[index - 1] == " " || "[{,".unicodeScalars.contains(previous!))
                func location() -> SourceLocation { SourceLocation(line: lineIndex + 1, column: index + 1) }
                func followedByColon(from start: Int) -> Bool {
                    var after = start
                    while after < scalars.count, scalars[after] == " " { after += 1 }
                    return after < scalars.count && scalars[after] == ":"
                        && (after + 1 == scalars.count || " ,]}".unicodeScalars.contains(scalars[after + 1]))
                }
                switch c {
                case "#" where index == 0 || scalars[index - 1] == " ":
                    index = scalars.count
                    continue
                case "'" where startsToken, "\"" where startsToken:
                    quote = c
                case "*" where startsToken:
                    var end = index + 1
                    while end < scalars.count, scalars[end].properties.isAlphabetic || ("0"..."9").contains(scalars[end])
                        || scalars[end] == "_" || scalars[end] == "-" { end += 1 }
                    if followedByColon(from: end) { return (location(), "an alias") }
                    index = end
                    previous = "a"
                    continue
                case "?" where startsToken && (index + 1 == scalars.count || scalars[index + 1] == " "):
                    return (location(), "an explicit key ('?')")
                case "]", "}":
                    if followedByColon(from: index + 1) { return (location(), c == "]" ? "a list" : "a mapping") }
                case "|" where previous == ":" || previous == "-", ">" where previous == ":" || previous == "-":
                    // A block scalar: its lines are text, down to the first line no deeper than its key.
                    let rest = scalars[(index + 1)...].prefix { $0 != "#" }
                    if rest.allSatisfy({ $0 == " " || $0 == "+" || $0 == "-" || ("0"..."9").contains($0) }) {
                        var parent = indent
                        var k = indent
                        while k + 1 < scalars.count, scalars[k] == "-", scalars[k + 1] == " " {
                            k += 2
                            while k < scalars.count, scalars[k] == " " { k += 1 }
                            parent = k
                        }
                        blockParent = parent
                        index = scalars.count
                        continue
                    }
                default:
                    break
                }
                if c != " " { previous = c }
                index += 1
            }
        }
        return nil
    }
}

import Foundation
import ResponderLab

/// The scenarios a page can pick by name: the files given on the command line, then the bundled ones.
/// A page names one from this list; it never gives a path, so it reads no other file.
struct ScenarioCatalog: Sendable {
    /// Names as shown, and the files they read.
    let entries: [(name: String, path: String)]

    init(files: [String], bundled: URL?) {
        var entries: [(String, String)] = []
        for file in files {
            let name = (file as NSString).lastPathComponent
            entries.append((entries.contains { $0.0 == name } ? file : name, file))
        }
        if let bundled, let names = try? FileManager.default.contentsOfDirectory(atPath: bundled.path) {
            for name in names.sorted() where name.hasSuffix(".yaml") && !entries.contains(where: { $0.0 == name }) {
                entries.append((name, bundled.appendingPathComponent(name).path))
            }
        }
        self.entries = entries
    }

    var names: [String] { entries.map(\.name) }

    /// The text of the scenario named `name`, or what went wrong.
    func text(of name: String) -> Result<(text: String, path: String), ProtocolError> {
        guard let entry = entries.first(where: { $0.name == name }) else {
            return .failure(ProtocolError("no scenario named '\(name)' (pick one from the list)"))
        }
        guard let data = FileManager.default.contents(atPath: entry.path), let text = String(data: data, encoding: .utf8) else {
            return .failure(ProtocolError("\(entry.path): cannot read the file"))
        }
        return .success((text, entry.path))
    }
}

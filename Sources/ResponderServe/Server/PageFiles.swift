import Foundation

/// The playground's page: `Page/index.html`, `Page/style.css` and its scripts (`Page/app.js`, which
/// uses `Page/labels.js` for the scene's labels and `Page/timeline.js` for the timeline), package resources
/// (`Bundle.module`) read once when the server starts and served from memory. Nothing comes from the
/// network, so the page works offline.
struct PageFiles: Sendable {
    /// A file as served: its bytes and its content type.
    struct File: Sendable {
        var body: Data
        var type: String
    }

    /// By path: `/` and `/index.html` are the page, `/style.css` its style, and each script by its name.
    static let scripts = ["app.js", "labels.js", "timeline.js"]
    let files: [String: File]

    /// Reads the files from the package's resources, or says which one is missing and where it was
    /// looked for.
    init() throws {
        func read(_ name: String, _ type: String) throws -> File {
            guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Page"),
                  let body = FileManager.default.contents(atPath: url.path) else {
                throw PageFilesError("the page's file \(name) is missing from \(Bundle.module.bundlePath)/Page: rebuild responder-serve")
            }
            return File(body: body, type: type)
        }
        let html = try read("index.html", "text/html; charset=utf-8")
        var files = ["/": html, "/index.html": html, "/style.css": try read("style.css", "text/css; charset=utf-8")]
        for script in Self.scripts { files["/" + script] = try read(script, "text/javascript; charset=utf-8") }
        self.files = files
    }
}

struct PageFilesError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

import Foundation
import XCTest

/// The DocC archives as the README says to read them: built for static hosting into `.build/docs`,
/// that folder served as the site's root by a plain static web server (the README's
/// `python3 -m http.server`), and a page opened in real headless Chromium. A page whose scripts or
/// styles do not load renders blank; the test waits for the page's title and text to be drawn.
///
/// It needs the archives: RESPONDERKIT_DOCS_SITE names the folder they were built into (CI sets it
/// after building them, `.ci/run`); without it the test is skipped. Chromium, chromedriver and
/// python3 missing are a skip too, unless RESPONDERKIT_BROWSER_TEST=required.
final class DocumentationSiteTests: XCTestCase {

    /// A static web server serving `folder` on a free loopback port, started as the README says.
    private final class StaticServer {
        let process = Process()
        let port: UInt16

        init(python: String, folder: String) throws {
            port = WebDriver.freePort()
            process.executableURL = URL(fileURLWithPath: python)
            process.arguments = ["-m", "http.server", String(port), "--bind", "127.0.0.1", "--directory", folder]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let deadline = Date(timeIntervalSinceNow: 15)
            while Date() < deadline {
                if (try? HTTP.request(port: port, method: "GET", path: "/", timeout: 2)) != nil { return }
                usleep(100_000)
            }
            process.terminate()
            throw ServerProcessError("python3 -m http.server did not answer on port \(port) within 15 s")
        }

        func stop() {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
    }

    func testEachArchiveServedFromTheSitesRootRendersItsPagesInABrowser() throws {
        guard let site = ProcessInfo.processInfo.environment["RESPONDERKIT_DOCS_SITE"] else {
            throw XCTSkip("RESPONDERKIT_DOCS_SITE is not set: build the documentation (README, Documentation) and set it to .build/docs")
        }
        guard let chromium = BrowserTests.tool(["chromium", "chromium-browser", "google-chrome"]),
              let driverPath = BrowserTests.tool(["chromedriver"]), let python = BrowserTests.tool(["python3"]) else {
            let message = "Chromium, chromedriver or python3 is not installed: the documentation site is not checked"
            if BrowserTests.required { throw ServerProcessError(message + ", and RESPONDERKIT_BROWSER_TEST=required") }
            throw XCTSkip(message)
        }
        let root = URL(fileURLWithPath: site, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).path
        for archive in ["ResponderKit", "ResponderLab"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: "\(root)/\(archive)/index.html"), "no archive at \(root)/\(archive)")
        }
        let server = try StaticServer(python: python, folder: root)
        defer { server.stop() }
        let driver = try WebDriver(chromedriver: driverPath, chromium: chromium)
        defer { driver.quit() }

        // Each archive's top page, and an article with a code listing, as the README's addresses say.
        let pages = [
            ("/ResponderKit/documentation/responderkit/", "ResponderKit", "UIKit"),
            ("/ResponderKit/documentation/responderkit/gettingstarted", "Getting started", "import ResponderKit"),
            ("/ResponderLab/documentation/responderlab/", "ResponderLab", "scenario"),
        ]
        for (path, title, text) in pages {
            try driver.open("http://127.0.0.1:\(server.port)\(path)")
            var seen = ""
            do {
                try driver.waitUntil("render \(path) with its title '\(title)'", timeout: 10) {
                    seen = try driver.script("return document.querySelector('h1') ? document.querySelector('h1').textContent.trim() : ''") as? String ?? ""
                    return seen == title
                }
            } catch {
                let body = try driver.script("return document.body ? document.body.innerText.slice(0, 300) : ''") as? String ?? ""
                XCTFail("\(path) rendered blank or broken: title \(seen.debugDescription), text \(body.debugDescription) (\(error))")
                continue
            }
            let body = try driver.script("return document.body.innerText") as? String ?? ""
            XCTAssertTrue(body.contains(text), "\(path) shows its text (\(text)): \(body.prefix(300))")
            // theme-settings.json is optional: the renderer asks for it and does without.
            let failed = try driver.script("""
                return performance.getEntriesByType('resource')
                    .filter(r => r.responseStatus >= 400 && !r.name.endsWith('/theme-settings.json')).map(r => r.name)
                """) as? [String] ?? []
            XCTAssertEqual(failed, [], "\(path) requested files the server does not have")
        }
    }
}

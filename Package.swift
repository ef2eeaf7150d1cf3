// swift-tools-version: 6.0
import PackageDescription
import class Foundation.ProcessInfo

let package = Package(
    name: "ResponderKit",
    products: [
        .library(name: "ResponderKit", targets: ["ResponderKit"]),
        .library(name: "ResponderLab", targets: ["ResponderLab"]),
        .executable(name: "responder", targets: ["responder"]),
        // The browser playground: its own executable, so the replay tool builds without a server stack.
        .executable(name: "responder-serve", targets: ["responder-serve"]),
    ],
    dependencies: [
        // Tools only: the ResponderKit library itself depends on Foundation alone.
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // The playground's sockets: FlyingSocks, its non-blocking sockets and epoll queue (ResponderServe only).
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    ],
    targets: [
        // The event-delivery engine. Foundation only, by design.
        .target(name: "ResponderKit"),
        // Scenario files, their replay, traces, explanations and pictures.
        .target(name: "ResponderLab", dependencies: ["ResponderKit", .product(name: "Yams", package: "Yams")]),
        // The command-line tool: parses arguments and calls ResponderLab.
        .executableTarget(name: "responder", dependencies: [
            "ResponderLab", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // The playground: server, protocol, sessions and page (docs/playground.md). The page's HTML, style
        // and script are resources, served from memory (Bundle.module).
        .target(name: "ResponderServe", dependencies: ["ResponderLab", .product(name: "FlyingSocks", package: "FlyingFox")],
                resources: [.copy("Page")]),
        .executableTarget(name: "responder-serve", dependencies: [
            "ResponderServe", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .testTarget(name: "ResponderKitTests", dependencies: ["ResponderKit"]),
        .testTarget(name: "ResponderLabTests", dependencies: ["ResponderLab"]),
        // Property-based fuzzing, leak checks, hostile scenario files and the soak (see README, Robustness).
        .testTarget(name: "RobustnessTests", dependencies: ["ResponderKit", "ResponderLab"]),
        // It depends on responder-serve so that the executable is built for the socket and browser tests.
        .testTarget(name: "ServeTests", dependencies: ["ResponderServe", "responder-serve", "ResponderLab", "ResponderKit"]),
    ]
)

// The DocC catalogs build with swift-docc-plugin (`swift package generate-documentation`). It links into
// nothing, but SwiftPM compiles a command plugin's scripts on every fresh build of a package that depends
// on it (measured: 30 to 60 s more for a fresh `swift build`). So the dependency is added only when
// RESPONDERKIT_DOCS is set, and the README's first command does not pay for it. README, Documentation.
if ProcessInfo.processInfo.environment["RESPONDERKIT_DOCS"] != nil {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
}

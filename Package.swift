// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ResponderKit",
    products: [
        .library(name: "ResponderKit", targets: ["ResponderKit"]),
        .executable(name: "responder", targets: ["responder"]),
    ],
    targets: [
        // The event-delivery engine. Foundation only, by design.
        .target(name: "ResponderKit"),
        .executableTarget(name: "responder", dependencies: ["ResponderKit"]),
        .testTarget(name: "ResponderKitTests", dependencies: ["ResponderKit"]),
    ]
)

// swift-tools-version: 6.0
import PackageDescription

// The coverage-guided fuzz target for the scenario loader, in its own package so that the main package
// builds and tests with nothing but Swift. It only links with libFuzzer, which supplies `main`:
//
//     swift build --package-path Fuzz -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -use-ld=lld
//
// README.md (Robustness) says how to run it; .ci/run runs it for a bounded time.
let package = Package(
    name: "ResponderKitFuzz",
    dependencies: [
        .package(name: "ResponderKit", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "ScenarioFuzzer",
            dependencies: [.product(name: "ResponderLab", package: "ResponderKit")],
            path: "ScenarioFuzzer"
        ),
    ]
)

// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "ResponderKitBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "ResponderKit", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "ResponderKitBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "ResponderKit", package: "ResponderKit"),
                .product(name: "ResponderLab", package: "ResponderKit"),
                "BenchmarkScenes",
            ],
            path: "Benchmarks/ResponderKitBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Instructions per operation under valgrind (instructions.sh): the library alone, so it builds fast.
        // Not in a folder named `Benchmarks`: the benchmark plugin runs every executable target there.
        .executableTarget(
            name: "InstructionCounts",
            dependencies: [.product(name: "ResponderKit", package: "ResponderKit"), "BenchmarkScenes"],
            path: "Tools/InstructionCounts"
        ),
        // The live loop under a flood of input from other threads: turn length, latency, port size (BENCHMARKS.md).
        .executableTarget(
            name: "LiveFlood",
            dependencies: [.product(name: "ResponderKit", package: "ResponderKit"), "BenchmarkScenes"],
            path: "Tools/LiveFlood"
        ),
        // The scenes both measure alike (the hit-test trees), built in one place.
        .target(
            name: "BenchmarkScenes",
            dependencies: [.product(name: "ResponderKit", package: "ResponderKit")],
            path: "Tools/BenchmarkScenes"
        ),
    ]
)

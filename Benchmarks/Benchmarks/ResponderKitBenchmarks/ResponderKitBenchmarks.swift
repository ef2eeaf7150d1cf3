import Benchmark
import ResponderKit

let benchmarks: @Sendable () -> Void = {
    Benchmark("noop") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(0) }
    }
}

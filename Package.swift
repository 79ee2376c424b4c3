// swift-tools-version:6.0
import PackageDescription

/// The same kernels built for x86-64 processors with AVX2 and FMA (Sources/NetworkKernelsAVX2 holds
/// a link to NetworkKernels' source, and the 16-bit integer products), and the integer products
/// again for processors with AVX-512 VNNI (Sources/NetworkKernelsVNNI: a link; the compiler fuses
/// each multiply and add into one `vpdpwssd`); Recognition uses them where /proc/cpuinfo lists
/// the flags.
#if arch(x86_64)
let wideKernels: [Target] = [
    .target(
        name: "NetworkKernelsAVX2",
        swiftSettings: [.unsafeFlags(["-Ounchecked", "-target-cpu", "haswell"]), .define("FUSED_MULTIPLY_ADD")]),
    .target(
        name: "NetworkKernelsVNNI",
        swiftSettings: [
            .unsafeFlags(["-Ounchecked", "-target-cpu", "haswell", "-Xcc", "-mavx512vnni", "-Xcc", "-mavx512vl"])
        ]),
]
#else
let wideKernels: [Target] = []
#endif

let package = Package(
    name: "notebook-index",
    products: [
        .executable(name: "notebook-index", targets: ["notebook-index"]),
        .library(name: "DrawingModel", targets: ["DrawingModel"]),
        .library(name: "Recognition", targets: ["Recognition"]),
    ],
    targets: [
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        // Debian's libzinnia-dev: the online character recognizer behind Chinese and Japanese (its
        // header; DeferredLibraries opens the library)
        .systemLibrary(name: "CZinnia", path: "Sources/CZinnia"),
        // Debian's libmicrohttpd-dev: the HTTP server of `serve`
        .systemLibrary(name: "CMicroHTTPD", path: "Sources/CMicroHTTPD"),
        // libmicrohttpd, libzinnia and libdbus (the session bus of `search-provider`) opened by the
        // code that uses them, not linked: a command that uses none starts without them
        .target(name: "DeferredLibraries", dependencies: ["CMicroHTTPD", "CZinnia"]),
        .target(name: "DrawingModel"),
        .target(name: "SeededRandom"),
        // how text is folded for matching, shared by the index and the recognizer's own search, and
        // Windows-1252 (the decoder's bytes, the PDF's text)
        .target(name: "TextMatching"),
        .target(name: "NotebookFormats", dependencies: ["DrawingModel", "TextMatching", "CZlib"]),
        // the network's numeric loops, alone without overflow and precondition checks
        .target(name: "NetworkKernels", swiftSettings: [.unsafeFlags(["-Ounchecked"])]),
        .target(
            name: "Recognition",
            dependencies: [
                "DrawingModel", "NetworkKernels", "TextMatching", "CZinnia", "DeferredLibraries", "SeededRandom",
            ]
                + wideKernels.map { .target(name: $0.name) },
            resources: [.copy("Resources")]),
        .target(
            name: "SearchIndex",
            dependencies: ["DrawingModel", "NotebookFormats", "Recognition", "TextMatching", "CSQLite"]),
        .target(
            name: "NotebookIndexCLI",
            dependencies: [
                "SearchIndex", "NotebookFormats", "Recognition", "DrawingModel", "CMicroHTTPD", "DeferredLibraries",
            ]),
        // Linked by lld, the toolchain's own linker, with the relative relocations packed (DT_RELR,
        // glibc 2.36 on): the dynamic loader reads them from a table a small fraction of the
        // size, at every start (Swift's default linker on Linux, gold, cannot pack them).
        .executableTarget(
            name: "notebook-index", dependencies: ["NotebookIndexCLI"],
            linkerSettings: [.unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"])]),
        // Apart from the product, under Sources/Tools: the recognizer's benchmarks, what they
        // share, and the readers' fuzzer
        .executableTarget(
            name: "recognizer-bench", dependencies: ["BenchSupport", "Recognition", "DrawingModel"],
            path: "Sources/Tools/recognizer-bench"),
        .executableTarget(
            name: "adapt-bench", dependencies: ["BenchSupport", "Recognition", "DrawingModel"],
            path: "Sources/Tools/adapt-bench"),
        .target(name: "BenchSupport", dependencies: ["DrawingModel"], path: "Sources/Tools/BenchSupport"),
        .executableTarget(
            name: "cjk-bench",
            dependencies: ["BenchSupport", "Recognition", "DrawingModel", "NotebookFormats", "TextMatching"],
            path: "Sources/Tools/cjk-bench"),
        .executableTarget(
            name: "verdict-rows", dependencies: ["BenchSupport", "Recognition", "DrawingModel"],
            path: "Sources/Tools/verdict-rows"),
        .executableTarget(
            name: "notebook-fuzz", dependencies: ["NotebookFormats", "DrawingModel", "Recognition", "SeededRandom"],
            path: "Sources/Tools/notebook-fuzz"),
        .testTarget(name: "DrawingModelTests", dependencies: ["DrawingModel", "SeededRandom"]),
        .testTarget(
            name: "NotebookFormatsTests",
            dependencies: ["NotebookFormats", "DrawingModel", "TextMatching", "SeededRandom"]),
        .testTarget(
            name: "RecognitionTests",
            dependencies: ["Recognition", "NetworkKernels", "DrawingModel", "SeededRandom", "TextMatching"]
                + wideKernels.map { .target(name: $0.name) }),
        .testTarget(
            name: "SearchIndexTests",
            dependencies: [
                "SearchIndex", "NotebookFormats", "Recognition", "TextMatching", "DrawingModel", "SeededRandom",
            ]),
        .testTarget(
            name: "NotebookIndexCLITests",
            dependencies: ["NotebookIndexCLI", "SearchIndex", "NotebookFormats", "SeededRandom"]),
    ] + wideKernels
)

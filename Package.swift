// swift-tools-version:6.0
import PackageDescription

// No outside Swift packages: everything beyond the toolchain comes from
// Debian's C libraries through system-library targets.

// The modules that parse, count, lay out numbers and write JSON are
// optimized in debug builds too: the tests run them (in process, and as the
// isle binary they start) over large and random documents, and unoptimized
// they cost the suite more than twice the CPU. Page, IsleCLI and the modules
// of its rooms (Files, Walk, Editing, Terminal, Reader) stay as debug builds
// are, as do the tests, so that a pager laying out a large page
// still takes seconds (the signal tests need it busy). ISLE_ONONE=1 in the
// environment builds all of it unoptimized, for a debugger.
let optimized: [SwiftSetting] =
  Context.environment["ISLE_ONONE"] == nil
  ? [.unsafeFlags(["-O"], .when(configuration: .debug))] : []

let package = Package(
  name: "isle",
  products: [
    .executable(name: "isle", targets: ["isle"])
  ],
  targets: [
    .systemLibrary(
      name: "CCmarkGFM",
      path: "Sources/CCmarkGFM",
      pkgConfig: "libcmark-gfm",
      providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
    ),
    .systemLibrary(
      name: "CGumbo",
      path: "Sources/CGumbo",
      pkgConfig: "gumbo",
      providers: [.apt(["libgumbo-dev"])]
    ),
    // Not through pkg-config: Debian's libutf8proc.pc gives its users
    // -DUTF8PROC_EXPORTS (the library's own build flag, which does nothing
    // off Windows), and SwiftPM warns of it on every build. The header is
    // in /usr/include and the module map links the library.
    // (scripts/install-deps installs libutf8proc-dev.)
    .systemLibrary(name: "CUtf8proc", path: "Sources/CUtf8proc"),
    .systemLibrary(
      name: "CYaml",
      path: "Sources/CYaml",
      pkgConfig: "yaml-0.1",
      providers: [.apt(["libyaml-dev"])]
    ),
    // Work side by side, results in order: the one concurrency tool.
    .target(name: "Parallel", swiftSettings: optimized),
    .target(
      name: "Outline", dependencies: ["CCmarkGFM", "CGumbo", "CUtf8proc", "Parallel"],
      swiftSettings: optimized,
      // The program's definition of this cmark-gfm function is to be the
      // one the library calls (see Sources/Outline/SpecialCharacters.swift).
      linkerSettings: [
        .unsafeFlags([
          "-Xlinker", "--export-dynamic-symbol=cmark_manage_extensions_special_characters",
        ])
      ]),
    // Terminal cell widths from utf8proc. The one C library outside
    // Outline: Island needs widths, and a Swift table of East Asian widths
    // would be ours to keep current with every Unicode release.
    .target(name: "Cells", dependencies: ["CUtf8proc"], swiftSettings: optimized),
    .target(name: "Progress", dependencies: ["Outline", "Cells"], swiftSettings: optimized),
    // Links found by Outline's walk, resolved against headings and files.
    .target(name: "Links", dependencies: ["Outline", "Cells"], swiftSettings: optimized),
    .target(
      name: "Island", dependencies: ["Outline", "Progress", "Links", "Cells"],
      swiftSettings: optimized),
    // A document laid out for a width, in lines that know their bytes.
    .target(name: "Page", dependencies: ["CCmarkGFM", "CGumbo", "Outline", "Cells"]),
    // The Language Server Protocol: framing, messages, open documents.
    .target(
      name: "LanguageServer", dependencies: ["Outline", "Progress", "Links", "Island", "Parallel"],
      swiftSettings: optimized),
    // The Model Context Protocol for agents: the tools over `isle`'s commands.
    .target(name: "MCP", dependencies: ["LanguageServer", "Outline"]),
    // Books: a table of contents (SUMMARY.md, mkdocs.yml, a folder) read
    // into chapters in the book's order.
    .target(name: "Book", dependencies: ["CYaml"]),
    // Files in and out: bytes loaded (a regular file mapped), written
    // whole or not at all, and the streams output goes to.
    .target(name: "Files"),
    // The folder walk with ignore rules (as ripgrep's `ignore` crate has
    // them), and what a document's folders say: its repository's root, its
    // site's slug flavour.
    .target(name: "Walk", dependencies: ["Files", "Outline", "Links", "Parallel"]),
    // Documents rewritten in place: the contents list between its markers,
    // fragments fixed, and the diff that shows either.
    .target(name: "Editing", dependencies: ["Outline", "Island", "Links"]),
    // The terminal device: raw mode, size, keys, the one event loop, the
    // escape codes, and the rescue that puts it back on signals and crashes.
    .target(name: "Terminal", dependencies: ["Files", "Island"]),
    // The pager: its state a value, drawn on the terminal.
    .target(
      name: "Reader",
      dependencies: ["Terminal", "Files", "Page", "Outline", "Island", "Progress", "Cells"]),
    .target(
      name: "IsleCLI",
      dependencies: [
        "Book", "Outline", "Progress", "Links", "Island", "Parallel", "Cells", "Page",
        "LanguageServer",
        "MCP", "Files", "Walk", "Editing", "Terminal", "Reader",
      ]),
    .executableTarget(name: "isle", dependencies: ["IsleCLI", "Files", "Terminal"]),
    // Starting programs from the tests: posix_spawn with a deadline.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(
      name: "OutlineTests", dependencies: ["Outline", "TestSupport"],
      // Inputs the fuzzers found, and slug fixtures, read by path.
      exclude: ["Regressions", "SlugFixtures", "SlugGoldens", "CommonMarkSpec"]),
    .testTarget(name: "BookTests", dependencies: ["Book"]),
    .testTarget(name: "ProgressTests", dependencies: ["Progress", "Outline", "TestSupport"]),
    .testTarget(name: "LinksTests", dependencies: ["Links", "Outline", "TestSupport"]),
    .testTarget(
      name: "LanguageServerTests",
      dependencies: ["LanguageServer", "Links", "Outline", "Parallel", "TestSupport"]),
    .testTarget(
      name: "IslandTests", dependencies: ["Island", "Progress", "Outline", "Cells", "TestSupport"],
      // Python's wcwidth table, read by path.
      exclude: ["Widths"]),
    .testTarget(
      name: "PageTests", dependencies: ["Page", "Outline", "TestSupport"],
      // Golden layouts, read by path.
      exclude: ["Goldens"]),
    .testTarget(name: "WalkTests", dependencies: ["Walk", "Files", "TestSupport"]),
    .testTarget(name: "TerminalTests", dependencies: ["Terminal", "Island", "TestSupport"]),
    .testTarget(
      name: "ReaderTests",
      dependencies: [
        "Reader", "Terminal", "Page", "Outline", "Island", "Cells", "Progress", "TestSupport",
      ]),
    .testTarget(
      name: "IsleCLITests",
      dependencies: [
        "IsleCLI", "Outline", "Links", "Cells", "LanguageServer", "Files", "Walk", "Editing",
        "Terminal", "Reader", "TestSupport",
      ],
      // Golden files, read by path: not sources, not resources.
      exclude: ["Snapshots"]),
  ]
)

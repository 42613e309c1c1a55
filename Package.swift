// swift-tools-version:6.0
import PackageDescription

// No outside Swift packages: everything beyond the toolchain comes from
// Debian's C libraries through system-library targets.

// isle's version, in this one place: `isle --version`, the Makefile and the
// Debian package (`make deb`) read it here.
let version = "0.1.0"

// The commit the build is of, as the Makefile finds it (ISLE_COMMIT, empty
// outside a git checkout; `-modified` when the tree differs from it). Not
// Context.gitInformation: SwiftPM caches it with the manifest, so it stays
// at the commit of the manifest's last edit (swift-package-manager#8202),
// while the environment is part of that cache's key.
let commit = (Context.environment["ISLE_COMMIT"] ?? "").filter {
  $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-")
}

// The modules that parse, count, lay out pages and numbers and write JSON
// are optimized in debug builds too: the tests run them (in process, and as
// the isle binary they start) over large and random documents, and
// unoptimized they cost the suite more than twice the CPU. IsleCLI and the
// modules of its rooms (Files, Walk, Editing, Terminal, Options) stay as
// debug builds are, as do the tests: they are the modules most often
// edited, and each edit of an optimized module compiles more slowly. (The
// signal tests keep the pager busy with ISLE_TEST_BUSY, not with a slow
// build.) ISLE_ONONE=1 in the environment builds all of it unoptimized, for
// a debugger.
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
    // The version and the commit, as C strings: a Swift -D carries no value.
    .target(
      name: "BuildInfo",
      cSettings: [
        .define("ISLE_VERSION", to: "\"\(version)\""), .define("ISLE_COMMIT", to: "\"\(commit)\""),
      ]),
    // JSON read into values and written as bytes: the one reader and the
    // one writer, for the commands' output, the language server and MCP.
    .target(name: "JSON", swiftSettings: optimized),
    // Work side by side, results in order: the one concurrency tool.
    .target(name: "Parallel", swiftSettings: optimized),
    // The outline is five modules, each using only those before it: ids and
    // reading time at the bottom (other modules use them too), what the
    // parsers find above them, the HTML reader above that (it reads a
    // Markdown document's HTML blocks too, so it is below Markdown), and
    // Outline on top, which reads Markdown, cuts a large one in pieces (the
    // two call each other, so they are one module in two folders) and makes
    // the sections. So no module is over 40 files.
    //
    // Heading ids as each site or tool makes them, and the heading text they
    // start from. Swift but for the one compatibility decomposition (NFKD)
    // Python-Markdown's ids start from, which the standard library lacks:
    // utf8proc's, as Cells takes widths from it.
    .target(name: "Slugs", dependencies: ["CUtf8proc"], swiftSettings: optimized),
    // Reading time: words and CJK characters counted, the rates, minutes
    // shared out so the rows add up, and the timeline the time left is read
    // from. Pure Swift; Progress reads the time left with it.
    .target(name: "ReadingTime", swiftSettings: optimized),
    // Tokens as an embedder counts them: a tiktoken rank file's byte pairs
    // merged after its encoding's pre-split (written out by hand over
    // utf8proc's categories, no regular expressions), a Hugging Face
    // tokenizer.json (WordPiece, byte-level BPE; read with JSON), or an
    // estimate.
    .target(name: "Tokens", dependencies: ["CUtf8proc", "JSON"], swiftSettings: optimized),
    // What the parsers find in a document, before an outline is made of it:
    // headings, stretches of reading, contents markers, links and anchors;
    // and a title written back as Markdown, the one escaper every module
    // that writes Markdown shares. utf8proc folds link labels' case as cmark
    // does.
    .target(
      name: "Found", dependencies: ["CUtf8proc", "ReadingTime", "Slugs"], swiftSettings: optimized),
    // HTML pages read into findings: gumbo's whole parse and the fast path
    // that models it, the scope (`--within`), the nesting probe, and the
    // encodings pages declare.
    .target(
      name: "HTMLOutline", dependencies: ["CGumbo", "Found", "ReadingTime", "Slugs"],
      swiftSettings: optimized),
    // Bytes in, sections out: Markdown read with cmark-gfm (Markdown/), a
    // large document in pieces side by side (Pieces/), and the document
    // assembled from what either reader found.
    .target(
      name: "Outline",
      dependencies: ["CCmarkGFM", "Found", "HTMLOutline", "Parallel", "ReadingTime", "Slugs"],
      swiftSettings: optimized,
      // The program's definition of this cmark-gfm function is to be the
      // one the library calls (see Sources/Outline/Markdown/SpecialCharacters.swift).
      linkerSettings: [
        .unsafeFlags([
          "-Xlinker", "--export-dynamic-symbol=cmark_manage_extensions_special_characters",
        ])
      ]),
    // Terminal cell widths from utf8proc, the one C library outside the
    // outline's modules: Island needs widths, and a Swift table of East
    // Asian widths would be ours to keep current with every Unicode release.
    .target(name: "Cells", dependencies: ["CUtf8proc"], swiftSettings: optimized),
    .target(
      name: "Progress", dependencies: ["Outline", "Found", "ReadingTime", "Cells"],
      swiftSettings: optimized),
    // Links found by Outline's walk, resolved against headings and files.
    .target(name: "Links", dependencies: ["Outline", "Found", "Cells", "Files"], swiftSettings: optimized),
    // Records for retrieval: a section's embed and tokens, cut to a token
    // limit at blocks, lines, rows, sentences, words and tokens, with the
    // key and hash that keep it from one run to the next.
    .target(name: "Chunks", dependencies: ["Progress", "ReadingTime", "Tokens", "Cells"], swiftSettings: optimized),
    .target(
      name: "Island",
      dependencies: ["JSON", "Outline", "Found", "Progress", "Links", "Cells", "Chunks", "Tokens", "Terminal"],
      swiftSettings: optimized),
    // A document laid out for a width, in lines that know their bytes.
    .target(
      name: "Page", dependencies: ["Outline", "Found", "HTMLOutline", "Cells", "Files"],
      swiftSettings: optimized),
    // The Language Server Protocol: framing, messages, open documents.
    .target(
      name: "LanguageServer",
      dependencies: [
        "JSON", "JSONRPC", "Workspace", "Outline", "Found", "Progress", "Links", "Island", "Parallel", "Globs",
        "Cells", "Files",
      ],
      swiftSettings: optimized),
    // JSON-RPC as both servers speak it: messages, their framing, the
    // queue from the reading thread, errors.
    .target(name: "JSONRPC", dependencies: ["JSON", "Parallel"]),
    // The documents a language server answers from: the open ones and
    // those of the workspace's folders, with their headings and links, the
    // index over them and the cache it is kept in, and positions as the
    // protocol counts them.
    .target(
      name: "Workspace",
      dependencies: ["JSON", "JSONRPC", "Outline", "Found", "Links", "Parallel", "ReadingTime"],
      swiftSettings: optimized),
    // The Model Context Protocol for agents: the tools over `isle`'s
    // commands, their paths kept within the roots (Files' ConfinedFiles).
    .target(name: "MCP", dependencies: ["JSON", "JSONRPC", "Workspace", "LanguageServer", "Outline", "Parallel", "Slugs", "Cells", "Files", "Tokens", "Walk"]),
    // Books: a table of contents (SUMMARY.md, mkdocs.yml, a folder) read
    // into chapters in the book's order.
    .target(name: "Book", dependencies: ["CYaml"]),
    // Files in and out: bytes loaded (a regular file mapped), written
    // whole or not at all, and the streams output goes to.
    .target(name: "Files", dependencies: ["Parallel"]),
    // Globs as git's wildmatch reads them, over bytes: the ignore files'
    // patterns, the language server's and `check`'s links left unchecked.
    .target(name: "Globs", swiftSettings: optimized),
    // The folder walk with ignore rules (as ripgrep's `ignore` crate has
    // them), and what a document's folders say: its repository's root, its
    // site's slug flavour.
    .target(name: "Walk", dependencies: ["Files", "Globs", "Outline", "Links", "Parallel"]),
    // A book's llms.txt and llms-full.txt: which section each chapter goes
    // under, the URL its site serves it at, its note, the parts within a
    // number of tokens, and the audit of one written before.
    .target(name: "LlmsText", dependencies: ["Book", "Found", "Outline"], swiftSettings: optimized),
    // Documents rewritten in place: the contents list between its markers,
    // fragments fixed, and the diff that shows either.
    .target(name: "Editing", dependencies: ["Outline", "Island", "Links"]),
    // The terminal device: raw mode, size, keys, the one event loop, the
    // escape codes, and the rescue that puts it back on signals and crashes.
    .target(name: "Terminal", dependencies: ["Files"]),
    // The pager: its state a value, drawn on the terminal.
    .target(
      name: "Reader",
      dependencies: [
        "Terminal", "Files", "Page", "Outline", "Island", "Progress", "Cells", "ReadingTime",
        "Links", "Found",
      ],
      swiftSettings: optimized),
    // Documents as records (`--records`: JSON Lines in, a batch at a time,
    // answered on every core, in order; `check`'s records as a file tree),
    // the lists `--files-from` reads and the shares `--shard` keeps.
    .target(
      name: "Records", dependencies: ["JSON", "Files", "Links", "Parallel", "Cells"],
      swiftSettings: optimized),
    // The options layer: the words of a command line as given (and of the
    // config file and a document's remembered options), the option names
    // and tables' parts, the rules between options, and values read into
    // settings, with the usage errors that name them; what a command says
    // of itself, and the help and completion scripts made from that. No
    // command in it: IsleCLI's commands describe themselves with it, and
    // the first of the two steps of argument parsing is a module apart
    // from the second, as ripgrep's low-level arguments are; so IsleCLI is
    // under 40 files.
    .target(
      name: "Options", dependencies: ["Cells", "Files", "Found", "HTMLOutline", "Outline", "Slugs"]),
    // The commands, each one type with its options, its decided settings
    // and `run`, and errors made message and exit status in one place.
    .target(
      name: "IsleCLI",
      dependencies: [
        "Book", "JSON", "Outline", "Found", "HTMLOutline", "Slugs", "Progress", "Links", "Island",
        "Parallel", "Cells", "Page", "JSONRPC", "Workspace", "LanguageServer", "MCP", "BuildInfo", "Files", "Globs", "Walk",
        "Editing",
        "Terminal", "Reader", "Options", "ReadingTime", "Records", "Tokens", "Chunks", "LlmsText",
      ]),
    .executableTarget(name: "isle", dependencies: ["IsleCLI", "Files", "Terminal"]),
    // Starting programs from the tests: posix_spawn with a deadline.
    .target(name: "TestSupport", dependencies: ["Parallel"], path: "Tests/TestSupport"),
    // A file tree in memory, in place of the disk, for the tests of what
    // looks for files (the walk's slug flavours, the commands).
    .target(
      name: "TestFiles", dependencies: ["Files"], path: "Tests/TestFiles",
      // A book on disk for the commands' tests, and small documents each
      // fast path is held to the whole parse on (OutlineTests'
      // ParityTests), read by path.
      exclude: ["mdbook-includes", "parity"]),
    // Each module's own tests build against it alone (and TestSupport).
    // The layering doc/how-it-is-built.md draws, held to the code: the
    // sources, this manifest and the doc read as text.
    // Optimized, as the modules it reads are: it reads every source file.
    .testTarget(name: "ArchitectureTests", dependencies: ["TestSupport"], swiftSettings: optimized),
    .testTarget(name: "SlugsTests", dependencies: ["Slugs"]),
    .testTarget(name: "ReadingTimeTests", dependencies: ["ReadingTime"]),
    .testTarget(name: "FoundTests", dependencies: ["Found", "TestSupport"]),
    .testTarget(name: "OptionsTests", dependencies: ["Options"]),
    .testTarget(name: "HTMLOutlineTests", dependencies: ["HTMLOutline", "TestSupport"]),
    .testTarget(
      name: "CellsTests", dependencies: ["Cells"],
      // Python's wcwidth table, read by path.
      exclude: ["Widths"]),
    .testTarget(
      name: "OutlineTests",
      dependencies: ["Outline", "Found", "HTMLOutline", "ReadingTime", "Slugs", "TestSupport"],
      // Inputs the fuzzers found, and slug fixtures, read by path.
      exclude: ["Regressions", "SlugFixtures", "SlugGoldens", "CommonMarkSpec"]),
    .testTarget(name: "BookTests", dependencies: ["Book"]),
    .testTarget(name: "LlmsTextTests", dependencies: ["LlmsText", "Book", "Tokens"]),
    .testTarget(name: "JSONTests", dependencies: ["JSON", "TestSupport"]),
    .testTarget(name: "JSONRPCTests", dependencies: ["JSONRPC", "JSON", "Parallel", "TestSupport"]),
    .testTarget(name: "ParallelTests", dependencies: ["Parallel", "TestSupport"]),
    .testTarget(name: "RecordsTests", dependencies: ["Records", "JSON", "Files"]),
    .testTarget(
      name: "WorkspaceTests", dependencies: ["Workspace", "Outline", "Slugs", "TestSupport"]),
    .testTarget(
      name: "ProgressTests", dependencies: ["Progress", "Outline", "ReadingTime", "TestSupport"]),
    .testTarget(
      name: "LinksTests", dependencies: ["Links", "Outline", "Found", "Slugs", "TestSupport"]),
    .testTarget(
      name: "LanguageServerTests",
      dependencies: [
        "JSON", "JSONRPC", "Workspace", "LanguageServer", "Links", "Outline", "Parallel",
        "TestSupport",
      ]),
    .testTarget(
      name: "IslandTests",
      dependencies: ["Island", "Progress", "Outline", "ReadingTime", "Cells", "TestSupport"]),
    .testTarget(
      name: "PageTests", dependencies: ["Page", "Outline", "TestSupport"],
      // Golden layouts, read by path.
      exclude: ["Goldens"]),
    .testTarget(
      name: "WalkTests", dependencies: ["Walk", "Files", "Slugs", "TestFiles", "TestSupport"]),
    .testTarget(name: "TerminalTests", dependencies: ["Terminal", "Island", "TestSupport"]),
    .testTarget(
      name: "ReaderTests",
      dependencies: [
        "Reader", "Terminal", "Page", "Outline", "Island", "Cells", "Progress", "TestSupport",
      ]),
    .testTarget(
      name: "IsleCLITests",
      dependencies: [
        "IsleCLI", "JSON", "JSONRPC", "Outline", "HTMLOutline", "Slugs", "Links", "Cells",
        "Workspace", "LanguageServer", "Files", "Walk", "Editing", "Terminal", "Reader", "Options", "TestFiles",
        "TestSupport",
      ],
      // Golden files (outputs; help and completions), read by path: not
      // sources, not resources.
      exclude: ["Snapshots", "Help"]),
  ]
)

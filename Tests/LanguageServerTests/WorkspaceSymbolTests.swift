@testable import Workspace
import LanguageServer
import Testing

/// The workspace's symbols ranked as a new user expects: the title itself
/// first, then titles that begin with the query, that have a word that
/// does, that hold it, and last those that hold its letters in order;
/// ties in path order, then by line.
@Suite struct WorkspaceSymbolTests {
  static let files = [
    "/ws/a.md": """
    # Multiple texts

    # Using a mutex

    # Mutexes and locks

    """,
    "/ws/b.md": """
    # Semutex tables

    # Mutex

    # Mutex

    # Using a Mutex well

    """,
    "/ws/c.md":
      "# Installation\n\n# Reinstall\n\n# Quick install\n\n# Inst\n\n# Index and summit\n",
  ]

  static func names(_ query: String) throws -> [String] {
    let client = try TestClient(MemoryHost(files))
    let found = try client.request("workspace/symbol", .object(["query": .string(query)]))
    return (found.array ?? []).map {
      let file = $0["location"]?["uri"]?.string?.split(separator: "/").last ?? "?"
      let line = $0["location"]?["range"]?["start"]?["line"]?.int ?? -1
      return "\($0["name"]?.string ?? "?") \(file):\(line)"
    }
  }

  /// In a book's folder, ties come in the book's order, the documents
  /// that are no chapter after, by path; the rank still comes first.
  @Test func inABooksFolderTiesComeInTheBooksOrder() throws {
    var host = MemoryHost(Self.files)
    host.chapters = ["/ws/c.md", "/ws/a.md"]
    let client = try TestClient(host)
    func files(_ query: String) throws -> [String] {
      let found = try client.request("workspace/symbol", .object(["query": .string(query)]))
      return (found.array ?? []).map {
        String($0["location"]?["uri"]?.string?.split(separator: "/").last ?? "?")
      }
    }
    // Every title begins with nothing: one rank, the book's order.
    var order: [String] = []
    for file in try files("") where order.last != file { order.append(file) }
    #expect(order == ["c.md", "a.md", "b.md"])
    // `mutex`: the titles themselves (b.md) before a chapter's prefix match.
    #expect(try files("mutex").prefix(3) == ["b.md", "b.md", "a.md"])
  }

  @Test func theTitleItselfComesFirstThenPrefixesWordsAndTheRest() throws {
    #expect(
      try Self.names("mutex") == [
        "Mutex b.md:2", "Mutex b.md:4", "Mutexes and locks a.md:4", "Using a mutex a.md:2",
        "Using a Mutex well b.md:6", "Semutex tables b.md:0", "Multiple texts a.md:0",
      ])
    #expect(
      try Self.names("inst") == [
        "Inst c.md:6", "Installation c.md:0", "Quick install c.md:4", "Reinstall c.md:2",
        "Index and summit c.md:8",
      ])
  }

  @Test func theQueryIsReadWithoutCaseAndItsOuterSpaces() throws {
    #expect(try Self.names(" MUTEX ").prefix(2) == ["Mutex b.md:2", "Mutex b.md:4"])
    #expect(try Self.names("nothing like it") == [])
  }
}

import Records
import Testing

/// The shares `--shard K/N` keeps: the same on every machine and in every
/// version, so the hash is pinned here.
@Suite struct ShardTests {
  @Test func theHashIsFNV1aOverThePathsBytes() {
    // FNV-1a's own test value for "a", and paths of ours.
    #expect(Shard.hash("") == 0xcbf2_9ce4_8422_2325)
    #expect(Shard.hash("a") == 0xaf63_dc4c_8601_ec8c)
    #expect(Shard.hash("README.md") == 0x3f15_cf6f_633a_5d62)
    #expect(Shard.hash("docs/guide/install.md") == 0xcb1b_bf27_c727_2970)
    #expect(Shard.hash("café.md") == 0xe040_978c_657d_7894)
  }

  @Test func theShareIsTheHashModuloNCountedFromOne() throws {
    let four = try #require(Shard("1/4"))
    #expect(four.share(of: "README.md") == 3)
    #expect(four.share(of: "docs/guide/install.md") == 1)
    #expect(four.keeps("docs/guide/install.md"))
    #expect(!four.keeps("README.md"))
    #expect(try #require(Shard("6/7")).keeps("rust-by-example/src/hello.md"))
  }

  @Test func sharesAreDisjointAndCoverEveryPath() throws {
    let paths = (0..<2000).map { "corpus/\($0 % 37)/doc\($0).md" }
    for count in [1, 2, 3, 8] {
      let shards = try (1...count).map { try #require(Shard("\($0)/\(count)")) }
      for path in paths {
        #expect(shards.filter { $0.keeps(path) }.count == 1)
      }
      if count > 1 {
        // Every share gets some: no share is starved by the hash.
        for shard in shards {
          #expect(paths.filter(shard.keeps).count > 2000 / count / 2)
        }
      }
    }
  }

  @Test func linesWithoutAPathFallInOneShareByNumber() throws {
    let shards = try (1...3).map { try #require(Shard("\($0)/3")) }
    for line in 1...30 {
      #expect(shards.filter { $0.keeps(line: line) }.count == 1)
    }
  }

  @Test(arguments: ["0/4", "5/4", "1/0", "a/b", "1/", "/4", "1/4/2", "-1/4", "1/2097152", "1／4"])
  func badSharesAreRefused(_ text: String) {
    #expect(Shard(text) == nil)
  }
}

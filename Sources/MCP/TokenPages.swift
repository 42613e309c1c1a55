import JSON
import Tokens

/// How one call of a tool that returns text is paged: at most
/// `max_tokens` of its text form (10,000 unless asked, so that the text
/// and its structured copy stay under 25,000 tokens together), counted
/// with the config file's tokenizer or the estimate, from the position
/// its `cursor` names; the page past it gets a `next_cursor`.
struct TokenPages {
  static let standard = 10_000

  let tool: String
  let limit: Int
  let tokenizer: Tokenizer
  private var counter: TokenCounter
  /// Where the page starts: the cursor's position; nil without a cursor.
  let position: Int?
  private let arguments: UInt64
  private let files: UInt64

  /// The paging of tool `tool` called with `given`, the files it reads
  /// being `paths` (real paths), those given `named`: a cursor for another tool, other
  /// arguments or files changed since is a failure naming it.
  init(
    tool: String, _ given: ToolArguments, paths: [String], named: String, tokenizer: Tokenizer
  ) throws(ToolError) {
    self.tool = tool
    self.tokenizer = tokenizer
    counter = tokenizer.counter()
    limit = try given.integer("max_tokens", in: 1...Int.max) ?? Self.standard
    arguments = PageCursor.hash(arguments: given.members)
    files = PageCursor.fingerprint(paths)
    guard let text = try given.optionalString("cursor") else {
      position = nil
      return
    }
    let shown = text.count > 24 ? String(text.prefix(24)) + "…" : text
    guard let cursor = PageCursor(text) else {
      throw ToolError("'cursor' \(shown) is not a cursor this server gave (forged or damaged)")
    }
    guard cursor.tool == tool else {
      throw ToolError("'cursor' \(shown) is a cursor of \(cursor.tool), not of \(tool)")
    }
    guard cursor.arguments == arguments else {
      throw ToolError(
        "'cursor' \(shown) was given for other arguments: call \(tool) with the same ones")
    }
    guard cursor.files == files else {
      throw ToolError(
        "'cursor' \(shown) is stale: \(named)"
          + " changed since it was given; call \(tool) again without it")
    }
    position = cursor.position
  }

  /// The cursor that goes on from `position`.
  func cursor(at position: Int) -> String {
    PageCursor(tool: tool, arguments: arguments, files: files, position: position).text
  }

  mutating func count(_ text: String) -> Int { counter.count(Array(text.utf8)) }

  /// What every page says of its budget, beside its own members.
  func fields(tokens: Int, next: Int?) -> [String: JSONValue] {
    [
      "tokens": .int(tokens), "max_tokens": .int(limit), "tokenizer": .string(tokenizer.name),
      "next_cursor": next.map { .string(cursor(at: $0)) } ?? .null,
    ]
  }

  /// The largest size in `1...most` whose page `render` makes has a text
  /// within `limit` tokens (and `bytes`, when given), with that page and
  /// its tokens: from `guess` it gallops up or down, then halves the
  /// bracket (to within `slack`), so that the texts counted stay near the
  /// page's size. A failure naming `max_tokens` when not even the
  /// smallest page fits.
  mutating func fit(
    most: Int, guess: Int, slack: Int = 0, bytes: Int? = nil,
    render: (Int) -> (content: JSONValue, text: String)
  ) throws(ToolError) -> (content: JSONValue, text: String, tokens: Int) {
    let most = max(most, 1)
    var made: [Int: (JSONValue, String, Int)] = [:]
    func fits(_ size: Int) -> Bool {
      let (content, text) = render(size)
      let tokens = count(text)
      made[size] = (content, text, tokens)
      // Room for the tokens field, written with the bound's digits here.
      return tokens + 2 <= limit && text.utf8.count <= (bytes ?? Int.max)
    }
    var (low, high): (Int?, Int?) = (nil, nil)
    let first = min(max(guess, 1), most)
    if fits(first) { low = first } else { high = first }
    while let fitting = low, high == nil, fitting < most {
      let next = min(fitting * 2, most)
      if fits(next) { low = next } else { high = next }
    }
    while low == nil, let over = high, over > 1 {
      let next = over / 2
      if fits(next) { low = next } else { high = next }
    }
    while let fitting = low, let over = high, over - fitting > max(slack, 1) {
      let middle = (fitting + over) / 2
      if fits(middle) { low = middle } else { high = middle }
    }
    let found = low
    guard let found, let page = made[found] else {
      let smallest = made[1] ?? made[most]!
      throw ToolError(
        "'max_tokens' \(limit) is too small: the smallest page \(tool) can give here is "
          + "\(smallest.2) tokens" + (bytes.map { " (or past 'max_bytes' \($0))" } ?? ""))
    }
    return page
  }
}

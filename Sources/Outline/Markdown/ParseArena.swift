import CCmarkGFM

#if canImport(Glibc)
  import Glibc
#endif

/// The memory cmark-gfm parses a piece in: a bump allocator per thread,
/// emptied at once when the piece is read, instead of a `malloc` and a
/// `free` for every node and string.
///
/// cmark-gfm allocates every node, every string buffer and the parser
/// itself through the `cmark_mem` it is given; its functions take no
/// context, so they find the arena of the thread they run on. Each block
/// carries its size before it, since `realloc` needs the old size; the
/// block allocated last grows in place and is given back by `free`, which
/// otherwise does nothing. Nothing from the arena outlives `with`: the tree
/// is read into Swift values and then dropped with the whole arena, not
/// node by node.
///
/// A thread keeps up to `kept` bytes of chunks between parses, so the
/// pieces of a document reuse the same pages. The arena is plain memory
/// found through a thread-specific key, so cmark's calls into it cost no
/// reference counting.
struct ParseArena {
  /// The longest stretch of Markdown parsed in an arena; a longer one
  /// (a large document parsed whole) uses cmark's own allocator.
  static let largestStretch = 4 << 20
  /// The bytes of chunks a thread keeps between parses.
  static let kept = 4 << 20
  /// The usual chunk; larger blocks get a chunk of their own size.
  private static let chunkSize = 256 << 10
  /// Each block starts this far after its header, which holds its size;
  /// each chunk starts with the next chunk's address and its own size.
  private static let header = 16

  /// The first chunk, the one blocks come from now, and the last.
  private var first: UnsafeMutableRawPointer? = nil
  private var chunk: UnsafeMutableRawPointer? = nil
  private var tail: UnsafeMutableRawPointer? = nil
  private var next = UnsafeMutableRawPointer(bitPattern: 16)!
  private var end = UnsafeMutableRawPointer(bitPattern: 16)!
  /// The block allocated last, which may grow in place.
  private var last: UnsafeMutableRawPointer? = nil
  private var depth = 0

  /// Gives the pages of every thread's heap that hold nothing back to the
  /// system (glibc's `malloc_trim`, which the parser's C module brings).
  static func trimHeaps() { malloc_trim(0) }

  /// Runs `body` with an allocator for cmark-gfm whose blocks are all
  /// dropped when `body` returns. Whatever `body` makes with it (parser,
  /// tree, iterator) must not be used after, nor freed.
  static func with<Result>(
    _ body: (UnsafeMutablePointer<cmark_mem>) throws(OutlineError) -> Result
  ) throws(OutlineError) -> Result {
    let arena = ofThisThread
    arena.pointee.depth += 1
    defer {
      arena.pointee.depth -= 1
      if arena.pointee.depth == 0 { arena.pointee.empty() }
    }
    return try body(allocator)
  }

  /// The allocator cmark-gfm is handed: the calling thread's arena.
  nonisolated(unsafe) private static let allocator: UnsafeMutablePointer<cmark_mem> = {
    let mem = UnsafeMutablePointer<cmark_mem>.allocate(capacity: 1)
    mem.initialize(
      to: cmark_mem(
        calloc: { count, size in ParseArena.current.pointee.allocate(count &* size, zeroed: true) },
        realloc: { block, size in ParseArena.current.pointee.reallocate(block, to: size) },
        free: { block in ParseArena.current.pointee.release(block) }))
    return mem
  }()

  /// The key under which each thread keeps its arena.
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { arena in
      guard let arena = arena?.assumingMemoryBound(to: ParseArena.self) else { return }
      arena.pointee.empty(keeping: 0)
      arena.deinitialize(count: 1)
      arena.deallocate()
    }
    return key
  }()

  /// The calling thread's arena, made the first time it is asked for.
  private static var ofThisThread: UnsafeMutablePointer<ParseArena> {
    if let arena = pthread_getspecific(key) {
      return arena.assumingMemoryBound(to: ParseArena.self)
    }
    let arena = UnsafeMutablePointer<ParseArena>.allocate(capacity: 1)
    arena.initialize(to: ParseArena())
    pthread_setspecific(key, arena)
    return arena
  }

  /// The calling thread's arena, from inside cmark-gfm (within `with`).
  private static var current: UnsafeMutablePointer<ParseArena> {
    pthread_getspecific(key).unsafelyUnwrapped.assumingMemoryBound(to: ParseArena.self)
  }

  private mutating func allocate(_ size: Int, zeroed: Bool) -> UnsafeMutableRawPointer? {
    let rounded = (size &+ 15) & ~15
    let needed = rounded &+ Self.header
    if end - next < needed { nextChunk(holding: needed) }
    let block = next + Self.header
    block.storeBytes(of: rounded, toByteOffset: -Self.header, as: Int.self)
    next += needed
    last = block
    if zeroed { memset(block, 0, rounded) }
    return block
  }

  private mutating func reallocate(
    _ block: UnsafeMutableRawPointer?, to size: Int
  ) -> UnsafeMutableRawPointer? {
    guard let block else { return allocate(size, zeroed: false) }
    let old = block.load(fromByteOffset: -Self.header, as: Int.self)
    if size <= old { return block }
    let rounded = (size &+ 15) & ~15
    if block == last && end - block >= rounded {
      block.storeBytes(of: rounded, toByteOffset: -Self.header, as: Int.self)
      next = block + rounded
      return block
    }
    guard let moved = allocate(size, zeroed: false) else { return nil }
    moved.copyMemory(from: block, byteCount: old)
    return moved
  }

  private mutating func release(_ block: UnsafeMutableRawPointer?) {
    guard let block, block == last else { return }
    next = block - Self.header
    last = nil
  }

  private static func following(_ chunk: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    chunk.load(as: UnsafeMutableRawPointer?.self)
  }

  private static func size(of chunk: UnsafeMutableRawPointer) -> Int {
    chunk.load(fromByteOffset: 8, as: Int.self)
  }

  /// Moves to the next kept chunk that holds `needed` bytes, or a new one.
  private mutating func nextChunk(holding needed: Int) {
    var candidate = chunk.map(Self.following) ?? first
    while let kept = candidate {
      if Self.size(of: kept) - Self.header >= needed { return use(kept) }
      candidate = Self.following(kept)
    }
    let size = max(Self.chunkSize, needed + Self.header)
    // Mapped, not from malloc: its pages are memory only once written,
    // and all of them go back to the system when it is dropped (malloc's
    // heaps would keep them, more or fewer as the threads met).
    guard let made = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
      made != MAP_FAILED
    else { fatalError("isle: out of memory") }
    made.storeBytes(of: nil, as: UnsafeMutableRawPointer?.self)
    made.storeBytes(of: size, toByteOffset: 8, as: Int.self)
    if let tail {
      tail.storeBytes(of: made, as: UnsafeMutableRawPointer?.self)
    } else {
      first = made
    }
    tail = made
    use(made)
  }

  private mutating func use(_ made: UnsafeMutableRawPointer) {
    chunk = made
    next = made + Self.header
    end = made + Self.size(of: made)
    last = nil
  }

  /// Drops every block, keeping the first `kept` bytes of chunks.
  private mutating func empty(keeping limit: Int = kept) {
    var total = 0
    var keptTail: UnsafeMutableRawPointer? = nil
    var candidate = first
    while let kept = candidate, total + Self.size(of: kept) <= limit {
      total += Self.size(of: kept)
      keptTail = kept
      candidate = Self.following(kept)
    }
    while let dropped = candidate {
      candidate = Self.following(dropped)
      munmap(dropped, Self.size(of: dropped))
    }
    if let keptTail {
      keptTail.storeBytes(of: nil, as: UnsafeMutableRawPointer?.self)
    } else {
      first = nil
    }
    tail = keptTail
    chunk = nil
    next = UnsafeMutableRawPointer(bitPattern: 16)!
    end = next
    last = nil
  }
}

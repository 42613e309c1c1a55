import Parallel

#if canImport(Glibc)
  import Glibc
#endif

/// A link label as written in the document, numbered.
struct Label: Equatable, Sendable {
  var bytes: [UInt8]
  var number: Int
}

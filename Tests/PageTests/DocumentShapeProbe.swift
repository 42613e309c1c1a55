import Outline

/// Front matter's end, as the reader passes it to the layout.
enum DocumentShapeProbe {
  static func frontMatterEnd(_ bytes: [UInt8]) -> Int {
    DocumentShape.frontMatterEnd(of: bytes.span)
  }
}

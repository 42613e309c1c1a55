import Outline
import Progress

// libFuzzer: positions and jump targets as a user types them, against a
// document read from the rest of the input. Input: a kind line (offset,
// line, percent or jump), a value line, then the document.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPosition(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let parts = bytes.split(separator: 0x0A, maxSplits: 2, omittingEmptySubsequences: false)
  guard parts.count >= 2 else { return 0 }
  let kind = String(decoding: parts[0], as: UTF8.self)
  let value = String(decoding: parts[1], as: UTF8.self)
  let text = parts.count > 2 ? Array(parts[2]) : Array("# A\n\ntext\n\n## B\n\nmore\n".utf8)
  guard let document = try? Outliner.outline(text, path: nil) else { return 0 }
  if kind == "jump" {
    if let index = try? Jump(value).resolve(in: document.sections, from: 0) {
      precondition(document.sections.indices.contains(index))
    }
    return 0
  }
  guard let positionKind = Position.Kind(rawValue: kind) else { return 0 }
  if let position = try? Position.parse(value, as: positionKind, in: document) {
    let place = Place.locate(position, in: document, viewport: 3)
    precondition(place.fraction >= 0 && place.fraction <= 1)
    if let index = place.currentIndex { precondition(document.sections.indices.contains(index)) }
  }
  return 0
}

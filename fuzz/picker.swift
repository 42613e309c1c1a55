import Cells
import Island
import Outline
import Terminal

@testable import IsleCLI

// libFuzzer: the interactive island driven by raw terminal bytes. Input:
// two bytes of section count (1–500), a byte of columns, a byte of rows,
// then the bytes a terminal would send (0xFE and two bytes: a resize) (keys, escape sequences, mouse
// reports), decoded as the picker decodes them. Every frame must fit the
// terminal it is drawn for, and nothing may trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPicker(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  guard size >= 4 else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let count = (Int(bytes[0]) << 8 | Int(bytes[1])) % 500 + 1
  var columns = Int(bytes[2]) + 1
  var rows = Int(bytes[3]) % 100 + 1
  var text = ""
  for index in 0..<count {
    text += String(repeating: "#", count: index % 6 + 1) + " "
    text += ["Overview", "exa \(index)", "数据", "ow", "👩‍👩‍👧 x", "שלום", ""][index % 7] + "\n\nword\n\n"
  }
  var options = OutlineOptions()
  options.levels = 1...6
  guard let document = try? Outliner.outline(Array(text.utf8), path: nil, options: options),
    !document.sections.isEmpty
  else { return 0 }
  var state = PickerState(
    sections: document.sections, start: Int(bytes[0]), closed: bytes[1] & 1 == 1,
    panelRows: PickerState.panelRows(terminalRows: rows, sections: document.sections.count))
  var decoder = KeyDecoder()
  var inputs: [TerminalInput] = []
  // Fed in uneven reads, as a terminal delivers them; 0xFE and two bytes
  // stand for the terminal changing size (a signal, not a byte it sends).
  var position = 4
  while position < bytes.count {
    if bytes[position] == 0xFE && position + 2 < bytes.count {
      inputs += decoder.flush()
      inputs.append(
        .key(
          .resize(columns: Int(bytes[position + 1]) + 1, rows: Int(bytes[position + 2]) % 100 + 1)))
      position += 3
      continue
    }
    let length = Int(bytes[position]) % 7 + 1
    inputs += decoder.feed(Array(bytes[position..<min(position + length, bytes.count)]))
    position += length
  }
  inputs += decoder.flush()
  for input in inputs {
    guard case .key(let event) = input else { continue }
    if case .resize(let newColumns, let newRows) = event {
      columns = newColumns
      rows = newRows
    }
    let before = state
    let outcome = state.handle(event)
    let view = PickerView(
      document: document, copy: Wording(), theme: .plain, columns: columns)
    for frame in view.transition(from: before, to: state) + [view.frame(state)] {
      precondition(frame.count == view.height(state))
      precondition(frame.count <= max(rows, 3))
      for line in frame { precondition(Cells.width(of: line) <= max(columns - 1, 0)) }
    }
    if outcome != .going { break }
  }
  return 0
}

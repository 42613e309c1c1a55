import JSON
import JSONRPC
import Workspace

/// `TextDocumentIdentifier`'s params: the document a method is about.
struct DocumentParams: MethodParams {
  /// The document's path, from its `file:` URI.
  var path: String

  init(_ json: JSONValue) throws(ResponseError) {
    guard let uri = json["textDocument"]?["uri"]?.string else {
      throw .invalidParams("a textDocument with a uri is needed")
    }
    path = try LanguageServer.path(uri)
  }
}

/// `TextDocumentPositionParams`: a document and a position in it.
struct PositionParams: MethodParams {
  var path: String
  var position: TextPosition

  init(_ json: JSONValue) throws(ResponseError) {
    path = try DocumentParams(json).path
    position = try TextPosition(json["position"])
  }
}

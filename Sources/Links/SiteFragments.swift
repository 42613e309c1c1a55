/// A fragment looked for as each site renders its target (`check
/// --sites`): found on every site, on none, or on some only, and then the
/// id each failing site gives the heading meant, and the id when every
/// site gives it the same one (the portable form).
public enum SiteFragments {
  /// What the sites say of a fragment.
  public enum Verdict: Sendable, Equatable {
    case everywhere
    case nowhere
    case some(BrokenLink.SiteSplit, portable: String?)
  }

  /// The verdict on `fragment` (as `written`) in `renderings`.
  public static func verdict(
    _ fragment: String, written: String?, in renderings: [SiteRendering]
  ) -> Verdict {
    let found = renderings.map { $0.anchors.contains(fragment, written: written) }
    if found.allSatisfy({ $0 }) { return .everywhere }
    guard let first = found.firstIndex(of: true) else { return .nowhere }
    let meant = renderings[first].headingIds.firstIndex { id in
      guard let id else { return false }
      return [fragment, written].contains { $0 == id || $0?.lowercased() == id }
        || fragment == "user-content-" + id
    }
    var fails: [(site: String, id: String?)] = []
    var resolves: [String] = []
    for (rendering, ok) in zip(renderings, found) {
      if ok {
        resolves.append(rendering.site)
      } else {
        fails.append((rendering.site, meant.flatMap { rendering.headingIds[$0] }))
      }
    }
    // The same heading's id on every site, when they agree (an id found
    // everywhere but naming another heading somewhere is no portable form).
    let portable = meant.flatMap { index -> String? in
      let ids = Set(renderings.map { $0.headingIds[index] })
      return ids.count == 1 ? ids.first ?? nil : nil
    }
    return .some(BrokenLink.SiteSplit(resolves: resolves, fails: fails), portable: portable)
  }
}

/// The terminal the app draws on: it holds the root screen and draws what it showed.
///
/// The app resolves `window` first; resolving it makes the root screen and, through it,
/// the weather report screen, as an app's window did at launch.
@MainActor
final class Window {
  let rootViewController: RootViewController

  init(rootViewController: RootViewController) {
    self.rootViewController = rootViewController
  }

  /// Every screen shown, a blank line between two.
  ///
  /// - Returns: The text; empty when no screen was shown.
  func draw() -> String {
    rootViewController.screens.joined(separator: "\n")
  }
}

// RunnerWindow: the key, visible window every judged view is put in.
//
// UICollectionView validates a batch only when it is visible: a view that is
// not in a window applies the data without a check (the reconstruction's
// `performBatchUpdates:completion:` returns early when `_visible` is false,
// Sources/OpenUXKit/Components/Public/UXCollectionView+BatchUpdates.m). So
// each view is added to this window and laid out before its batch, and the
// runner first proves that UIKit validates here at all (`UIKitConformanceTests`).
#if canImport(UIKit)
import UIKit

/// The window the judged views are put in.
@MainActor
final class RunnerWindow {
    /// The window: visible, and key when the process has a scene.
    let window: UIWindow

    /// A window the size of a phone's screen: attached to the test
    /// process's window scene when it has one and made key and visible
    /// (`UIWindow.makeKeyAndVisible()`); otherwise a plain window made
    /// visible (`isHidden = false`), as there is no application to make it
    /// key in.
    ///
    /// A package's tests run in the `xctest` tool, not in an app
    /// (xcodebuild.xctestrun(5): "For framework tests, [TestHostPath]
    /// should be a path to the xctest command line tool"), so there may be
    /// no `UIApplication` and no scene; the window is then a plain
    /// `UIWindow(frame:)`, and `UIKitConformanceTests` checks with a probe
    /// batch that UIKit still validates.
    init() {
        let frame = CGRect(x: 0, y: 0, width: 400, height: 900)
        if let scene = RunnerWindow.connectedWindowScene() {
            // UIWindow.init(windowScene:) (iOS 13): the window belongs to the scene.
            window = UIWindow(windowScene: scene)
            window.frame = frame
            window.rootViewController = UIViewController()
            window.makeKeyAndVisible()
        } else {
            window = UIWindow(frame: frame)
            window.rootViewController = UIViewController()
            window.isHidden = false
        }
        window.layoutIfNeeded()
    }

    /// Where the judged views go: the root view controller's view.
    var container: UIView {
        window.rootViewController?.view ?? window
    }

    /// The first `UIWindowScene` of `UIApplication.shared.connectedScenes`
    /// (iOS 13), or nil when the process has no application or no scene.
    /// `UIApplication.shared` is read through `+sharedApplication` with
    /// `perform(_:)`, which answers nil outside an app where the Swift
    /// property, declared non-optional, would not.
    static func connectedWindowScene() -> UIWindowScene? {
        let selector = NSSelectorFromString("sharedApplication")
        guard UIApplication.responds(to: selector),
              let application = UIApplication.perform(selector)?.takeUnretainedValue() as? UIApplication else {
            return nil
        }
        return application.connectedScenes.compactMap { $0 as? UIWindowScene }.first
    }

    /// Whether the process has a connected window scene (said in the output's header).
    var hasScene: Bool { window.windowScene != nil }
}
#endif

// ListUpdating+UIKit: UIKit's collection view is a `ListUpdating` list as it
// is: each requirement is one of its methods, with the signature its SDK
// documents (performBatchUpdates(_:completion:), insertSections(_:),
// deleteSections(_:), reloadSections(_:), moveSection(_:toSection:),
// insertItems(at:), deleteItems(at:), reloadItems(at:), moveItem(at:to:)).
// Compiled only where UIKit is (CI's iOS simulator job builds DiffHarness);
// on Linux, FetchedResultsCollectorTests keeps the protocol's requirements
// equal to that list. The view is main-actor isolated and the protocol is
// not: the conformance is checked at run time (`@preconcurrency`, SE-0423),
// so a collector must call it on the main thread, as UIKit requires anyway.
#if canImport(UIKit) && !os(watchOS)
import UIKit

extension UICollectionView: @preconcurrency ListUpdating {}
#endif

// TableUpdating+UIKit: UIKit's table view is a `TableUpdating` table as it
// is: each requirement is one of its methods, with the signature its SDK
// documents (performBatchUpdates(_:completion:), insertSections(_:with:),
// deleteSections(_:with:), reloadSections(_:with:), moveSection(_:toSection:),
// insertRows(at:with:), deleteRows(at:with:), reloadRows(at:with:),
// moveRow(at:to:)), and `TableRowAnimation` is `UITableView.RowAnimation`.
// Compiled only where UIKit is (CI's iOS simulator job builds DiffHarness);
// on Linux, TableUpdatingTests keeps the protocol's requirements equal to
// that list and the stand-in animation's raw values equal to UIKit's. As
// for `ListUpdating`, the conformance is `@preconcurrency`: a collector must
// call the view on the main thread, as UIKit requires anyway.
#if canImport(UIKit) && !os(watchOS)
import UIKit

extension UITableView: @preconcurrency TableUpdating {}
#endif

// DiffableSnapshotWriting+UIKit: UIKit's diffable snapshot is a
// `DiffableSnapshotWriting` snapshot as it is: appendSections(_:),
// appendItems(_:toSection:), reloadItems(_:) and reconfigureItems(_:)
// (iOS 15) are its methods, with the signatures its SDK declares. Compiled
// on iOS (CI's iOS simulator job builds DiffHarness); on Linux,
// SnapshotBuilderTests keeps the protocol's requirements equal to that list.
#if canImport(UIKit) && os(iOS)
import UIKit

// The package's iOS deployment target (16) has reconfigureItems(_:).
extension NSDiffableDataSourceSnapshot: DiffableSnapshotWriting {}
#endif

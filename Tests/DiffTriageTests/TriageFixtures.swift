// Real batch-update exception texts from public reports, each kept as it was
// pasted (short quotes of crash text, with the noise around them), and the
// source of each in the comment above it. Found with the search tools of this
// session (GitHub issue threads; the forum text is the one issue #23 quotes).

/// One logged exception and what its triage must find.
struct TriageFixture: Sendable, CustomStringConvertible {
    let name: String
    let text: String
    /// The exception's words in UICollectionView's terms (what the case expects).
    let message: String
    let isTableView: Bool
    var description: String { name }
}

enum TriageFixtures {
    // Apple Developer Forums, thread 728797 (quoted in issue #23): iOS 16.4's
    // whole-batch form; a delete and an insert at one index path (a reload
    // written by hand) while the data lost an item.
    static let forum728797 = TriageFixture(name: "forum-728797", text: """
        Invalid batch updates detected: the number of sections and/or items returned by the data source before and/or after performing the batch updates are inconsistent with the updates.
        Data source before updates = { 1 section with item counts: [27386] }
        Data source after updates = { 1 section with item counts: [27385] }
        Updates = [
            Delete item (0 - 27384),
            Insert item (0 - 27384)
        ]
        """, message: "Invalid update: invalid number of items in section", isTableView: false)

    // exyte/Chat, issue #56: the whole-batch form from a UITableView (rows),
    // in Crashlytics' framing and a markdown code span, on one line.
    static let exyteChat56 = TriageFixture(name: "exyte-chat-56", text: """
        `Fatal Exception: NSInternalInconsistencyException
        Invalid batch updates detected: the number of sections and/or rows returned by the data source before and after performing the batch updates are inconsistent with the updates. Data source before updates = { 1 section with row counts: [3] } Data source after updates = { 1 section with row counts: [0] } Updates = [ Delete row (0 - 1), Delete row (0 - 0) ] `

        Crash coming from UIList.swift, line 104 as it attempts to `performBatchUpdates`.
        """, message: "Invalid update: invalid number of rows in section", isTableView: true)

    // xmartlabs/XLPagerTabStrip, issue #859: the whole-batch form with no
    // updates at all, followed by the collection view's description.
    static let xlPagerTabStrip859 = TriageFixture(name: "xlpagertabstrip-859", text: """
        **Crash Stack Trace:**
        Fatal Exception: NSInternalInconsistencyException
        Invalid batch updates detected: the number of sections and/or items returned by the data source before and after performing the batch updates are inconsistent with the updates. Data source before updates = { 1 section with item counts: [4] } Data source after updates = { 1 section with item counts: [1] } Updates = [ ] Collection view: <XLPagerTabStrip.ButtonBarView: 0x10585f000; baseClass = UICollectionView; frame = (0 168; 393 40); clipsToBounds = YES; layout: <UICollectionViewFlowLayout: 0x104230090>>
        """, message: "Invalid update: invalid number of items in section", isTableView: false)

    // RxSwiftCommunity/RxDataSources, issue #321: an insert and a move to
    // one index path, NSIndexPath spelling, Crashlytics framing, markdown quote.
    static let rxDataSources321 = TriageFixture(name: "rxdatasources-321", text: """
        And the crash looks this way:
        > Fatal Exception: NSInternalInconsistencyException
        attempt to perform an insert and a move to the same index path (<NSIndexPath: 0x283d99600> {length = 2, path = 0 - 1})

        I've noticed that I'm moving **from** (0,1) but the crash log says that I'm moving **to** (0,1).
        """, message: "attempt to perform an insert and a move to the same index path (0-1)", isTableView: false)

    // wordpress-mobile/WordPress-iOS, issue #19505: the same conflict from a
    // fetched-results delegate, in Xcode's console (timestamps, the message
    // three times, userInfo).
    static let wordPress19505 = TriageFixture(name: "wordpress-ios-19505", text: """
        ```
        2022-10-24 23:07:47.377203-0400 WordPress[89531:7115287] [error] fault: Serious application error.  An exception was caught from the delegate of NSFetchedResultsController during a call to -controllerDidChangeContent:.  attempt to perform an insert and a move to the same index path (<NSIndexPath: 0x8b91b178b63260cc> {length = 2, path = 0 - 4}) with userInfo {
            NSAssertFile = "UICollectionView.m";
            NSAssertLine = 9513;
        }
        CoreData: fault: Serious application error.  An exception was caught from the delegate of NSFetchedResultsController during a call to -controllerDidChangeContent:.  attempt to perform an insert and a move to the same index path (<NSIndexPath: 0x8b91b178b63260cc> {length = 2, path = 0 - 4}) with userInfo {
            NSAssertFile = "UICollectionView.m";
            NSAssertLine = 9513;
        }
        ```
        """, message: "attempt to perform an insert and a move to the same index path (0-4)", isTableView: false)

    // ChatSecure/ChatSecure-iOS, issue #347: a delete out of range, with
    // the application-specific information and the backtrace.
    static let chatSecure347 = TriageFixture(name: "chatsecure-ios-347", text: """
        Application Specific Information:
        *** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'attempt to delete item 1 from section 0 which only contains 0 items before the update'

        Last Exception Backtrace:
        0   CoreFoundation                       0x00000001855382d8 __exceptionPreprocess + 132
        1   libobjc.A.dylib                      0x0000000196c580e4 objc_exception_throw + 56
        4   UIKit                                0x000000018a6044b8 -[UICollectionView _endItemAnimationsWithInvalidationContext:tentativelyForReordering:] + 3740
        """, message: "attempt to delete item 1 from section 0 which only contains 0 items before the update", isTableView: false)

    // onmyway133/DeepDiff, issue #56: a section count (a new section without
    // a section insert).
    static let deepDiff56 = TriageFixture(name: "deepdiff-56", text: """
        Error is below.
        Invalid update: invalid number of sections.  The number of sections contained in the collection view after the update (2) must be equal to the number of sections contained in the collection view before the update (1), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted).
        """, message: "Invalid update: invalid number of sections.  The number of sections contained in the collection view after the update (2) must be equal to the number of sections contained in the collection view before the update (1), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted).", isTableView: false)

    // MessageKit/MessageKit, issue #1008: a section count after Xcode's
    // assertion line.
    static let messageKit1008 = TriageFixture(name: "messagekit-1008", text: """
        *** Assertion failure in -[MessageKit.MessagesCollectionView _endItemAnimationsWithInvalidationContext:tentativelyForReordering:animator:], /BuildRoot/Library/Caches/com.apple.xbs/Sources/UIKitCore/UIKit-3698.94.14/UICollectionView.m:6104

         *** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Invalid update: invalid number of sections.  The number of sections contained in the collection view after the update (0) must be equal to the number of sections contained in the collection view before the update (18), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted).'
        """, message: "Invalid update: invalid number of sections.  The number of sections contained in the collection view after the update (0) must be equal to the number of sections contained in the collection view before the update (18), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted).", isTableView: false)

    // mikaoj/BSImagePicker, issue #113: an item count in section 1 (an insert
    // into data the view had already read).
    static let bsImagePicker113 = TriageFixture(name: "bsimagepicker-113", text: """
        Detailed exception text: Invalid update: invalid number of items in section 1.  The number of items contained in an existing section after the update (1543) must be equal to the number of items contained in that section before the update (1543), plus or minus the number of items inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out).'
        """, message: "Invalid update: invalid number of items in section 1.  The number of items contained in an existing section after the update (1543) must be equal to the number of items contained in that section before the update (1543), plus or minus the number of items inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out).", isTableView: false)

    // Instagram/IGListKit, issue #1442: an item count, markdown bold in the
    // middle of the message, UIKit's log prefix and suffix around it.
    static let igListKit1442 = TriageFixture(name: "iglistkit-1442", text: """
        ### Debug information

        [UICollectionView] Invalid update: invalid number of items in section 0.  The number of items contained in an existing section **after the update (0) must be equal to the number of items contained in that section before the update (3), plus or minus the number of items inserted or deleted from that section (0 inserted, 1 deleted)** and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out). - will perform reloadData. UICollectionView instance: <UICollectionView: 0x146846800; frame = (0 0; 375 724); clipsToBounds = YES>
        """, message: "Invalid update: invalid number of items in section 0.  The number of items contained in an existing section after the update (0) must be equal to the number of items contained in that section before the update (3), plus or minus the number of items inserted or deleted from that section (0 inserted, 1 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out).", isTableView: false)

    // Automattic/simplenote-ios, issue #730: UITableView's item (row) count
    // in a crash report, with its thread backtrace.
    static let simplenote730 = TriageFixture(name: "simplenote-ios-730", text: """
        Exception Type: EXC_CRASH (SIGABRT)
        Crashed Thread: 0

        Application Specific Information:
        Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (5) must be equal to the number of rows contained in that section before the update (5), plus or minus the number of rows inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out).

        Thread 0 Crashed:
        0   CoreFoundation                  0x328a19a48         __exceptionPreprocess
        4   UIKitCore                       0x323d2f83c         -[UITableView _Bug_Detected_In_Client_Of_UITableView_Invalid_Number_Of_Rows_In_Section:]
        """, message: "Invalid update: invalid number of rows in section 0.  The number of rows contained in an existing section after the update (5) must be equal to the number of rows contained in that section before the update (5), plus or minus the number of rows inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out).", isTableView: true)

    // firebase/friendlypix-ios, issue #43: a section delete out of range.
    static let friendlyPix43 = TriageFixture(name: "friendlypix-ios-43", text: """
        *** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'attempt to delete section 4, but there are only 4 sections before the update'
        """, message: "attempt to delete section 4, but there are only 4 sections before the update", isTableView: false)

    // CatchChat/Yep, issue #673: UITableView's delete out of range from a
    // Buddybuild report, in a markdown code block.
    static let yep673 = TriageFixture(name: "yep-673", text: """
        Exception Class: **NSInternalInconsistencyException**
        ```
        attempt to delete row 1 from section 0 which only contains 1 rows before the update
        ```
        """, message: "attempt to delete row 1 from section 0 which only contains 1 rows before the update", isTableView: true)

    // RxSwiftCommunity/RxDataSources, issue #35: UITableView's move from an
    // index path that does not exist, after Xcode's assertion line.
    static let rxDataSources35 = TriageFixture(name: "rxdatasources-35", text: """
        ```
        2016-05-12 12:46:36.100 Example[23517:225683] *** Assertion failure in -[UITableView _endCellAnimationsWithContext:], /BuildRoot/Library/Caches/com.apple.xbs/Sources/UIKit_Sim/UIKit-3512.60.7/UITableView.m:1540
        2016-05-12 12:46:40.265 Example[23517:225683] *** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'attempt to move index path (<NSIndexPath: 0xc000000000000216> {length = 2, path = 2 - 0}) that does not exist - there are only 0 rows in section 2 before the update'
        *** First throw call stack:
        (
        	0   CoreFoundation                      0x000000010ec7bd85 __exceptionPreprocess + 165
        """, message: "attempt to move index path (2-0) that does not exist - there are only 0 rows in section 2 before the update", isTableView: true)

    // DeclarativeHub/Bond, issue #593: UITableView's move to an index path
    // that does not exist after the update.
    static let bond593 = TriageFixture(name: "bond-593", text: """
        Crash:
        ``
        'NSInternalInconsistencyException', reason: 'attempt to move index path (<NSIndexPath: 0x600002626fa0> {length = 2, path = 1 - 0}) to index path (<NSIndexPath: 0x600002626dc0> {length = 2, path = 0 - 2}) that does not exist - there are only 2 rows in section 0 after the update
        ``
        """, message: "attempt to move index path (1-0) to index path (0-2) that does not exist - there are only 2 rows in section 0 after the update", isTableView: true)

    // LeoMobileDeveloper/DraggableTableView, issue #1: UITableView's row
    // count with an item moved in (a drag across sections).
    static let draggableTableView1 = TriageFixture(name: "draggabletableview-1", text: """
        跨section移动row时crash。
        Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Invalid update: invalid number of rows in section 1.  The number of rows contained in an existing section after the update (1) must be equal to the number of rows contained in that section before the update (1), plus or minus the number of rows inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (1 moved in, 0 moved out).'
        *** First throw call stack:
        """, message: "Invalid update: invalid number of rows in section 1.  The number of rows contained in an existing section after the update (1) must be equal to the number of rows contained in that section before the update (1), plus or minus the number of rows inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (1 moved in, 0 moved out).", isTableView: true)

    // pujiaxin33/JXMovableCellTableView, issue #4: two rows moved to one
    // place, in UITableView's words (rows), as Xcode's console prints it.
    static let jxMovableCellTableView4 = TriageFixture(name: "jxmovablecelltableview-4", text: """
        *** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'attempt to move both row at index path <NSIndexPath: 0xc000000000000616> {length = 2, path = 6 - 0} and <NSIndexPath: 0xc000000000000816> {length = 2, path = 8 - 0} to <NSIndexPath: 0xc000000000000716> {length = 2, path = 7 - 0}'
        """, message: "attempt to move both row at index path 6-0 and 8-0 to 7-0", isTableView: true)

    // zoho/react-native-zohodesk-portal-sdk, issue #18: a Sentry report of
    // iOS 17.4, a row inserted into a section the table view does not have.
    static let zohoDesk18 = TriageFixture(name: "zohodesk-portal-sdk-18", text: """
        OS Version: iOS 17.4 (21E217)
        Exception Type: EXC_CRASH (SIGABRT)

        Application Specific Information:
        attempt to insert row 0 into section 0, but there are only 0 sections after the update
        """, message: "attempt to insert row 0 into section 0, but there are only 0 sections after the update", isTableView: true)

    static let all = [forum728797, exyteChat56, xlPagerTabStrip859, rxDataSources321, wordPress19505, chatSecure347,
                      deepDiff56, messageKit1008, bsImagePicker113, igListKit1442, simplenote730, friendlyPix43, yep673,
                      rxDataSources35, bond593, draggableTableView1, jxMovableCellTableView4, zohoDesk18]

    // badoo/Chatto, issue #380: the reason cut off after the section's
    // number (the whole issue text): the start of the item-count exception.
    static let chatto380CutOff = """
        Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Invalid update: invalid number of items in section 0
        """

    // Instagram/IGListKit, issue #1623: the stack alone, no reason; its
    // frames name UICollectionView's item-count check.
    static let igListKit1623FramesOnly = """
        ```
        0  CoreFoundation                 0x2d5fc __exceptionPreprocess
        1  libobjc.A.dylib                0x31244 objc_exception_throw
        2  Foundation                     0x82dec0 _userInfoForFileAndLine
        3  UIKitCore                      0x9aa674 -[UICollectionView _Bug_Detected_In_Client_Of_UICollectionView_Invalid_Number_Of_Items_In_Section:]
        4  UIKitCore                      0x20b750 -[UICollectionView _endItemAnimationsWithInvalidationContext:tentativelyForReordering:animator:collectionViewAnimator:]
        5  UIKitCore                      0x1f080c -[UICollectionView _performBatchUpdates:completion:invalidationContext:tentativelyForReordering:animator:animationHandler:]
        6  IGListKit                      0xe688 __43-[IGListBatchUpdateTransaction _applyDiff:]_block_invoke.4 + 190 (IGListBatchUpdateTransaction.m:190)
        ```
        """

    // Instagram/IGListKit, issue #1576: Crashlytics' stack without the
    // reason line; the frames name only UICollectionView's end of a batch.
    static let igListKit1576FramesOnly = """
        Fatal Exception: NSInternalInconsistencyException
        0  CoreFoundation                 0x119180 __exceptionPreprocess
        1  libobjc.A.dylib                0x59f8 objc_exception_throw
        2  CoreFoundation                 0x3288c +[_CFXNotificationTokenRegistration keyCallbacks]
        3  Foundation                     0x8ab38 -[NSAssertionHandler handleFailureInMethod:object:file:lineNumber:description:]
        4  UIKitCore                      0x1c6324 -[UICollectionView _endItemAnimationsWithInvalidationContext:tentativelyForReordering:animator:]
        """

    // ra1028/DifferenceKit, issue #155: iOS 16.4's header alone, without the
    // counts and updates that follow it (not enough to triage).
    static let differenceKit155Header = """
        ```
        Invalid batch updates detected: the number of sections and/or items returned by the data source before and/or after performing the batch updates are inconsistent with the updates
        ```
        """
}

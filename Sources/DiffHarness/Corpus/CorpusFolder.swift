// CorpusFolder: the files of a corpus folder, found recursively, through
// the folders linked into it as through its own.
//
//     Corpus/
//       regressions/swap.case
//       shared -> ../../team/cases      (its cases are read too)
//       loop -> ..                       (a link to a folder that holds it:
//                                         a loop, said, not followed)
import Foundation

/// The files under the folder `root`, sorted by path: regular files and
/// whatever a link names that is not a folder (a broken link, a link loop:
/// reading them says what is wrong), not hidden (`.name`, and nothing
/// inside a hidden folder), not `README.md`, not a `.tmp` file, and nothing
/// inside a folder named `slow` below `root` (`slowCasesFolder`: a
/// campaign's slowest case, kept for profiling, which a gate replays only
/// when that folder is named itself).
///
/// A symbolic link to a folder is followed like a folder. A link to a
/// folder that holds it (or is it) is a loop: it is not followed, and is
/// one of the errors returned; a folder reached again through another link
/// is read once. A folder that cannot be listed is an error too.
func corpusFiles(inFolder root: String) -> (files: [String], errors: [CorpusReadError]) {
    var walk = CorpusFolderWalk()
    walk.read(root, ancestors: [])
    return (walk.files.sorted(), walk.errors)
}

/// A folder on disk, whatever path reaches it.
private struct FolderIdentity: Hashable {
    var device: UInt64
    var inode: UInt64

    init?(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

private struct CorpusFolderWalk {
    var files: [String] = []
    var errors: [CorpusReadError] = []
    /// Every folder read so far.
    var read: Set<FolderIdentity> = []

    /// Reads `folder`, inside the folders `ancestors` (the path that led to it).
    mutating func read(_ folder: String, ancestors: [FolderIdentity]) {
        guard let identity = FolderIdentity(folder) else { return }
        if ancestors.contains(identity) {
            errors.append(CorpusReadError(description: "\(folder): error: a symbolic link loop: it links to a folder that holds it "
                                          + "(not followed)"))
            return
        }
        guard read.insert(identity).inserted else { return }
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: folder) } catch {
            errors.append(CorpusReadError(description: "\(folder): error: cannot read the folder: \(pathProblem(folder))"))
            return
        }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = (folder as NSString).appendingPathComponent(name)
            if FolderIdentity(path) != nil {
                if name == slowFolderName { continue }
                read(path, ancestors: ancestors + [identity])
            } else if name != "README.md" && !name.hasSuffix(".tmp") {
                files.append(path)
            }
        }
    }
}

// FlatPair: the unchanged flat pair the engine-process tests send.
import ListModel

/// A flat pair of `count` old items (and as many new ones, all unchanged).
func flatPair(_ count: Int) -> (old: Snapshot, new: Snapshot) {
    let items = (0..<count).map { Item(id: "i\($0)") }
    let snapshot = Snapshot(sections: [Section(id: "", items: items)])
    return (snapshot, snapshot)
}

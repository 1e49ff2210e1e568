// ListModel's landing page and its article "The case format": the model
// and the case format from code, compiled and run (ListModelSnippetTests
// checks what they print).
// snippet: listmodel-apply
import ListModel

func applyExample(print: (Any) -> Void) { // snippet: hide
let displayed = Snapshot.flat([Item(id: "a"), Item(id: "b"), Item(id: "c")])
let data = Snapshot.flat([Item(id: "a"), Item(id: "c")])
let batch = Batch([.deleteItem(ItemPath(0, 1)), .reloadItem(ItemPath(0, 1))])
switch ListView.apply(batch, to: displayed, data: data, profile: .uikit) {
case .success(let shown): print(shown)
case .failure(let rejection): print(rejection.message)
}
// attempt to delete and reload the same index path (0-1)
} // snippet: hide
// end snippet

// snippet: case-format-from-code
import ListModel

func caseFormatExample(print: (Any) -> Void) { // snippet: hide
let text = """
    old: a b c
    new: a c
    batch: delete 1
    """
switch CaseParser.parse(text, file: "example.case") {
case .success(let parsed): print(CasePrinter.text(parsed))
case .failure(let error): print(error)
}
} // snippet: hide
// end snippet

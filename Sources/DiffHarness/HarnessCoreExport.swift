// HarnessCoreExport: DiffHarness re-exports HarnessCore (choices, generation,
// the in-process engines, the properties), so `import DiffHarness` brings
// every harness type, wherever it is declared.
@_exported import HarnessCore

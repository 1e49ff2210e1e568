// DiffHarness: generators, properties, shrinking, engines, corpus (issue 4).
import ListDiff
import ListModel

public enum DiffHarness {}

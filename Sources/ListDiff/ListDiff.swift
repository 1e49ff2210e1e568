// ListDiff: the optimized diff core (issue 3).
public enum ListDiff {}

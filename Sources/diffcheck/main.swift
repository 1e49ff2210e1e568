import DiffHarness
print("diffcheck: nothing here yet")

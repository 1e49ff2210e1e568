// HangingEngine: the Python engine that hangs past a size, which the
// DiffProcess tests run through ExternalEngine and the command's tests
// through --engine-cmd.

/// A snapshot of an engine request.
public enum RequestSide: String, Sendable {
    case old, new
}

/// A correct engine (every old section deleted, every new one inserted)
/// that never answers (it sleeps 1,000 s) a request whose `side` snapshot
/// holds `items` items or more: a real hang, past a size.
public func hangingEngine(once side: RequestSide, holds items: Int) -> String {
    """
    import json, sys, time
    for line in sys.stdin:
        request = json.loads(line)
        old, new = request["old"], request["new"]
        if sum(len(s["items"]) for s in \(side.rawValue)) >= \(items):
            time.sleep(1000)
        print(json.dumps({"stages": [{"deleteSections": list(range(len(old))), "insertSections": list(range(len(new)))}]}), flush=True)
    """
}

/// A correct engine (every old section deleted, every new one inserted)
/// that prints each answer twice, in one write: the copy is waiting when
/// the next request goes out, an answer nobody asked for.
public let answersTwiceEngine = """
    import json, sys
    for line in sys.stdin:
        request = json.loads(line)
        answer = json.dumps({"stages": [{"deleteSections": list(range(len(request["old"]))),
                                         "insertSections": list(range(len(request["new"])))}]})
        print(answer)
        print(answer, flush=True)
    """

/// A correct engine that fills 300 MB and burns 1 s of CPU on a request of
/// more than 2,000 items, then frees it and answers.
public let memoryHungryEngine = """
    import json, sys
    \(pythonBurn)
    for line in sys.stdin:
        request = json.loads(line)
        old, new = request["old"], request["new"]
        if sum(len(s["items"]) for s in old) + sum(len(s["items"]) for s in new) > 2000:
            held = b"x" * (300 << 20)
            burn(1)
            del held
        print(json.dumps({"stages": [{"deleteSections": list(range(len(old))), "insertSections": list(range(len(new)))}]}), flush=True)
    """

// SeedMaker: the seed corpus, one small input per generator label.
//
// A seed is the byte encoding (`ByteSource.encode`) of the choices a seeded
// PRNG made for the generator, so it decodes to exactly that pair; trailing
// zero bytes are dropped, since a `ByteSource` that runs out reads 0. Of many
// such pairs, the smallest input showing each label is kept, once among small
// pairs and once among large ones (the generator's two size classes), so the
// corpus covers every label in a few KB. `Fuzz/run.sh --seeds` then
// minimizes it with libFuzzer's `-merge=1`.
import DiffHarness
import ListModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum SeedMaker {
    /// `DiffFuzz -diffcheck_seeds=DIR` writes the seeds into DIR.
    static let flag = "-diffcheck_seeds="
    /// `DiffFuzz -diffcheck_labels=1 FILE...` prints each input's labels.
    static let labelsFlag = "-diffcheck_labels=1"
    /// How many PRNG cases are searched for small inputs.
    static let candidates = 50_000

    /// The smallest input found for each label, among small pairs and among
    /// large ones, as (input, its labels).
    static func seeds(generator: PairGenerator) -> [(bytes: [UInt8], labels: Set<Label>)] {
        struct Key: Hashable { var label: Label, isLarge: Bool }
        var smallest: [Key: (bytes: [UInt8], labels: Set<Label>)] = [:]
        for seed in 0..<UInt64(candidates) {
            let pair = generator.generate(from: RandomSource(seed: seed))
            var bytes = ByteSource.encode(pair.choices, bounds: pair.bounds)
            while bytes.last == 0 { bytes.removeLast() }
            let labels = Label.of(old: pair.old, new: pair.new)
            let isLarge = totalItems(pair.old, pair.new) > 10
            for label in labels {
                let key = Key(label: label, isLarge: isLarge)
                if bytes.count < smallest[key]?.bytes.count ?? .max { smallest[key] = (bytes, labels) }
            }
        }
        var seen: Set<[UInt8]> = []
        let keys = [false, true].flatMap { isLarge in Label.allCases.map { Key(label: $0, isLarge: isLarge) } }
        return keys.compactMap { smallest[$0] }.filter { seen.insert($0.bytes).inserted }
    }

    /// Writes the seeds into `directory` as `seed-LABEL` files, and lists them.
    static func run(directory: String) -> CInt {
        let generator = PairGenerator()
        var covered: Set<Label> = []
        for (index, seed) in seeds(generator: generator).enumerated() {
            let name = seed.labels.subtracting(covered).min()?.rawValue ?? "extra"
            covered.formUnion(seed.labels)
            let path = directory + "/seed-\(index)-" + name
            guard let file = fopen(path, "wb") else { fail("DiffFuzz: cannot write \(path)") }
            _ = seed.bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
            fclose(file)
            print("\(path) (\(seed.bytes.count) bytes): \(describe(seed.labels))")
        }
        let missing = Set(Label.allCases).subtracting(covered)
        if !missing.isEmpty {
            print("labels not covered: \(describe(missing))")
            return 1
        }
        return 0
    }

    /// Prints the labels of each input file, then the labels none of them has.
    static func printLabels(of paths: [String]) -> CInt {
        let generator = PairGenerator()
        var covered: Set<Label> = []
        for path in paths {
            guard let bytes = readFile(path) else { fail("DiffFuzz: cannot read \(path)") }
            let pair = generator.generate(from: ByteSource(bytes))
            let labels = Label.of(old: pair.old, new: pair.new)
            covered.formUnion(labels)
            print("\(path) (\(bytes.count) bytes): \(describe(labels))")
        }
        let missing = Set(Label.allCases).subtracting(covered)
        print(missing.isEmpty ? "every label covered" : "labels not covered: \(describe(missing))")
        return missing.isEmpty ? 0 : 1
    }

    static func describe(_ labels: Set<Label>) -> String {
        labels.isEmpty ? "(none)" : labels.sorted().map(\.rawValue).joined(separator: " ")
    }
}

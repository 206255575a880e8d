import Dispatch
import Synchronization

/// A piece of work a phase runs through `Steps`: a pure function of its input. `run` is static
/// and takes only the input, so it can read nothing the input does not hold (a closure could
/// capture the catalog or the theme; a static function cannot). The input is therefore the key
/// under which the rebuild loop keeps the output: two runs with equal inputs give equal outputs,
/// and no caller lists by hand what else a step reads.
package protocol Step {
    associatedtype Input: Hashable & Sendable
    associatedtype Output: Sendable
    static func run(_ input: Input) -> Output
}

/// How the phases run their steps: every piece on all cores; under `serve`, only the pieces whose
/// input changed since the last rebuild (the rest come from the rebuild loop's memo). The phases
/// see this and never the memo.
package struct Steps: Sendable {
    private let memo: PipelineMemo?

    package init(memo: PipelineMemo?) {
        self.memo = memo
    }

    /// The outputs of `step` for each piece, in order; `id` names a piece within the step (the
    /// memo keeps it under that name). `deliver` takes each output on the worker that made it, as
    /// soon as it is made (a build hands pages to the staging folder there), and gives what is
    /// kept instead.
    package func run<S: Step>(_ step: S.Type, _ pieces: [(id: String, input: S.Input)], deliver: (@Sendable (S.Output) -> S.Output)? = nil) -> [S.Output] {
        let make: @Sendable (S.Input) -> S.Output = { input in deliver.map { $0(S.run(input)) } ?? S.run(input) }
        guard let memo else { return Parallel.map(pieces) { make($0.input) } }
        return memo.outputs(PipelineMemo.name(of: step), pieces, make: make)
    }

    /// The output of `step` for one input.
    package func run<S: Step>(_ step: S.Type, _ input: S.Input) -> S.Output {
        run(step, [(id: "", input: input)])[0]
    }
}

/// The rebuild loop's memory of the last run of every step: for each piece of work its input
/// and output. A piece whose input equals the remembered one is not run again. It belongs to
/// the one loop that rebuilds (`serve`'s `Rebuilder`); a step's pieces that did not come up in
/// a run are forgotten at its end.
public final class PipelineMemo: Sendable {
    /// One step's pieces, by id, with their inputs and outputs as the step's own types: a
    /// piece's input is compared without a cast (the table is cast once per run of the step).
    private struct Table<Input: Hashable & Sendable, Output: Sendable>: StepTable {
        /// A class, so that looking one up shares it instead of copying its input and output.
        final class Entry: Sendable {
            let input: Input
            let output: Output
            /// The last run it came up in.
            let generation: Atomic<Int>

            init(input: Input, output: Output, generation: Int) {
                self.input = input
                self.output = output
                self.generation = Atomic(generation)
            }
        }

        var entries: [String: Entry] = [:]

        var count: Int { entries.count }

        func keeping(generation: Int) -> any StepTable {
            Table(entries: entries.filter { $0.value.generation.load(ordering: .relaxed) == generation })
        }
    }

    private struct Store: Sendable {
        package var steps: [String: any StepTable] = [:]
        package var generation = 0
        /// Per step, how many pieces ran and how many were reused in the current run.
        package var counts: [String: (made: Int, reused: Int)] = [:]
    }

    private let store = Mutex(Store())

    public init() {}

    /// How many pieces of `step` the last run made and how many it reused, for the terminal.
    package func counts<S: Step>(_ step: S.Type) -> (made: Int, reused: Int) {
        store.withLock { $0.counts[Self.name(of: step)] ?? (0, 0) }
    }

    /// The name a step's pieces are kept under: its type's, with its module and generic arguments.
    package static func name<S: Step>(of step: S.Type) -> String { String(reflecting: step) }

    /// Starts a run: counts start again.
    package func begin() {
        store.withLock { store in
            store.generation += 1
            store.counts = [:]
        }
    }

    /// Ends a run: in each step that ran, the pieces that did not come up are forgotten.
    package func end() {
        store.withLock { store in
            let generation = store.generation
            for (step, counts) in store.counts where (store.steps[step]?.count ?? 0) > counts.made + counts.reused {
                store.steps[step] = store.steps[step]?.keeping(generation: generation)
            }
        }
    }

    fileprivate func outputs<Input: Hashable & Sendable, Output: Sendable>(_ step: String, _ work: [(id: String, input: Input)], make: @Sendable (Input) -> Output) -> [Output] {
        var outputs: [Output?] = store.withLock { store in
            let generation = store.generation
            // An entry is marked in place (its generation is atomic), so the table is not copied.
            guard let table = store.steps[step] as? Table<Input, Output> else { return work.map { _ in nil } }
            return work.map { piece in
                guard let entry = table.entries[piece.id], entry.input == piece.input else { return nil }
                entry.generation.store(generation, ordering: .relaxed)
                return entry.output
            }
        }
        let stale = outputs.indices.filter { outputs[$0] == nil }
        let made = Parallel.map(stale) { make(work[$0].input) }
        store.withLock { store in
            let generation = store.generation
            var table = store.steps.removeValue(forKey: step) as? Table<Input, Output> ?? Table()
            for (index, output) in zip(stale, made) {
                table.entries[work[index].id] = Table.Entry(input: work[index].input, output: output, generation: generation)
            }
            store.steps[step] = table
            let counts = store.counts[step] ?? (0, 0)
            store.counts[step] = (counts.made + stale.count, counts.reused + work.count - stale.count)
        }
        for (index, output) in zip(stale, made) { outputs[index] = output }
        return outputs.map { $0! }
    }
}

/// What the memo knows of one step's table without knowing its types.
private protocol StepTable: Sendable {
    var count: Int { get }
    /// The table with only the pieces that came up in run `generation`.
    func keeping(generation: Int) -> any StepTable
}

/// Runs independent work on all cores, keeping the order: each iteration of `concurrentPerform`
/// fills its own slot, the slots behind a lock (types checked for sending, no unchecked box).
package enum Parallel {
    package static func map<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
        guard items.count > 1 else { return items.map(transform) }
        let results = Mutex([R?](repeating: nil, count: items.count))
        withoutActuallyEscaping(transform) { transform in
            DispatchQueue.concurrentPerform(iterations: items.count) { index in
                let result = transform(items[index])
                results.withLock { $0[index] = result }
            }
        }
        return results.withLock { $0.map { $0! } }
    }

    /// Runs `second` on a thread of its own while `first` runs on the caller's thread, and gives
    /// both results. `second` runs on a queue of its own, whose thread the system keeps warm (a
    /// `Thread` cost `serve` a few milliseconds a rebuild to start) and which is not one of the
    /// pool's workers. On a worker (as it was), a fresh process's pool had no other worker free
    /// for `second`'s own `map` while the caller waited: the theme's templates were read one at
    /// a time (measured: the theme and a small catalog in 46 ms, now 31 ms, by
    /// `CATALOG_BUILD_TIMING`'s "load and theme"; the system adds a worker for a waiting thread
    /// only after about half a second, so no test here can see it without timing it).
    package static func both<A: Sendable, B: Sendable>(_ first: () -> A, _ second: @escaping @Sendable () -> B) -> (A, B) {
        let result = Mutex<B?>(nil)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue(label: "catalog-build.both").async {
            let made = second()
            result.withLock { $0 = made }
            done.signal()
        }
        let firstResult = first()
        done.wait()
        return (firstResult, result.withLock { $0! })
    }
}

/// A large value compared by a hash of itself, worked out once when it is wrapped: a step that
/// reads, say, the list of a site's files takes it in its input and compares one integer instead
/// of thousands of paths. The hash is made from the value itself, so it cannot go stale; two
/// different values share one with a chance of one in 2^64.
package struct Hashed<Value: Hashable & Sendable>: Hashable, Sendable {
    package let value: Value
    private let digest: Int

    package init(_ value: Value) {
        self.value = value
        digest = value.hashValue
    }

    package static func == (left: Hashed, right: Hashed) -> Bool { left.digest == right.digest }
    package func hash(into hasher: inout Hasher) { hasher.combine(digest) }
}

import Dispatch
import Synchronization

/// One piece of a step's work: a pure function of `input`, named within its step by `id`. The
/// input is what the function reads (a component's files, a page's typed inputs), so two runs
/// with equal inputs give equal outputs: that is what lets the rebuild loop reuse an output
/// without a key written by hand.
public struct Work<Input: Hashable & Sendable, Output: Sendable>: Sendable {
    package var id: String
    package var input: Input
    package var make: @Sendable (Input) -> Output

    package init(id: String, input: Input, make: @escaping @Sendable (Input) -> Output) {
        self.id = id
        self.input = input
        self.make = make
    }
}

/// How the phases run their work: every piece of a step on all cores; under `serve`, only the
/// pieces whose input changed since the last rebuild (the rest come from the rebuild loop's
/// memo). The phases see this and never the memo.
package struct Steps: Sendable {
    private let memo: PipelineMemo?

    package init(memo: PipelineMemo?) {
        self.memo = memo
    }

    /// The outputs of `work`, in its order.
    package func run<Input, Output>(_ step: String, _ work: [Work<Input, Output>]) -> [Output] {
        guard let memo else { return Parallel.map(work) { $0.make($0.input) } }
        return memo.outputs(step, work)
    }

    /// The output of one piece of work.
    package func one<Input: Hashable & Sendable, Output: Sendable>(_ step: String, _ input: Input, _ make: @escaping @Sendable (Input) -> Output) -> Output {
        run(step, [Work(id: "", input: input, make: make)])[0]
    }
}

/// The rebuild loop's memory of the last run of every step: for each piece of work its input
/// and output. A piece whose input equals the remembered one is not run again. It belongs to
/// the one loop that rebuilds (`serve`'s `Rebuilder`); a step's pieces that did not come up in
/// a run are forgotten at its end.
public final class PipelineMemo: Sendable {
    private struct Entry {
        package var input: any Hashable & Sendable
        package var output: any Sendable
        package var generation: Int

        package init(input: any Hashable & Sendable, output: any Sendable, generation: Int) {
            self.input = input
            self.output = output
            self.generation = generation
        }
    }

    private struct Store: Sendable {
        package var steps: [String: [String: Entry]] = [:]
        package var generation = 0
        /// Per step, how many pieces ran and how many were reused in the current run.
        package var counts: [String: (made: Int, reused: Int)] = [:]
    }

    private let store = Mutex(Store())

    public init() {}

    /// What the last run did, for the terminal.
    public var statistics: Statistics {
        store.withLock { store in
            Statistics(
                componentsLoaded: store.counts["component"]?.made ?? 0, componentsReused: store.counts["component"]?.reused ?? 0,
                pagesRendered: store.counts["component page"]?.made ?? 0, pagesReused: store.counts["component page"]?.reused ?? 0
            )
        }
    }

    public struct Statistics: Sendable {
        public var componentsLoaded = 0
        public var componentsReused = 0
        public var pagesRendered = 0
        public var pagesReused = 0
    }

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
                store.steps[step] = store.steps[step]?.filter { $0.value.generation == generation }
            }
        }
    }

    fileprivate func outputs<Input, Output>(_ step: String, _ work: [Work<Input, Output>]) -> [Output] {
        var outputs: [Output?] = store.withLock { store in
            let generation = store.generation
            // Taken out while it is read, so marking an entry does not copy the table.
            var table = store.steps.removeValue(forKey: step) ?? [:]
            defer { store.steps[step] = table }
            return work.map { piece in
                guard let index = table.index(forKey: piece.id) else { return nil }
                let entry = table.values[index]
                guard let input = entry.input as? Input, input == piece.input, let output = entry.output as? Output else { return nil }
                table.values[index].generation = generation
                return output
            }
        }
        let stale = outputs.indices.filter { outputs[$0] == nil }
        let made = Parallel.map(stale) { work[$0].make(work[$0].input) }
        store.withLock { store in
            let generation = store.generation
            for (index, output) in zip(stale, made) {
                store.steps[step, default: [:]][work[index].id] = Entry(input: work[index].input, output: output, generation: generation)
            }
            let counts = store.counts[step] ?? (0, 0)
            store.counts[step] = (counts.made + stale.count, counts.reused + work.count - stale.count)
        }
        for (index, output) in zip(stale, made) { outputs[index] = output }
        return outputs.map { $0! }
    }
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
}

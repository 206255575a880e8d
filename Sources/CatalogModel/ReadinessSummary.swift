extension Component {
    /// The overall status: the one written, else the weightiest tone among the criteria
    /// (negative over caution over positive); nil when nothing was assessed.
    public func overallStatus(in rubric: ReadinessRubric) -> ReadinessStatus? {
        if let status {
            return rubric.status(status.value)
        }
        let statuses = readiness.compactMap { rubric.status($0.status.value) }
        return statuses.max { $0.tone.severity < $1.tone.severity }.flatMap { worst in
            worst.tone == .neutral ? nil : worst
        }
    }
}

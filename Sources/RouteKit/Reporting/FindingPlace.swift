/// A finding's place, as reporters print it.
struct FindingPlace {
    /// The path as the finding gives it, if any.
    var file: String?
    /// 1-based, when known.
    var line: Int?
    /// 1-based, when the line is known.
    var column: Int?
    /// Where the finding's text ends (exclusive), when the reader knew it.
    var endLine: Int?
    var endColumn: Int?

    /// A place whose file the caller knows otherwise.
    init(line: Int?, column: Int?) {
        self.line = line
        self.column = column
    }

    init(_ diagnostic: borrowing Finding) {
        if let (batch, item) = diagnostic.placedItem, let places = batch.keys.places {
            let place = places[item]
            file = places.paths[Int(place.file)]
            line = max(1, Int(place.line))
            column = max(1, Int(place.column))
            return
        }
        file = diagnostic.file ?? diagnostic.location?.file
        if let location = diagnostic.location {
            line = max(1, location.line)
            column = max(1, location.column)
            if let endLine = location.endLine, let endColumn = location.endColumn {
                self.endLine = endLine
                self.endColumn = endColumn
            }
        }
    }

    /// The place of item `item` of `batch`, a batch placed by key.
    init(batch: FindingBatch, item: Int) {
        guard let places = batch.keys.places else { return }
        let place = places[item]
        file = places.paths[Int(place.file)]
        line = max(1, Int(place.line))
        column = max(1, Int(place.column))
    }
}

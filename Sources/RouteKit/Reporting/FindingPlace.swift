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

    init(_ diagnostic: borrowing Finding) {
        if let (batch, item) = diagnostic.placedItem, let places = batch.keys.places {
            self = FindingPlace(places[item], file: places.paths[Int(places[item].file)])
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
        self = FindingPlace(places[item], file: places.paths[Int(places[item].file)])
    }

    /// A key's place (`FindingBatch.KeyPlaces`), in file `file`.
    private init(_ place: FindingBatch.KeyPlaces.Place, file: String?) {
        self.init(file: file, line: place.line, column: place.column)
    }

    private init(file: String?, line: Int32, column: Int32) {
        self.file = file
        self.line = max(1, Int(line))
        self.column = max(1, Int(column))
    }

    /// For a finding whose group indexes its files (placed by key, or `FindingGroup.indexedPlace`):
    /// the file as `PlacedFileKey` names it, and the line and column (1-based); nil for any other.
    /// No `FindingPlace` is made (copying and destroying one, optionals and a path, was a fifth
    /// of a text report's line start).
    static func indexed(_ diagnostic: Finding) -> (file: PlacedFileKey, line: Int, column: Int)? {
        if let (places, place) = diagnostic.keyPlace {
            return (PlacedFileKey(places: places, file: place.file), max(1, Int(place.line)), max(1, Int(place.column)))
        }
        guard let (file, line, column) = diagnostic.indexedPlace else { return nil }
        return (file, max(1, Int(line)), max(1, Int(column)))
    }

    /// For a finding placed by key: its place without its path, and the file as
    /// `PlacedFileKey` names it (no path made, no `String` retained); nil for any other.
    static func placedByKey(_ diagnostic: Finding) -> (place: FindingPlace, file: PlacedFileKey)? {
        guard let (places, place) = diagnostic.keyPlace else { return nil }
        return (FindingPlace(place, file: nil), PlacedFileKey(places: places, file: place.file))
    }
}

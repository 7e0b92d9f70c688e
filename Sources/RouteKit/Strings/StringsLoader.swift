/// Reads Rails-i18n YAML: the top-level key is the locale, nested keys are joined with `.`.
///
/// A mapping whose keys are all plural categories (`one`, `other`, …) with text values is a plural,
/// unless the base locale has a plain namespace at that key: the base locale's shape decides, so a
/// translation cannot turn a namespace into a plural.
public enum StringsLoader {
    public static func load(_ files: [YAMLFile], baseLocale: String) -> (StringTable, [Diagnostic]) {
        var table = StringTable(baseLocale: baseLocale)
        var sink = DiagnosticSink()
        var trees: [(locale: String, node: YAMLNode)] = []
        for file in files {
            guard let root = file.root else { continue }
            guard let mapping = root.mapping else {
                sink.report("invalid-field", "a strings file must map locales to their strings (`en:`), found \(root.kindName)",
                            at: root.location)
                continue
            }
            for entry in mapping.entries {
                table.ensureLocale(entry.key.value, declaredAt: entry.key.location)
                if entry.value.isNull { continue }
                guard entry.value.mapping != nil else {
                    sink.report("invalid-field", "locale '\(entry.key.value)' must map keys to strings, found \(entry.value.kindName)",
                                at: entry.value.location, locale: entry.key.value)
                    continue
                }
                trees.append((entry.key.value, entry.value))
            }
        }
        // The base locale first: its shape decides what is a plural everywhere else.
        var basePlurals: Set<String> = []
        var baseNamespaces: Set<String> = []
        for tree in trees where tree.locale == baseLocale {
            flatten(tree.node, prefix: "", locale: tree.locale, shape: nil, into: &table, sink: &sink,
                    plurals: &basePlurals, namespaces: &baseNamespaces)
        }
        let shape = BaseShape(plurals: basePlurals, namespaces: baseNamespaces)
        var unusedPlurals: Set<String> = [], unusedNamespaces: Set<String> = []
        for tree in trees where tree.locale != baseLocale {
            flatten(tree.node, prefix: "", locale: tree.locale, shape: shape, into: &table, sink: &sink,
                    plurals: &unusedPlurals, namespaces: &unusedNamespaces)
        }
        return (table, sink.diagnostics)
    }

    private struct BaseShape {
        var plurals: Set<String>
        var namespaces: Set<String>
    }

    /// Walks one locale's tree without recursion (depth was already bounded by the reader).
    private static func flatten(
        _ node: YAMLNode, prefix: String, locale: String, shape: BaseShape?,
        into table: inout StringTable, sink: inout DiagnosticSink,
        plurals: inout Set<String>, namespaces: inout Set<String>
    ) {
        // A stack of (prefix, mapping, next entry index): depth-first, in file order.
        var stack: [(prefix: String, entries: [YAMLMapping.Entry], index: Int)] = []
        if let mapping = node.mapping { stack.append((prefix, mapping.entries, 0)) }
        while !stack.isEmpty {
            let top = stack.count - 1
            let (prefix, entries, index) = stack[top]
            guard index < entries.count else {
                stack.removeLast()
                continue
            }
            stack[top].index += 1
            let entry = entries[index]
            let key = prefix.isEmpty ? entry.key.value : prefix + "." + entry.key.value
            switch entry.value {
            case .scalar(let scalar):
                let text = Located(scalar.isNull ? "" : scalar.value, at: scalar.location)
                add(StringEntry(key: key, locale: locale, value: .text(text), keyLocation: entry.key.location),
                    to: &table, sink: &sink)
            case .sequence(let sequence):
                sink.report("invalid-field", "'\(key)' is a list; string values are text, plurals or nested keys",
                            at: sequence.location, key: key, locale: locale)
            case .mapping(let child):
                if isPlural(child, key: key, shape: shape) {
                    if shape == nil { plurals.insert(key) }
                    let forms = child.entries.map { form in
                        (category: form.key.located,
                         text: Located(form.value.scalar.map { $0.isNull ? "" : $0.value } ?? "", at: form.value.location))
                    }
                    add(StringEntry(key: key, locale: locale, value: .plural(forms), keyLocation: entry.key.location),
                        to: &table, sink: &sink)
                } else {
                    if shape == nil { namespaces.insert(key) }
                    stack.append((key, child.entries, 0))
                }
            }
        }
    }

    private static func isPlural(_ mapping: YAMLMapping, key: String, shape: BaseShape?) -> Bool {
        if let shape {
            if shape.plurals.contains(key) { return mapping.entries.allSatisfy { $0.value.scalar != nil } }
            if shape.namespaces.contains(key) { return false }
        }
        return !mapping.entries.isEmpty
            && mapping.entries.allSatisfy { pluralCategoryNames.contains($0.key.value) && $0.value.scalar != nil }
    }

    private static func add(_ entry: StringEntry, to table: inout StringTable, sink: inout DiagnosticSink) {
        if let existing = table.add(entry) {
            sink.report("duplicate-key", "key '\(entry.key)' of locale '\(entry.locale)' is already defined at \(existing.keyLocation)",
                        at: entry.keyLocation, key: entry.key, locale: entry.locale)
        }
    }
}

/// Reads route catalog files into a `RouteCatalog`, reporting unknown fields (`unknown-field`) and
/// values of the wrong shape (`invalid-field`) at their exact position.
public enum CatalogLoader {
    static let routeFields = ["tab", "declaration", "params", "title", "subtitle", "from", "entry", "lint"]

    /// `root`: the directory a duplicate route's message names the first file relative to.
    public static func load(_ files: [YAMLFile], root: String = ".") -> (RouteCatalog, [Finding]) {
        let projectRoot = root
        var sink = FindingSink()
        var routes: [Route] = []
        var seen: [String: SourceLocation] = [:]
        for file in files {
            guard let root = file.root else { continue }
            guard let top = root.mapping else {
                sink.report("invalid-field", "a catalog must be a mapping with `routes:`, found \(root.kindName)", at: root.location)
                continue
            }
            for entry in top.entries {
                guard entry.key.value == "routes" else {
                    sink.report("unknown-field", "unknown catalog field '\(entry.key.value)'\(suggestion(entry.key.value, among: ["routes"]))",
                                at: entry.key.location)
                    continue
                }
                if entry.value.isNull { continue }
                guard let mapping = entry.value.mapping else {
                    sink.report("invalid-field", "'routes' must map route names to their metadata, found \(entry.value.kindName)",
                                at: entry.value.location)
                    continue
                }
                // A route is hundreds of bytes: an array grown by doubling would copy them all.
                routes.reserveCapacity(routes.count + mapping.entries.count)
                for routeEntry in mapping.entries {
                    let name = routeEntry.key.value
                    if let first = seen[name] {
                        // No line and no absolute path: the message is part of the finding's identity.
                        let place = first.file == routeEntry.key.location.file
                            ? "earlier in this file" : "in " + PathUtilities.relative(first.file, to: projectRoot)
                        sink.report("duplicate-key", "route '\(name)' is already defined \(place)",
                                    at: routeEntry.key.location, route: name)
                        continue
                    }
                    seen[name] = routeEntry.key.location
                    routes.append(route(name: routeEntry.key, node: routeEntry.value, into: &sink))
                }
            }
        }
        return (RouteCatalog(routes: routes, files: files.map(\.path)), sink.diagnostics)
    }

    private static func route(name: YAMLScalar, node: YAMLNode, into sink: inout FindingSink) -> Route {
        var route = Route(name: name.value, location: name.location)
        let routeName = name.value
        if node.isNull { return route }
        guard let mapping = node.mapping else {
            sink.report("invalid-field", "route '\(routeName)' must be a mapping of its metadata, found \(node.kindName)",
                        at: node.location, route: routeName)
            return route
        }
        var paramsKey: SourceLocation?
        for entry in mapping.entries {
            let value = entry.value
            switch entry.key.value {
            case "tab":
                route.tab = tab(value, route: routeName, into: &sink)
            case "declaration":
                guard let text = value.text("declaration", into: &sink, route: routeName) else { continue }
                guard let declaration = Route.Declaration(rawValue: text.value) else {
                    sink.report("invalid-field", "'declaration' must be class or object, found '\(text.value)'",
                                at: text.location, route: routeName)
                    continue
                }
                route.declaration = declaration
                route.declarationLocation = text.location
            case "params":
                route.params = params(value, route: routeName, into: &sink)
                paramsKey = entry.key.location
            case "title":
                route.title = titleSpec(value, field: "title", route: routeName, into: &sink)
            case "subtitle":
                route.subtitle = titleSpec(value, field: "subtitle", route: routeName, into: &sink)
            case "from":
                route.from = value.texts("from", into: &sink, route: routeName)
            case "entry":
                guard let text = value.text("entry", into: &sink, route: routeName) else { continue }
                switch text.value {
                case "true": route.isEntry = true
                case "false": route.isEntry = false
                default:
                    sink.report("invalid-field", "'entry' must be true or false, found '\(text.value)'", at: text.location, route: routeName)
                }
            case "lint":
                route.ignoredRules = lintOptions(value, route: routeName, into: &sink)
            default:
                sink.report("unknown-field",
                            "unknown route field '\(entry.key.value)'\(suggestion(entry.key.value, among: routeFields))",
                            at: entry.key.location, route: routeName)
            }
        }
        if route.declaration == .object, !route.params.isEmpty, let paramsKey {
            sink.report("invalid-field",
                        "route '\(routeName)' is a data object, which has no state: it cannot take params; make it a data class or remove `params:`",
                        at: paramsKey, route: routeName)
        }
        return route
    }

    private static func tab(_ node: YAMLNode, route: String, into sink: inout FindingSink) -> Route.Tab? {
        if node.isNull { return nil }
        guard let mapping = node.mapping else {
            sink.report("invalid-field", "'tab' must be a mapping such as `{ icon: clock }`, found \(node.kindName)",
                        at: node.location, route: route)
            return Route.Tab(icon: nil, location: node.location)
        }
        var tab = Route.Tab(icon: nil, location: mapping.location)
        for entry in mapping.entries {
            if entry.key.value == "icon" {
                tab.icon = entry.value.isNull ? nil : entry.value.text("tab.icon", into: &sink, route: route)
            } else {
                sink.report("unknown-field", "unknown tab field '\(entry.key.value)'\(suggestion(entry.key.value, among: ["icon"]))",
                            at: entry.key.location, route: route)
            }
        }
        return tab
    }

    private static func params(_ node: YAMLNode, route: String, into sink: inout FindingSink) -> [Route.Param] {
        if node.isNull { return [] }
        guard let mapping = node.mapping else {
            sink.report("invalid-field", "'params' must map param names to types, such as `{ id: SessionId }`, found \(node.kindName)",
                        at: node.location, route: route)
            return []
        }
        return mapping.entries.compactMap { entry in
            guard let type = entry.value.text("params.\(entry.key.value)", into: &sink, route: route) else { return nil }
            var typeName = type.value.trimmed(of: " ")
            let isOptional = typeName.hasSuffix("?")
            if isOptional { typeName = String(typeName.dropLast()).trimmed(of: " ") }
            guard !typeName.isEmpty else {
                sink.report("invalid-field", "param '\(entry.key.value)' has no type; write its Kotlin type, such as String, Int or SessionId",
                            at: type.location, route: route)
                return nil
            }
            return Route.Param(name: entry.key.value, type: typeName, isOptional: isOptional, location: entry.key.location)
        }
    }

    static let titleFields = ["key", "args", "param", "fallback", "text"]

    /// One of: a bare key; `{key, args}`; `{param, fallback?}`; `{text}`.
    static func titleSpec(_ node: YAMLNode, field: String, route: String, into sink: inout FindingSink) -> TitleSpec? {
        switch node {
        case .scalar(let scalar):
            return scalar.isNull ? nil : .key(scalar.located, args: .none)
        case .sequence:
            sink.report("invalid-field", "'\(field)' must be a string key or a mapping with key, param or text; found a list",
                        at: node.location, route: route)
            return nil
        case .mapping(let mapping):
            var fields: [String: YAMLNode] = [:]
            for entry in mapping.entries {
                guard titleFields.contains(entry.key.value) else {
                    sink.report("unknown-field",
                                "unknown \(field) field '\(entry.key.value)'\(suggestion(entry.key.value, among: titleFields))",
                                at: entry.key.location, route: route)
                    continue
                }
                fields[entry.key.value] = entry.value
            }
            let forms = ["key", "param", "text"].filter { fields[$0] != nil }
            guard forms.count == 1, let form = forms.first else {
                let message = forms.isEmpty
                    ? "'\(field)' needs one of key, param or text"
                    : "'\(field)' takes one of key, param or text, not \(forms.joined(separator: " and "))"
                sink.report("invalid-field", message, at: mapping.location, route: route)
                return nil
            }
            let misplaced = fields.keys.filter { name in
                switch form {
                case "key": name != "key" && name != "args"
                case "param": name != "param" && name != "fallback"
                default: name != "text"
                }
            }
            for name in misplaced.sorted() {
                let location = mapping.entry(name)?.key.location ?? mapping.location
                sink.report("invalid-field", "'\(name)' does not go with '\(form)' in '\(field)'", at: location, route: route)
            }
            switch form {
            case "key":
                guard let key = fields["key"]!.text("\(field).key", into: &sink, route: route) else { return nil }
                return .key(key, args: args(fields["args"], field: field, route: route, into: &sink))
            case "param":
                guard let param = fields["param"]!.text("\(field).param", into: &sink, route: route) else { return nil }
                let fallback = fields["fallback"].flatMap { $0.isNull ? nil : $0.text("\(field).fallback", into: &sink, route: route) }
                return .param(param, fallback: fallback)
            default:
                guard let text = fields["text"]!.text("\(field).text", into: &sink, route: route) else { return nil }
                return .text(text)
            }
        }
    }

    private static func args(_ node: YAMLNode?, field: String, route: String, into sink: inout FindingSink) -> TitleArgs {
        guard let node, !node.isNull else { return .none }
        switch node {
        case .mapping(let mapping):
            return .named(mapping.entries.compactMap { entry in
                guard let param = entry.value.text("\(field).args.\(entry.key.value)", into: &sink, route: route) else { return nil }
                return (entry.key.located, param)
            })
        case .sequence:
            return .positional(node.texts("\(field).args", into: &sink, route: route))
        case .scalar:
            sink.report("invalid-field", "'\(field).args' must be a mapping (named) or a list (positional)",
                        at: node.location, route: route)
            return .none
        }
    }

    private static func lintOptions(_ node: YAMLNode, route: String, into sink: inout FindingSink) -> Set<String> {
        if node.isNull { return [] }
        guard let mapping = node.mapping else {
            sink.report("invalid-field", "'lint' must be a mapping such as `{ ignore: [literal-title] }`", at: node.location, route: route)
            return []
        }
        var ignored: Set<String> = []
        for entry in mapping.entries {
            guard entry.key.value == "ignore" else {
                sink.report("unknown-field", "unknown lint field '\(entry.key.value)'\(suggestion(entry.key.value, among: ["ignore"]))",
                            at: entry.key.location, route: route)
                continue
            }
            for id in entry.value.texts("lint.ignore", into: &sink, route: route) {
                if RuleDocs.ids.contains(id.value) {
                    ignored.insert(id.value)
                } else {
                    sink.report("invalid-field", "unknown rule '\(id.value)' in lint.ignore\(suggestion(id.value, among: RuleDocs.ids))",
                                at: id.location, route: route)
                }
            }
        }
        return ignored
    }
}

import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads the CLDR XML files in `Resources/CLDR` with Foundation's `XMLParser`, independently of
/// the generator script, so the tests can compare them with the data compiled into RouteKit.
final class CLDRXMLTestReader: NSObject, XMLParserDelegate {
    struct Element {
        var name: String
        var attributes: [String: String]
        /// The ancestors' names and attributes, outermost first.
        var ancestors: [(name: String, attributes: [String: String])]
        var text: String
    }

    static func url(_ name: String) -> URL {
        CLI.packageRoot.appendingPathComponent("Resources/CLDR").appendingPathComponent(name)
    }

    /// Every element of the file, in document order, with its own text (not its children's).
    static func elements(of name: String) throws -> [Element] {
        let data = try Data(contentsOf: url(name))
        let parser = XMLParser(data: data)
        let reader = CLDRXMLTestReader()
        parser.delegate = reader
        parser.shouldResolveExternalEntities = false
        guard parser.parse() else {
            throw parser.parserError ?? CocoaError(.fileReadCorruptFile)
        }
        return reader.finished
    }

    private var stack: [Element] = []
    private var finished: [Element] = []

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        let ancestors = stack.map { (name: $0.name, attributes: $0.attributes) }
        stack.append(Element(name: elementName, attributes: attributes, ancestors: ancestors, text: ""))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if !stack.isEmpty { stack[stack.count - 1].text += string }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        if let element = stack.popLast() { finished.append(element) }
    }

    static func dashed(_ identifier: String) -> String {
        identifier.replacingOccurrences(of: "_", with: "-")
    }
}

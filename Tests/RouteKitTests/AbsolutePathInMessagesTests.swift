import Foundation
import Testing
@testable import RouteKit

/// Issue 30, item 4: no finding message holds an absolute path. A message is part of a
/// finding's baseline identity; a Kotlin route declared twice said `already declared at
/// /abs/…/Dup.kt:2`, so moving the project made the baseline entry stale.
/// Seen to fail before the fix: kotlinDuplicateDeclaration's message held the temporary
/// directory, and allRuleExamples flagged the catalog-drift example with a duplicate route.
@Suite struct AbsolutePathInMessagesTests {
    /// The temporary directories tests write projects into.
    static let markers = [FileManager.default.temporaryDirectory.path, "routekit-test-"]

    static func absolutePaths(in findings: [Finding]) -> [String] {
        findings.map(\.message).filter { message in markers.contains { message.contains($0) } }
    }

    /// Every rule's examples, linted with every rule on.
    @Test func allRuleExamples() throws {
        var linted = 0
        for doc in RuleDocs.docs {
            for example in doc.examples {
                let (_, findings) = try ExampleProject.lint(example, only: nil)
                linted += 1
                let bad = Self.absolutePaths(in: findings)
                #expect(bad.isEmpty, "\(doc.id): \(example.description): \(bad)")
            }
        }
        #expect(linted >= 100)
    }

    @Test func kotlinDuplicateDeclaration() throws {
        let dir = try TemporaryDirectory().write([
            ".routekit.yml": "catalog: routes.yml\nstrings: [s.yml]\nsources:\n  kotlin: [\"app/*.kt\"]\n",
            "s.yml": "en:\n  a: A\n",
            "routes.yml": "routes:\n  Home: { tab: { icon: house }, title: a }\n",
            "app/Routes.kt": "sealed interface AppRoute\nsealed interface TopLevelRoute : AppRoute\ndata object Home : TopLevelRoute\n",
            "app/Dup.kt": "package other\n\ndata object Home : TopLevelRoute\n",
        ])
        let result = try CLI.run(["lint", "--format", "json"], in: dir.url)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let messages = try #require(json["diagnostics"] as? [[String: Any]]).compactMap { $0["message"] as? String }
        let duplicate = messages.filter { $0.contains("already declared at") }
        #expect(duplicate == ["Kotlin: Home: a route with this name is already declared at app/Dup.kt:3"], "\(messages)")
        #expect(!messages.contains { message in Self.markers.contains { message.contains($0) } }, "\(messages)")
    }

    /// A route interface declared in several files (Confetti's three nested `Config`s) is refused
    /// with its places, named relative to the project as every other message names files.
    @Test func routeInterfaceDeclaredTwice() throws {
        let dir = try TemporaryDirectory().write([
            ".routekit.yml": "strings: [s.yml]\nsources:\n  kotlin: { globs: [\"app/*.kt\"], route-interface: Config }\n",
            "s.yml": "en:\n  a: A\n",
            "app/A.kt": "class A { sealed interface Config { data object X : Config } }\n",
            "app/B.kt": "class B {\n  sealed interface Config { data object Y : Config } }\n",
        ])
        let result = try CLI.run(["lint", "--format", "json"], in: dir.url)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let messages = try #require(json["diagnostics"] as? [[String: Any]]).compactMap { $0["message"] as? String }
        #expect(messages.contains { $0.contains("is declared 2 times (app/A.kt:1, app/B.kt:2)") }, "\(messages)")
        #expect(!messages.contains { message in Self.markers.contains { message.contains($0) } }, "\(messages)")
    }
}

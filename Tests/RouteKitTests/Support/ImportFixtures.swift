// Fixtures for the import tests, as Swift literals: they compile whether or not the package
// declares test resources (the Fixtures folder is excluded from the target on main); tests that
// need files write them into a temporary directory.

enum ImportFixtures {
    /// Android `values/strings.xml` with every construct the importer handles.
    static let androidStrings = #"""
        <?xml version="1.0" encoding="utf-8"?>
        <resources xmlns:tools="http://schemas.android.com/tools"
                   xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">
            <!-- plain -->
            <string name="app_name" translatable="false">Routes</string>
            <string name="settings_title">Settings</string>
            <string name="apostrophe">Don\'t stop</string>
            <string name="quotes">Say \"hi\"</string>
            <string name="escapes">Tab\there\nnew line \@home \?maybe back\\slash \u00e9t\u00E9</string>
            <string name="collapse">
                Lots   of
                space
            </string>
            <string name="quoted">"  keep   these  "</string>
            <string name="entities">Fish &amp; Chips &lt;3 &#x1F600;</string>
            <string name="cdata"><![CDATA[<b>not markup</b> & more]]></string>
            <string name="markup">Tap <b>here</b> to <i>continue</i></string>
            <string name="xliff">Hello <xliff:g id="name" example="Bob">%1$s</xliff:g>!</string>
            <string name="placeholders">%1$s has %2$d items (%3$.1f%%)</string>
            <string name="no">no</string>
            <string name="empty"></string>
            <string name="dotted.name">Dotted</string>
            <string name="device" product="tablet">Tablet text</string>
            <string name="device" product="default">Default text</string>
            <string-array name="planets">
                <item>Mercury</item>
                <item>Venus</item>
            </string-array>
            <plurals name="sessions">
                <item quantity="one">%1$d session</item>
                <item quantity="other">%1$d sessions</item>
                <item quantity="lots">%1$d many</item>
            </plurals>
            <color name="accent">#FF0000</color>
            <dimen name="margin">8dp</dimen>
        </resources>
        """#

    /// A German translation with a plural that uses more categories.
    static let androidStringsDE = #"""
        <resources>
            <string name="settings_title">Einstellungen</string>
            <string name="apostrophe">Hör nicht auf</string>
            <plurals name="sessions">
                <item quantity="one">%1$d Vortrag</item>
                <item quantity="other">%1$d Vorträge</item>
            </plurals>
        </resources>
        """#

    static let routesKotlin = #"""
        package org.jetbrains.kotlinconf.navigation

        import kotlinx.serialization.Serializable

        /* A block comment with a fake declaration: class NotARoute : AppRoute
           /* nested */ still a comment */
        sealed interface AppRoute {
            val title: String? get() = null
            val subtitle: String? get() = null
        }

        // sealed interface Commented : AppRoute
        sealed interface TopLevelRoute : AppRoute

        @Serializable
        data object ScheduleScreen : TopLevelRoute

        @Serializable data object SpeakersScreen : TopLevelRoute {
            override val title = "Speakers"
        }

        @Serializable
        @SerialName("info")
        data class InfoScreen(override val title: String) : TopLevelRoute

        @Serializable
        data class SessionScreen(
            val sessionId: SessionId,
            override val title: String? = null, // shown while loading
        ) : AppRoute

        data class SpeakerDetailScreen(
            val speakerId: SpeakerId,
            val name: String,
            val position: String,
        ) : AppRoute {
            override val title get() = name
            override val subtitle: String?
                get() = position
        }

        @Serializable
        data class FilterScreen(
            @SerialName("tags") val tags: Map<String, List<Int>> = emptyMap(),
            val range: Pair<Int, Int>? = null,
            val callback: @Composable () -> Unit,
            val nested: List<Map<String, Set<List<Int>>>>,
            val count: Int = 3,
        ) : AppRoute {
            override val title: String get() = stringResource(Res.string.filter_title)
        }

        class SettingsScreen : AppRoute {
            override val title: String
                get() {
                    return "Settings: ${'$'}version"
                }
            val ignored = "class Fake : AppRoute"
        }

        sealed class DetailRoute : AppRoute
        data class PartnerScreen(val partnerId: String) : DetailRoute()
        object LicensesScreen : org.jetbrains.kotlinconf.navigation.AppRoute
        enum class Mode : AppRoute { A, B }

        val route = object : AppRoute {}

        data class Unrelated(val x: Int)
        """#

    static let catalog = #"""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "Schedule" : {
              "comment" : "A tab label.",
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Programm" } },
                "fr" : { "stringUnit" : { "state" : "needs_review", "value" : "Programme" } }
              }
            },
            "Map" : {
              "localizations" : {
                "en" : { "stringUnit" : { "state" : "translated", "value" : "Venue map" } },
                "de" : { "stringUnit" : { "state" : "new", "value" : "Karte" } }
              }
            },
            "Loading..." : {},
            "%lld sessions" : {
              "localizations" : {
                "en" : { "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld session" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld sessions" } }
                } } },
                "de" : { "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld Vortrag" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld Vorträge" } }
                } } }
              }
            },
            "found_items" : {
              "localizations" : {
                "en" : {
                  "stringUnit" : { "state" : "translated", "value" : "Found %#@items@ in %@" },
                  "substitutions" : { "items" : {
                    "argNum" : 1, "formatSpecifier" : "lld",
                    "variations" : { "plural" : {
                      "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg item" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg items" } }
                    } }
                  } }
                }
              }
            },
            "two_subs" : {
              "localizations" : {
                "en" : {
                  "stringUnit" : { "state" : "translated", "value" : "%#@a@ and %#@b@" },
                  "substitutions" : {}
                }
              }
            },
            "Greeting %@" : {
              "localizations" : {
                "en" : { "variations" : { "device" : {
                  "iphone" : { "stringUnit" : { "state" : "translated", "value" : "Hi %@" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "Hello %@" } }
                } } }
              }
            },
            "CFBundleName" : { "shouldTranslate" : false },
            "" : {}
          },
          "version" : "1.0"
        }
        """#
}

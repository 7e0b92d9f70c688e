package dev.johnoreilly.confetti.decompose

import com.arkivanov.decompose.ComponentContext
import com.arkivanov.decompose.router.stack.ChildStack
import com.arkivanov.decompose.router.stack.StackNavigation
import com.arkivanov.decompose.router.stack.bringToFront
import com.arkivanov.decompose.router.stack.childStack
import com.arkivanov.decompose.router.stack.navigate
import com.arkivanov.decompose.router.stack.pop
import com.arkivanov.decompose.router.stack.push
import com.arkivanov.decompose.value.Value
import com.arkivanov.essenty.backhandler.BackHandlerOwner
import dev.johnoreilly.confetti.auth.User
import dev.johnoreilly.confetti.decompose.ConferenceComponent.Child
import kotlinx.serialization.Serializable

interface ConferenceComponent : BackHandlerOwner {

    val stack: Value<ChildStack<*, Child>>
    val conferenceThemeColor: String?

    fun onBackClicked()
    fun onBackClicked(toIndex: Int)

    sealed class Child {
        class Home(val component: HomeComponent) : Child()
        class SessionDetails(val component: SessionDetailsComponent) : Child()
        class SpeakerDetails(val component: SpeakerDetailsComponent) : Child()
        class Settings(val component: SettingsComponent?) : Child()
        class Agent(val component: ConferenceAgentComponent) : Child()
        class Venue(val component: VenueComponent) : Child()
        class Search(val component: SearchComponent) : Child()
    }
}

class DefaultConferenceComponent(
    componentContext: ComponentContext,
    private val user: User?,
    private val conference: String,
    override val conferenceThemeColor: String?,
    private val onSwitchConference: () -> Unit,
    private val onSignOut: () -> Unit,
    private val onSignIn: () -> Unit,
    private val settingsComponent: SettingsComponent?,
    initialSessionId: String? = null,
) : ConferenceComponent, ComponentContext by componentContext {

    private val navigation = StackNavigation<Config>()


    override val stack: Value<ChildStack<*, Child>> =
        childStack(
            source = navigation,
            serializer = Config.serializer(),
            initialStack = {
                if (initialSessionId != null) {
                    listOf(Config.Home, Config.SessionDetails(sessionId = initialSessionId))
                } else {
                    listOf(Config.Home)
                }
            },
            handleBackButton = true,
            childFactory = ::child,
        )

    private fun child(config: Config, componentContext: ComponentContext): Child =
        when (config) {
            is Config.Home ->
                Child.Home(
                    DefaultHomeComponent(
                        componentContext = componentContext,
                        conference = conference,
                        user = user,
                        onSwitchConference = onSwitchConference,
                        onSessionSelected = { navigation.push(Config.SessionDetails(sessionId = it)) },
                        onSpeakerSelected = { navigation.push(Config.SpeakerDetails(speakerId = it)) },
                        onSignIn = onSignIn,
                        onSignOut = onSignOut,
                        onShowSettings = { navigation.push(Config.Settings) },
                        onShowAgent = { navigation.push(Config.Agent) },
                        onVenueSelected = { navigation.push(Config.Venue) },
                        onShowSearch = { navigation.push(Config.Search) },
                    )
                )

            is Config.SessionDetails ->
                Child.SessionDetails(
                    DefaultSessionDetailsComponent(
                        componentContext = componentContext,
                        conference = conference,
                        sessionId = config.sessionId,
                        user = user,
                        onFinished = navigation::pop,
                        onSignIn = onSignIn,
                        onSpeakerSelected = { navigation.bringToFront(Config.SpeakerDetails(speakerId = it)) },
                    )
                )

            is Config.SpeakerDetails ->
                Child.SpeakerDetails(
                    DefaultSpeakerDetailsComponent(
                        componentContext = componentContext,
                        conference = conference,
                        speakerId = config.speakerId,
                        user = user,
                        onSessionSelected = { navigation.bringToFront(Config.SessionDetails(sessionId = it)) },
                        onSignIn = onSignIn,
                        onFinished = navigation::pop,
                    )
                )

            is Config.Settings -> Child.Settings(settingsComponent)

            is Config.Agent ->
                Child.Agent(
                    DefaultConferenceAgentComponent(
                        componentContext = componentContext,
                        conference = conference,
                        userPhotoUrl = user?.photoUrl,
                    )
                )

            is Config.Venue ->
                Child.Venue(
                    DefaultVenueComponent(
                        componentContext = componentContext,
                        conference = conference,
                    )
                )

            is Config.Search ->
                Child.Search(
                    DefaultSearchComponent(
                        componentContext = componentContext,
                        conference = conference,
                        user = user,
                        onSessionSelected = { navigation.push(Config.SessionDetails(sessionId = it)) },
                        onSpeakerSelected = { navigation.push(Config.SpeakerDetails(speakerId = it)) },
                        onSignIn = onSignIn,
                    )
                )
        }

    override fun onBackClicked() {
        navigation.pop()
    }

    override fun onBackClicked(toIndex: Int) {
        navigation.navigate { it.take(toIndex + 1) }
    }

    @Serializable
    private sealed class Config {
        @Serializable
        data object Home : Config()

        @Serializable
        data class SessionDetails(val sessionId: String) : Config()

        @Serializable
        data class SpeakerDetails(val speakerId: String) : Config()

        @Serializable
        data object Settings : Config()

        @Serializable
        data object Agent : Config()

        @Serializable
        data object Venue : Config()

        @Serializable
        data object Search : Config()
    }
}

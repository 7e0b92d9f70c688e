package dev.johnoreilly.confetti.decompose

import com.apollographql.cache.normalized.FetchPolicy
import com.arkivanov.decompose.ComponentContext
import com.arkivanov.decompose.router.stack.ChildStack
import com.arkivanov.decompose.router.stack.StackNavigation
import com.arkivanov.decompose.router.stack.childStack
import com.arkivanov.decompose.router.stack.navigate
import com.arkivanov.decompose.router.stack.pop
import com.arkivanov.decompose.router.stack.push
import com.arkivanov.decompose.router.stack.replaceAll
import com.arkivanov.decompose.value.Value
import dev.johnoreilly.confetti.AppSettings
import dev.johnoreilly.confetti.ConfettiRepository
import dev.johnoreilly.confetti.auth.Authentication
import dev.johnoreilly.confetti.auth.User
import dev.johnoreilly.confetti.decompose.AppComponent.Child
import dev.johnoreilly.confetti.work.NotificationSender
import kotlinx.coroutines.launch
import kotlinx.serialization.Serializable
import org.koin.core.component.KoinComponent
import org.koin.core.component.inject

interface AppComponent {
    val stack: Value<ChildStack<*, Child>>

    fun setUser(user: User?)

    sealed class Child {
        object Initializing : Child()
        class Onboarding(val component: OnboardingComponent) : Child()
        class Conferences(val component: ConferencesComponent) : Child()
        class Conference(val component: ConferenceComponent) : Child()
    }
}

class DefaultAppComponent(
    componentContext: ComponentContext,
    private val onSignOut: () -> Unit,
    private val onSignIn: () -> Unit,
    initialConferenceId: String? = null,
    private val settingsComponent: SettingsComponent? = null,
    initialSessionId: String? = null,
) : AppComponent, KoinComponent, ComponentContext by componentContext {

    private val coroutineScope = coroutineScope()
    private val authentication: Authentication by inject()
    val appSettings: AppSettings by inject()
    private val repository: ConfettiRepository by inject()
    private val navigation = StackNavigation<Config>()
    private val notificationSender: NotificationSender? by inject()

    private var user: User? = authentication.currentUser.value

    private val defaultSettingsComponent = DefaultSettingsComponent(
        componentContext = componentContext,
        appSettings = appSettings,
        authentication = authentication,
        notificationSender = notificationSender,
    )


    override val stack: Value<ChildStack<*, Child>> =
        childStack(
            source = navigation,
            serializer = Config.serializer(),
            initialConfiguration = Config.Loading,
            handleBackButton = true,
            childFactory = ::child,
        )

    init {
        coroutineScope.launch {
            authentication.currentUser
                .collect {
                    setUser(it)
                }
        }

        coroutineScope.launch {
            if (initialConferenceId != null) {
                selectAndNavigateToDeepLinkedConference(initialConferenceId, initialSessionId)
            } else if (stack.value.active.configuration is Config.Loading) {
                if (!appSettings.isOnboardingCompleted()) {
                    showOnboarding()
                } else {
                    val conference: String = repository.getConference()
                    if (conference == AppSettings.CONFERENCE_NOT_SET) {
                        showConferences()
                    } else {
                        val conferenceThemeColor = repository.getConferenceThemeColor()
                        showConference(conference = conference, conferenceThemeColor = conferenceThemeColor)

                        // Take the opportunity to update any listeners of the conference
                        repository.updateConfenceListeners(conference, conferenceThemeColor)
                    }
                }
            }
        }
    }


    override fun setUser(user: User?) {
        val previousUid = this.user?.uid
        this.user = user
        if (previousUid != user?.uid) {
            onUserChanged(user?.uid)
        }
    }

    private suspend fun selectAndNavigateToDeepLinkedConference(conferenceId: String, sessionId: String? = null) {
        val conferenceThemeColor = fetchConferenceThemeColor(conferenceId)
        repository.setConference(conference = conferenceId, conferenceThemeColor = conferenceThemeColor)
        showConference(conference = conferenceId, conferenceThemeColor = conferenceThemeColor, initialSessionId = sessionId)
    }

    private suspend fun fetchConferenceThemeColor(conferenceId: String): String? {
        return try {
            repository.conferences(FetchPolicy.CacheFirst).data?.conferences
                ?.firstOrNull { it.id == conferenceId }
                ?.themeColor
                ?: repository.conferences(FetchPolicy.NetworkOnly).data?.conferences
                    ?.firstOrNull { it.id == conferenceId }
                    ?.themeColor
        } catch (e: Exception) {
            null
        }
    }

    private fun onUserChanged(uid: String?) {
        navigation.navigate { oldStack ->
            oldStack.map { config ->
                when (config) {
                    is Config.Conference -> config.copy(uid = uid)
                    else -> config
                }
            }
        }
    }

    private fun child(config: Config, componentContext: ComponentContext): Child =
        when (config) {
            is Config.Loading -> Child.Initializing

            is Config.Onboarding ->
                Child.Onboarding(
                    DefaultOnboardingComponent(
                        componentContext = componentContext,
                        onSignInRequested = onSignIn,
                        onFinished = {
                            coroutineScope.launch {
                                val conference: String = repository.getConference()
                                if (conference == AppSettings.CONFERENCE_NOT_SET) {
                                    showConferences()
                                } else {
                                    val conferenceThemeColor = repository.getConferenceThemeColor()
                                    showConference(conference = conference, conferenceThemeColor = conferenceThemeColor)
                                }
                            }
                        }
                    )
                )

            is Config.Conferences ->
                Child.Conferences(
                    DefaultConferencesComponent(
                        componentContext = componentContext,
                        onConferenceSelected = { conference ->
                            coroutineScope.launch {
                                repository.setConference(conference = conference.id, conferenceThemeColor = conference.themeColor)
                            }
                            showConference(conference = conference.id, conferenceThemeColor = conference.themeColor)
                        },
                        onBack = if (config.isSwitching) {
                            { navigation.pop() }
                        } else {
                            null
                        }
                    )
                )

            is Config.Conference ->
                Child.Conference(
                    DefaultConferenceComponent(
                        componentContext = componentContext,
                        user = user, 
                        conference = config.conference,
                        conferenceThemeColor = config.conferenceThemeColor,
                        onSwitchConference = ::switchConference,
                        onSignOut = {
                            onSignOut()
                            authentication.signOut()
                        },
                        onSignIn = onSignIn,
                        settingsComponent = defaultSettingsComponent,
                        initialSessionId = config.initialSessionId,
                    )
                )
        }

    private fun showOnboarding() {
        navigation.replaceAll(Config.Onboarding)
    }

    private fun showConferences() {
        navigation.replaceAll(Config.Conferences())
    }

    private fun switchConference() {
        navigation.push(Config.Conferences(isSwitching = true))
    }

    private fun showConference(conference: String, conferenceThemeColor: String?, initialSessionId: String? = null) {
        navigation.replaceAll(
            Config.Conference(
                uid = user?.uid,
                conference = conference,
                conferenceThemeColor = conferenceThemeColor,
                initialSessionId = initialSessionId,
            )
        )
    }

    @Serializable
    private sealed class Config {
        @Serializable
        data object Loading : Config()

        @Serializable
        data object Onboarding : Config()

        @Serializable
        data class Conferences(val isSwitching: Boolean = false) : Config()

        @Serializable
        data class Conference(
            val uid: String?, // Unused, but needed to recreated the component when the user changes
            val conference: String,
            val conferenceThemeColor: String?,
            val initialSessionId: String? = null,
        ) : Config()
    }
}

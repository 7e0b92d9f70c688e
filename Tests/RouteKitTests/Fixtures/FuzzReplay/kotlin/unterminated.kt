sealed interface AppRoute
data class A(val title: String? = "x
/* never closed
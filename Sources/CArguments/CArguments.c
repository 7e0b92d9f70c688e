#include "CArguments.h"

static int saved_argc;
static char *const *saved_argv;

// glibc calls each ELF constructor with (argc, argv, envp); other C libraries may pass nothing,
// which leaves the saved values at 0 and NULL.
__attribute__((constructor)) static void routekit_capture_arguments(int argc, char *const *argv, char *const *envp) {
    (void)envp;
    if (argc > 0 && argv != 0) {
        saved_argc = argc;
        saved_argv = argv;
    }
}

int routekit_argc(void) { return saved_argc; }
char *const *routekit_argv(void) { return saved_argv; }

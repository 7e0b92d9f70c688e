#ifndef ROUTEKIT_CARGUMENTS_H
#define ROUTEKIT_CARGUMENTS_H

/// The process's argc and argv as the C library handed them to the program's constructors:
/// the Swift runtime reads them from /proc/self/cmdline on Linux, which a chroot or a container
/// may lack (routekit then ran with no arguments at all). 0 and NULL where the C library passes
/// constructors nothing.
int routekit_argc(void);
char *const *routekit_argv(void);

#endif

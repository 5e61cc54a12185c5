#include "worker_copy.h"

#include <signal.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#ifdef __GLIBC__
#include <malloc.h>
#endif

int worker_copy_dies_with(pid_t parent) {
#ifdef __linux__
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) return -1;
#endif
    /* The worker may have ended between fork and prctl. */
    return getppid() == parent ? 0 : -1;
}

void worker_copy_trim(void) {
#ifdef __GLIBC__
    malloc_trim(0);
#endif
}

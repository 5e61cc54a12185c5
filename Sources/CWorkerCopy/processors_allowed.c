#ifdef __linux__
#define _GNU_SOURCE   /* sched_getaffinity, CPU_COUNT */
#include <sched.h>
#endif
#include "worker_copy.h"

int processors_allowed(void) {
#ifdef __linux__
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) != 0) return -1;
    int count = CPU_COUNT(&set);
    return count > 0 ? count : -1;
#else
    return -1;
#endif
}

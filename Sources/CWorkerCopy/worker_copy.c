#include "worker_copy.h"

#include <signal.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#ifdef __GLIBC__
#include <malloc.h>
#endif
#ifdef __APPLE__
#include <mach/mach.h>
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

long worker_copy_resident_pages(void) {
#ifdef __APPLE__
    mach_task_basic_info_data_t info;
    mach_msg_type_number_t count = MACH_TASK_BASIC_INFO_COUNT;
    if (task_info(mach_task_self(), MACH_TASK_BASIC_INFO, (task_info_t)&info, &count) != KERN_SUCCESS) return -1;
    return (long)(info.resident_size / (mach_vm_size_t)sysconf(_SC_PAGESIZE));
#else
    return -1;
#endif
}

#include "worker_copy.h"

#include <signal.h>
#include <string.h>
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

static volatile sig_atomic_t worker_copy_signal = 0;

static void worker_copy_note(int signal) {
    worker_copy_signal = signal;
}

void worker_copy_catch_interrupts(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = worker_copy_note;
    action.sa_flags = SA_RESETHAND;   /* the second one is not caught */
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
}

void worker_copy_release_interrupts(void) {
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
}

int worker_copy_interrupted(void) {
    return worker_copy_signal;
}

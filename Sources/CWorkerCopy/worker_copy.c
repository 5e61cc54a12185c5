#ifdef __linux__
#define _GNU_SOURCE   /* pipe2 */
#endif
#include "worker_copy.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
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

int worker_pipe(int ends[2]) {
#ifdef __linux__
    return pipe2(ends, O_CLOEXEC);
#else
    if (pipe(ends) != 0) return -1;
    fcntl(ends[0], F_SETFD, FD_CLOEXEC);
    fcntl(ends[1], F_SETFD, FD_CLOEXEC);
    return 0;
#endif
}

void worker_copy_trim(void) {
#ifdef __GLIBC__
    malloc_trim(0);
#endif
}

/* On Darwin, the task's footprint (what Activity Monitor calls its memory): resident pages
   alone undercount a process whose pages macOS compressed or swapped out. */
long worker_copy_resident_pages(void) {
#ifdef __APPLE__
    task_vm_info_data_t info;
    mach_msg_type_number_t count = TASK_VM_INFO_COUNT;
    if (task_info(mach_task_self(), TASK_VM_INFO, (task_info_t)&info, &count) != KERN_SUCCESS) return -1;
    return (long)(info.phys_footprint / (mach_vm_size_t)sysconf(_SC_PAGESIZE));
#else
    return -1;
#endif
}

static volatile sig_atomic_t worker_copy_signal = 0;
static struct sigaction worker_copy_previous[2];
static const int worker_copy_signals[2] = { SIGINT, SIGTERM };

/* Notes the first signal; the next one, of either kind, ends the process (signal() is
   async-signal-safe). */
static void worker_copy_note(int signal_number) {
    worker_copy_signal = signal_number;
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
}

void worker_copy_catch_interrupts(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = worker_copy_note;
    sigemptyset(&action.sa_mask);
    for (int i = 0; i < 2; i++) {
        sigaction(worker_copy_signals[i], NULL, &worker_copy_previous[i]);
        /* A signal the runner was started ignoring (`navscript run ... &`) stays ignored. */
        if (worker_copy_previous[i].sa_handler != SIG_IGN)
            sigaction(worker_copy_signals[i], &action, NULL);
    }
}

void worker_copy_release_interrupts(void) {
    for (int i = 0; i < 2; i++)
        sigaction(worker_copy_signals[i], &worker_copy_previous[i], NULL);
}

int worker_copy_interrupted(void) {
    return worker_copy_signal;
}

int worker_copy_stdout_error(void) {
    errno = 0;
    if (fflush(stdout) != 0 || ferror(stdout)) return errno != 0 ? errno : EIO;
    return 0;
}

#ifndef WORKER_COPY_H
#define WORKER_COPY_H

#include <sys/types.h>

/* In a copy of a `navscript worker` made with fork: ends the copy with SIGKILL when the
   worker's thread that forked it ends (Linux's PR_SET_PDEATHSIG, which Swift cannot call:
   prctl takes variable arguments). Returns 0, or -1 when the worker is already gone (its pid
   is no longer `parent`) or the system refused. */
int worker_copy_dies_with(pid_t parent);

/* Waits up to `milliseconds` for `fd` (a watch's terminal) to have a byte to read: 1 when it
   has, 0 when the time ran out (or a signal came), -1 when nothing can be read from it (a
   terminal gone, or refused). Through poll, and through select where poll refuses the
   descriptor (macOS's poll does not support devices, /dev/tty among them). */
int terminal_wait_readable(int fd, int milliseconds);

/* A pipe whose ends are close-on-exec from the start (Linux's pipe2), so that a process
   spawned on another thread meanwhile inherits neither; elsewhere pipe then FD_CLOEXEC (the
   spawn on macOS inherits only what it is given: POSIX_SPAWN_CLOEXEC_DEFAULT). 0, or -1 with errno. */
int worker_pipe(int ends[2]);

/* In a worker about to make copies: gives the memory malloc holds free back to the system
   (glibc's malloc_trim), so that each copy has fewer pages to map. */
void worker_copy_trim(void);

/* This process's memory in pages on Darwin (mach's task_info: its footprint, which counts
   pages macOS compressed or swapped out as resident ones), or -1 (elsewhere, or when
   refused): in C, since Swift 6 refuses `mach_task_self_`, a global variable, with the
   SDKs of Xcode 16.0 to 16.2. */
long worker_copy_resident_pages(void);

/* The processors this process may run on: its affinity mask on Linux (taskset, a
   container's cpuset), in C since Swift's Glibc module leaves out sched_getaffinity (it is a
   GNU extension). -1 elsewhere, or when the mask cannot be read (more than 1,024 processors). */
int processors_allowed(void);

/* The runner's Ctrl-C (SIGINT) and SIGTERM, while a run's workers run: the first one is
   noted and the run stops dispatching, writes its reports with what finished, and exits
   with 128 + the signal; a second one, of either kind, ends the process at once. A signal
   the process was started ignoring stays ignored, and release puts back what was there.
   interrupted() is the signal noted (0 for none). */
void worker_copy_catch_interrupts(void);
void worker_copy_release_interrupts(void);
int worker_copy_interrupted(void);

/* Flushes standard output's stdio buffer (what Swift's print wrote) and returns the errno
   of a write to it that failed, now or before (ferror), or 0. In C, since Swift 6 refuses
   `stdout`, a global variable. */
int worker_copy_stdout_error(void);

#endif

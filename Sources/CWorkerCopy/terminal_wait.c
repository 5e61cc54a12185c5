#include "worker_copy.h"

#include <errno.h>
#include <poll.h>
#include <stddef.h>
#include <sys/select.h>
#include <sys/time.h>

int terminal_wait_readable(int fd, int milliseconds) {
    struct pollfd descriptor = { .fd = fd, .events = POLLIN, .revents = 0 };
    int ready = poll(&descriptor, 1, milliseconds);
    if (ready == 0 || (ready < 0 && errno == EINTR)) return 0;
    if (ready > 0 && (descriptor.revents & POLLIN)) return 1;
    if (ready > 0 && (descriptor.revents & POLLNVAL) && fd < FD_SETSIZE) {
        /* macOS's poll does not support devices (its man page's BUGS): select does. */
        fd_set set;
        FD_ZERO(&set);
        FD_SET(fd, &set);
        struct timeval wait = { milliseconds / 1000, (milliseconds % 1000) * 1000 };
        ready = select(fd + 1, &set, NULL, NULL, &wait);
        if (ready == 0 || (ready < 0 && errno == EINTR)) return 0;
        return ready > 0 ? 1 : -1;
    }
    return -1;
}

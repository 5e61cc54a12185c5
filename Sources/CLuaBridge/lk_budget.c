/*
** lk_budget.c: the budget that stops runaway scripts: instructions, wall-clock time and
** memory the host keeps for a script, counted by a hook on every state and charged by the
** host for work it does in Swift or C where the hook never fires.
**
** Once a limit is passed the state is stopped: the hook raises on every instruction of
** whatever thread runs until the host has control again, so a script's pcall can catch
** one error but not go on.
*/
#include <stdatomic.h>
#include <stdio.h>
#include <time.h>
#include <lauxlib.h>
#include "lk_host.h"

/* Whether the host interrupted every state (lk_interrupt): read by each state's hook. */
static atomic_int lk_interrupted;

void lk_interrupt(int on) {
    atomic_store(&lk_interrupted, on);
}

int lk_interrupting(void) {
    return atomic_load_explicit(&lk_interrupted, memory_order_relaxed);
}

/* The deadline's clock, and the same clock read cheaply, a few milliseconds behind at most,
   for a check on every call into the host: Linux's coarse clock, Darwin's value cached at
   the last context switch (of its raw clock, so the precise one is the raw one there too);
   elsewhere the precise one. */
#if defined(CLOCK_MONOTONIC_COARSE)
#define LK_CLOCK CLOCK_MONOTONIC
#define LK_COARSECLOCK CLOCK_MONOTONIC_COARSE
#elif defined(__APPLE__) && defined(CLOCK_MONOTONIC_RAW_APPROX)
#define LK_CLOCK CLOCK_MONOTONIC_RAW
#define LK_COARSECLOCK CLOCK_MONOTONIC_RAW_APPROX
#else
#define LK_CLOCK CLOCK_MONOTONIC
#define LK_COARSECLOCK CLOCK_MONOTONIC
#endif

static double lk_read(clockid_t clock) {
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

double lk_now(void) {
    return lk_read(LK_CLOCK);
}

double lk_coarsenow(void) {
    return lk_read(LK_COARSECLOCK);
}

/* Notes thread 1 in the registry's table of stopped coroutines. */
static int lk_notestopped(lua_State *L) {
    if (lua_getfield(L, LUA_REGISTRYINDEX, LK_STOPPEDTHREADS) != LUA_TTABLE)
        return 0;
    lua_pushvalue(L, 1);
    lua_pushboolean(L, 1);
    lua_rawset(L, -3);
    return 0;
}

int lk_wasstopped(lua_State *L, int index) {
    if (!lua_checkstack(L, 2))
        return 0;
    index = lua_absindex(L, index);
    if (lua_getfield(L, LUA_REGISTRYINDEX, LK_STOPPEDTHREADS) != LUA_TTABLE) {
        lua_pop(L, 1);
        return 0;
    }
    lua_pushvalue(L, index);
    int stopped = lua_rawget(L, -2) != LUA_TNIL;
    lua_pop(L, 2);
    return stopped;
}

/* Raises the stop of the state, and makes sure every thread stops at its next instruction
   (a script's pcall can catch this error, not the next one).
   Raised from the hook, the error leaves it without returning, so Lua never turns that
   thread's hooks on again: a coroutine's __close that coroutine.close later ran there would
   escape every limit, in this phase or the next. So a coroutine it is raised on is noted
   (lk_wasstopped), and is not closed. Noting it allocates nothing for the first 16 (the
   table is made with room for them); past them, at the memory cap, the note can fail, and
   that coroutine could then be closed in a later phase. */
int lk_raisestop(lua_State *L, lk_host *h) {
    if (lua_gethookcount(L) != 1)
        lua_sethook(L, lk_hook, lk_hookmask(h), 1);
    if (lua_checkstack(L, 3)) {
        if (lua_pushthread(L)) {
            lua_pop(L, 1);             /* the main thread: its hooks come back with the next call */
        } else {
            lua_pushcfunction(L, lk_notestopped);
            lua_insert(L, -2);
            if (lua_pcall(L, 1, 0, 0) != LUA_OK)
                lua_pop(L, 1);
        }
    }
    lua_pushstring(L, h->stop_message);
    return lua_error(L);
}

void lk_limittext(size_t limit, char out[32]) {
    if (limit % (1024 * 1024) == 0)
        snprintf(out, 32, "%zu MiB", limit / (1024 * 1024));
    else
        snprintf(out, 32, "%zu KiB", limit / 1024);
}

/* Stops the state for a limit passed at `where` ("file:line", or "" when not known). */
void lk_setstop(lk_host *h, int why, const char *where) {
    const char *colon = where[0] ? ": " : "";
    char limit[32];
    h->stop = why;
    lk_limittext(h->limit, limit);
    if (why == LK_STOP_CAP)
        snprintf(h->stop_message, LK_MESSAGE_MAX, "%s%smemory limit exceeded (%s)", where, colon, limit);
    else if (why == LK_STOP_INSTRUCTIONS)
        snprintf(h->stop_message, LK_MESSAGE_MAX, "%s%sinstruction limit exceeded (%lld instructions)", where, colon, h->instruction_limit);
    else if (why == LK_STOP_INTERRUPT)
        snprintf(h->stop_message, LK_MESSAGE_MAX, "%s%sstopped: the run was interrupted", where, colon);
    else
        snprintf(h->stop_message, LK_MESSAGE_MAX, "%s%stime limit exceeded (%g s)", where, colon, h->seconds);
}

/* The script line that called the host, into where: the Lua function below the Swift one
   running now, else the last line the budget hook saw; "" if neither is known. */
void lk_scriptwhere(lk_host *h, char *where) {
    lua_State *L = h->current;
    if (L == NULL || !lk_scriptline(L, 1, 1, where, LK_WHERE_MAX))
        snprintf(where, LK_WHERE_MAX, "%s", h->where);
}

/* Notes in h->where the script line running now, the innermost Lua function's (a C
   function such as string.rep may be the one allocating): called when the cap refuses an
   allocation, since Lua raises a memory error without calling the message handler, and the
   hook may not have run yet in a short script. Reads the stack only; allocates nothing. */
void lk_notewhere(lk_host *h) {
    lua_Debug ar;
    lua_State *L = h->running ? h->running : h->current;
    for (int level = 0; L != NULL && level < 8 && lua_getstack(L, level, &ar); level++) {
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
            snprintf(h->where, LK_WHERE_MAX, "%s:%d", lk_sourcename(&ar), ar.currentline);
            return;
        }
    }
}

/* Charges `instructions` of work the host did for the script (a navigation step, a stack
   edit) to its budget, and checks the clock as often as the hook does: once every
   LK_HOOK_COUNT instructions charged (reading it on every step was a twentieth of a
   navigation's time). Returns the state's stop (LK_STOP_NONE while within the limits);
   once stopped, the script stops as soon as the host returns to it. */
int lk_chargehost(lua_State *L, long long instructions) {
    lk_host *h = lk_gethost(L);
    if (h->stop != LK_STOP_NONE)
        return h->stop;
    h->instructions += instructions;
    h->unclocked += instructions;
    int clocks = h->unclocked >= LK_HOOK_COUNT;
    if (clocks)
        h->unclocked = 0;
    int why = h->instruction_limit > 0 && h->instructions > h->instruction_limit ? LK_STOP_INSTRUCTIONS
            : clocks && h->deadline > 0 && lk_now() > h->deadline ? LK_STOP_TIME
            : clocks && lk_interrupting() ? LK_STOP_INTERRUPT : LK_STOP_NONE;
    if (why != LK_STOP_NONE) {
        char where[LK_WHERE_MAX];
        lk_scriptwhere(h, where);
        lk_setstop(h, why, where);
    }
    return h->stop;
}

/* Charges work a library function does in C, where the hook never fires (table.move's
   elements), as instructions, and raises the state's stop once it passes a limit: without
   it, table.move({}, 1, 1 << 40, 1, {}) would run for hours out of the budget's reach. */
void lk_chargework(lua_State *L, lua_Unsigned count) {
    lk_host *h = lk_gethost(L);
    lua_State *current = h->current;
    h->current = L;   /* the limit's error names the script line that called the function */
    int stop = lk_chargehost(L, count > (1ull << 62) ? 1ll << 62 : (long long)count);
    h->current = current;
    if (stop != LK_STOP_NONE)
        lk_raisestop(L, h);
}

/* Charges `bytes` the host keeps for the script (a route's actions, a screen's traits) to
   its memory cap, until the budget is renewed. Returns the state's stop: LK_STOP_CAP once
   the cap is passed, and the script stops as soon as the host returns to it. */
int lk_chargememory(lua_State *L, size_t bytes) {
    lk_host *h = lk_gethost(L);
    if (h->stop != LK_STOP_NONE)
        return h->stop;
    h->kept += bytes;
    /* Lua's collector does not see what the host keeps, so values the script dropped may
       still hold charges: at the cap, collect once (their finalizers give the bytes back),
       as Lua itself does before refusing an allocation; again only once the charges have
       grown by a sixty-fourth of the cap since, so that a script near the cap does not
       collect on every charge. */
    if (h->limit > 0 && h->used + h->kept > h->limit
        && (h->kept_collected == LK_NOT_COLLECTED || h->kept >= h->kept_collected + h->limit / 64)) {
        lua_gc(L, LUA_GCCOLLECT);
        h->kept_collected = h->kept;
    }
    if (h->limit > 0 && h->used + h->kept > h->limit) {
        char where[LK_WHERE_MAX];
        lk_scriptwhere(h, where);
        h->memory_exceeded = 1;
        lk_setstop(h, LK_STOP_CAP, where);
    }
    return h->stop;
}

/* Gives back bytes charged by lk_chargememory whose memory the host let go. A refund of
   bytes charged in an earlier budget can only lower the count to zero. */
void lk_refundmemory(lua_State *L, size_t bytes) {
    lk_host *h = lk_gethost(L);
    h->kept = h->kept > bytes ? h->kept - bytes : 0;
    if (h->kept_collected != LK_NOT_COLLECTED && h->kept_collected > h->kept)
        h->kept_collected = h->kept;
}

const char *lk_stopmessage(lua_State *L) {
    lk_host *h = lk_gethost(L);
    return h->stop != LK_STOP_NONE ? h->stop_message : NULL;
}

/*
** A count hook, installed on every state and so inherited by every coroutine. Once a
** limit is passed it raises on every instruction of whatever thread runs, until the host
** has control again: a script's pcall can catch one error but not stop the next (the
** technique Redis uses for SCRIPT KILL).
*/
void lk_hook(lua_State *L, lua_Debug *ar) {
    lk_host *h = lk_gethost(L);
    if (ar->event == LUA_HOOKLINE) {
        if (h->stop == LK_STOP_NONE) {
            lk_coverline(L, h, ar);
            return;
        }
    } else if (h->stop == LK_STOP_NONE) {
        int count = lua_gethookcount(L);
        h->instructions += count;
        if (count != LK_HOOK_COUNT)  /* armed to stop in an earlier call: back to normal */
            lua_sethook(L, lk_hook, lk_hookmask(h), LK_HOOK_COUNT);
        /* A memory error a pcall caught, on the thread the allocator noted its line in (the
           one the host called): stopped where it was refused. A coroutine's is stopped at
           its own line, when its count comes. */
        if (h->memory_raised && L == (h->running ? h->running : h->current)) {
            lk_setstop(h, LK_STOP_CAP, h->where);
            lk_raisestop(L, h);
        }
        if (lua_getinfo(L, "Sl", ar) && ar->currentline > 0)
            snprintf(h->where, LK_WHERE_MAX, "%s:%d", lk_sourcename(ar), ar->currentline);
        else   /* in the runner's own code (a matcher): the script line that called it */
            lk_scriptline(L, 1, 0, h->where, LK_WHERE_MAX);
        if (h->memory_raised)
            lk_setstop(h, LK_STOP_CAP, h->where);
        else if (h->instruction_limit > 0 && h->instructions > h->instruction_limit)
            lk_setstop(h, LK_STOP_INSTRUCTIONS, h->where);
        else if (h->deadline > 0 && lk_now() > h->deadline)
            lk_setstop(h, LK_STOP_TIME, h->where);
        else if (lk_interrupting())
            lk_setstop(h, LK_STOP_INTERRUPT, h->where);
        else
            return;
    }
    lk_raisestop(L, h);
}


void lk_beginbudget(lua_State *L, lk_host *h) {
    h->instructions = 0;
    h->kept = 0;
    h->kept_collected = LK_NOT_COLLECTED;
    if (h->stop != LK_STOP_MEMORY)          /* the system's refusal lasts as long as the state */
        h->stop = LK_STOP_NONE;
    h->memory_exceeded = h->memory_raised = 0;
    h->refused_size = 0;
    h->system_refused = 0;
    h->where[0] = '\0';
    h->deadline = h->seconds > 0 ? lk_now() + h->seconds : 0;
    if (lua_gethookcount(L) != LK_HOOK_COUNT)
        lua_sethook(L, lk_hook, lk_hookmask(h), LK_HOOK_COUNT);
}

/* Starts a budget that every protected call shares until lk_endbudget (a scenario's, with
   its hooks); without one, each outermost call gets the whole budget. */
void lk_beginbudget_scope(lua_State *L) {
    lk_host *h = lk_gethost(L);
    lk_beginbudget(L, h);
    h->scoped = 1;
}

void lk_endbudget_scope(lua_State *L) {
    lk_gethost(L)->scoped = 0;
}

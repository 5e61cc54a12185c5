/*
** lk_state.c: creating and closing states, the counting allocator with its memory cap.
*/
#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <stdatomic.h>
#include <lauxlib.h>
#include "lk_host.h"

/*
** The allocator refuses to grow past the cap only while Lua code runs (in_host == 0): a
** refusal there becomes a LUA_ERRMEM that lk_pcall catches. While the host has control
** the cap is soft, and the allocator never returns NULL: an API call made by Swift
** (pushing a string, creating a userdata) would otherwise raise through Swift frames.
** Host code allocates little and in bounded amounts (the nav module bounds what it copies
** from scripts), and scripts cannot run code during host phases: the sandbox forbids __gc.
**
** If the system itself refuses the host a block (the machine is out of memory, or the
** address space is limited), the block comes from an emergency reserve instead, and the
** state is stopped: the memory error is raised once the host has given control back
** (lk_callswift, lk_pcall), where raising is safe. Only when the reserve is used up too
** does the process stop, with a message; the runner's worker processes report that as the
** scenario's failure and go on.
*/
#define LK_RESERVE_SIZE ((size_t)16 << 20)
static _Alignas(16) char lk_reserve[LK_RESERVE_SIZE];
static _Atomic size_t lk_reserve_next;

static int lk_inreserve(const void *block) {
    return (const char *)block >= lk_reserve && (const char *)block < lk_reserve + LK_RESERVE_SIZE;
}

static void *lk_takereserve(size_t size) {
    size = (size + 15) & ~(size_t)15;
    size_t at = atomic_fetch_add(&lk_reserve_next, size);
    return at + size <= LK_RESERVE_SIZE ? lk_reserve + at : NULL;
}

size_t lk_reserveused(void) {
    size_t used = atomic_load(&lk_reserve_next);
    return used < LK_RESERVE_SIZE ? used : LK_RESERVE_SIZE;
}

/* Gives a block back: reserve blocks small enough for the pool join it, larger ones are
   abandoned (the reserve is never freed). */
static void lk_release(lk_host *h, void *block, size_t size) {
    if (!lk_inreserve(block) || size <= LK_POOL_MAX)
        lk_poolfree(&h->pool, block, size);
}

/* lk_poolresize, for blocks that may come from the reserve: one never grows in place. */
static void *lk_resize(lk_host *h, void *block, size_t old, size_t size) {
    if (block == NULL || !lk_inreserve(block))
        return lk_poolresize(&h->pool, block, old, size);
    if (size <= old)
        return block;
    void *moved = lk_poolresize(&h->pool, NULL, 0, size);
    if (moved != NULL) {
        memcpy(moved, block, old);
        lk_release(h, block, old);
    }
    return moved;
}

/* The system refused the host a block: take it from the reserve and stop the state. */
static void *lk_rescue(lk_host *h, void *block, size_t old, size_t size) {
    void *rescued = lk_takereserve(size);
    if (rescued == NULL) {
        fprintf(stderr, "navscript: out of memory: the system refused the host %zu bytes and the emergency reserve is used up\n", size);
        fflush(stderr);
        abort();
    }
    if (block != NULL) {
        memcpy(rescued, block, old < size ? old : size);
        lk_release(h, block, old);
    }
    if (h->stop == LK_STOP_NONE) {
        char where[LK_WHERE_MAX];
        lk_scriptwhere(h, where);
        h->stop = LK_STOP_MEMORY;
        snprintf(h->stop_message, LK_MESSAGE_MAX, "%s%snot enough memory (the system refused an allocation of %zu bytes)",
                 where, where[0] ? ": " : "", size);
    }
    return rescued;
}

/* Arms the hook to run at the next instruction of the thread the host called, which then
   stops it (lua_sethook may be called from anywhere, as from a signal). */
static void lk_armstop(lk_host *h) {
    lua_State *L = h->running ? h->running : h->current;
    if (L != NULL && lua_gethookcount(L) != 1)
        lua_sethook(L, lk_hook, lk_hookmask(h), 1);
}

/* Looks at the clock on a script's allocation of 64 KiB or more, and on every 4,096th:
   a loop of C calls that each take long (gsub over a long string, string.rep) runs a few
   instructions between them, and the hook, which looks every LK_HOOK_COUNT instructions,
   let it run seconds past its time. Past the deadline, the hook is armed to run at the
   next instruction of the thread the host called, and stops it there (lua_sethook may be
   called from anywhere, as from a signal). A coroutine's own loop is left to its hook. */
static void lk_clockalloc(lk_host *h, size_t size) {
    if (size < (64 << 10) && (++h->allocations & 4095) != 0)
        return;
    if (h->deadline > 0 && h->stop == LK_STOP_NONE && lk_coarsenow() > h->deadline)
        lk_armstop(h);
}

static void *lk_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    lk_host *h = (lk_host *)ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        if (ptr != NULL)
            lk_release(h, ptr, old);
        h->used -= old;
        return NULL;
    }
    if (nsize > old && h->limit > 0 && h->in_host == 0 && h->used + h->kept - old + nsize > h->limit) {
        h->memory_exceeded = 1;
        lk_notewhere(h);
        /* A block larger than the whole cap: no collection can make room, and lauxlib's
           buffers (string.rep, table.concat) raise at the first refusal, where a script's
           pcall would swallow the cap. It stops the state as a second refusal does. */
        if (nsize > h->limit)
            h->memory_raised = 1;
        if (h->refused_size == nsize && h->refused_block == ptr && h->refused_old == old)
            h->memory_raised = 1;                 /* refused after the emergency collection too */
        if (h->memory_raised)
            lk_armstop(h);
        h->refused_block = ptr;
        h->refused_old = old;
        h->refused_size = nsize;
        return NULL;
    }
    void *block = NULL;
    if (h->fail_next > 0)
        h->fail_next--;                            /* a test's simulated refusal */
    else
        block = lk_resize(h, ptr, old, nsize);
    if (block == NULL) {
        if (h->in_host == 0) {                    /* Lua code: a memory error, protected */
            h->system_refused = nsize;
            h->where[0] = '\0';                  /* no older line, if none is found */
            lk_notewhere(h);
            return NULL;
        }
        block = lk_rescue(h, ptr, old, nsize);    /* the host: never NULL */
    }
    h->refused_size = 0;
    h->used = h->used - old + nsize;
    if (h->used > h->peak)
        h->peak = h->used;
    if (h->in_host == 0)
        lk_clockalloc(h, nsize);
    return block;
}

/* Every call into Lua is protected, so a panic can only be a bug of the bridge. */
static int lk_panic(lua_State *L) {
    const char *message = lua_tostring(L, -1);
    fprintf(stderr, "navscript: unprotected Lua error (a bug of the bridge): %s\n", message ? message : "?");
    fflush(stderr);
    abort();
    return 0;
}

lua_State *lk_newstate(void) {
    /* not calloc: zeroing the kilobytes of text buffers cost a fresh state 4 % of its time */
    lk_host *h = (lk_host *)malloc(sizeof(lk_host));
    if (h == NULL)
        return NULL;
    memset(h, 0, offsetof(lk_host, where));
    h->where[0] = h->stop_message[0] = h->root[0] = h->display_root[0] = h->working[0] = '\0';
    h->in_host = 1;
    lua_State *L = lua_newstate(lk_alloc, h);
    if (L == NULL) {
        lk_poolclose(&h->pool);
        free(h);
        return NULL;
    }
    _Static_assert(LUA_EXTRASPACE >= sizeof(lk_host *), "the host record goes in the extra space");
    *(lk_host **)lua_getextraspace(L) = h;
    lua_atpanic(L, lk_panic);
    lua_sethook(L, lk_hook, lk_hookmask(h), LK_HOOK_COUNT);
    return L;
}

void lk_close(lua_State *L) {
    lk_host *h = lk_gethost(L);
    h->in_host = 1;
    lua_close(L);  /* finalizers release the Swift objects userdata hold */
    lk_coverclose(h);
    lk_poolclose(&h->pool);
    free(h);
}

void lk_setlimits(lua_State *L, size_t memory, long long instructions, double seconds) {
    lk_host *h = lk_gethost(L);
    h->limit = memory;
    h->instruction_limit = instructions;
    h->seconds = seconds;
}

size_t lk_memoryused(lua_State *L) { return lk_gethost(L)->used; }

/* Makes the next `count` allocations fail as if the system refused them: how tests reach
   the paths a machine out of memory takes. */
void lk_failallocations(lua_State *L, int count) { lk_gethost(L)->fail_next = count; }
size_t lk_memorypeak(lua_State *L) { return lk_gethost(L)->peak; }
int lk_laststop(lua_State *L) { return lk_gethost(L)->stop; }
long long lk_instructions(lua_State *L) { return lk_gethost(L)->instructions; }

void lk_setoutput(lua_State *L, lk_output output, void *context) {
    lk_host *h = lk_gethost(L);
    h->output = output;
    h->output_context = context;
}

void lk_sethostobject(lua_State *L, void *object) { lk_gethost(L)->shared.host_object = object; }

/* Stops or restarts the collector; returns whether it was running. */
int lk_setcollecting(lua_State *L, int on) {
    int running = lua_gc(L, LUA_GCISRUNNING);
    lua_gc(L, on ? LUA_GCRESTART : LUA_GCSTOP);
    return running;
}

static int lk_collect_protected(lua_State *L) {
    lua_gc(L, LUA_GCCOLLECT);
    return 0;
}

int lk_collect(lua_State *L) {
    lua_pushcfunction(L, lk_collect_protected);
    int status = lk_pcall(L, 0, 0);
    if (status != LUA_OK) lua_pop(L, 1);
    return status;
}

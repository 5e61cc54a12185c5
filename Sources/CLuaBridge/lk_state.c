/*
** lk_state.c: creating and closing states, the counting allocator with its memory cap.
*/
#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <lauxlib.h>
#include "lk_host.h"

/*
** The allocator refuses to grow past the cap only while Lua code runs (in_host == 0): a
** refusal there becomes a LUA_ERRMEM that lk_pcall catches. While the host has control
** the cap is soft, so that an allocation made by Swift (pushing a string, creating a
** userdata) can never fail and raise through Swift frames. Host code allocates little, and
** scripts cannot run code during host phases: the sandbox forbids __gc in scripts.
*/
static void *lk_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    lk_host *h = (lk_host *)ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        if (ptr != NULL)
            lk_poolfree(&h->pool, ptr, old);
        h->used -= old;
        return NULL;
    }
    if (nsize > old && h->limit > 0 && h->in_host == 0 && h->used - old + nsize > h->limit) {
        h->memory_exceeded = 1;
        return NULL;
    }
    void *block = lk_poolresize(&h->pool, ptr, old, nsize);
    if (block == NULL)
        return NULL;
    h->used = h->used - old + nsize;
    if (h->used > h->peak)
        h->peak = h->used;
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
    /* not calloc: zeroing the 9 KiB of text buffers cost a fresh state 4 % of its time */
    lk_host *h = (lk_host *)malloc(sizeof(lk_host));
    if (h == NULL)
        return NULL;
    memset(h, 0, offsetof(lk_host, where));
    h->where[0] = h->stop_message[0] = h->root[0] = h->display_root[0] = '\0';
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
    lua_sethook(L, lk_hook, LUA_MASKCOUNT, LK_HOOK_COUNT);
    return L;
}

void lk_close(lua_State *L) {
    lk_host *h = lk_gethost(L);
    h->in_host = 1;
    lua_close(L);  /* finalizers release the Swift objects userdata hold */
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

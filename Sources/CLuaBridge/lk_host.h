/* The host record of a state: what the bridge keeps beside each lua_State. Private. */
#ifndef LK_HOST_H
#define LK_HOST_H

#include <limits.h>
#include "lk_bridge.h"

#define LK_HOOK_COUNT 1000
#define LK_NOT_COLLECTED ((size_t)-1)
#define LK_WHERE_MAX 1024

/* The small blocks of one state (lk_pool.c). */
#define LK_POOL_MAX 512
typedef struct lk_pool {
    void *free[LK_POOL_MAX / 16];   /* free blocks by size class, linked through themselves */
    char *next, *end;               /* what is left of the newest slab */
    union lk_slab *slabs;
} lk_pool;

void *lk_poolresize(lk_pool *pool, void *block, size_t old, size_t size);

/* Line coverage (lk_coverage.c): how often each line of each file ran, files named by
   their chunk names ("@routes/chat.lua"). Off unless the host turns it on. */
#define LK_COVERAGE_LINES (1 << 20)
typedef struct lk_covfile {
    char *source;                   /* a copy of the chunk name */
    unsigned *counts;               /* by line; counts[0] unused */
    int size;                       /* lines the array holds */
} lk_covfile;
typedef struct lk_coverage {
    int on, count, last, capacity;
    lk_covfile *files;              /* count of capacity, grown as files are seen */
} lk_coverage;
void lk_poolfree(lk_pool *pool, void *block, size_t size);
void lk_poolclose(lk_pool *pool);

typedef struct lk_host {
    /* first, so that lk_hostobject (lk_bridge.h) reads it without a call */
    lk_hostshared shared;
    /* memory: the allocator's books and cap (lk_state.c), and its small blocks */
    size_t used, peak, limit;
    /* bytes the host keeps for the script in Swift (its routes, traits, arguments), charged
       against the cap since the budget began (lk_chargememory), less what the host has let
       go since (lk_refundmemory: containers) */
    size_t kept;
    /* `kept` after the last collection a charge made at the cap (lk_chargememory), lowered
       by refunds; LK_NOT_COLLECTED before the budget's first */
    size_t kept_collected;
    /* allocations that fail as if the system refused them (lk_failallocations: tests) */
    int fail_next;
    lk_pool pool;
    int memory_exceeded;
    /* the last request the cap refused, and whether one was refused twice in a row: Lua
       retries a refused request once, after an emergency collection, then raises a memory
       error; the budget hook turns that into the named limit, which a pcall cannot swallow */
    void *refused_block;
    size_t refused_old, refused_size;
    /* the last block the system refused Lua code (0: none since the budget began), for a
       message that names the script line and the size, as the host's refusals have */
    size_t system_refused;
    int memory_raised;
    /* >0 while the host has control (Swift code, or the bridge's own setup): the memory
       cap is then soft, so that no allocation made by host code can fail and raise */
    int in_host;
    /* nesting of lk_pcall; the budget is reset on the outermost entry only, and not at
       all while a scope shares it (lk_beginbudget_scope) */
    int depth, scoped;
    /* the thread that called the Swift function running now (a coroutine, maybe) */
    lua_State *current;
    /* the thread the innermost lk_pcall runs, for where an allocation was refused */
    lua_State *running;
    /* the instruction and time budget (lk_budget.c) */
    long long instruction_limit, instructions;
    /* what the host charged since it last looked at the clock (lk_chargehost) */
    long long unclocked;
    double seconds, deadline;
    /* allocations since the allocator last looked at the clock (lk_alloc) */
    unsigned allocations;
    int stop;
    /* coroutine.close calls running inside one another (lk_stopped.c) */
    int closing;
    /* print (lk_sandbox.c) */
    lk_output output;
    void *output_context;
    lk_coverage coverage;
    /* module texts read once for a set of states, or NULL to read them each time (lk_modules.c) */
    lk_modulefiles *files;
    /* text buffers, last: a new record zeroes what comes before them, and their first bytes */
    char where[LK_WHERE_MAX];          /* last position the hook saw: "file:line" */
    char stop_message[LK_MESSAGE_MAX];
    char root[PATH_MAX];               /* require's folder (lk_require.c) */
    char display_root[PATH_MAX];
    char working[PATH_MAX];            /* the working folder below the root, or "" */
} lk_host;

/* The host record: every thread's extra space points at it (lk_newstate). */
static inline lk_host *lk_gethost(lua_State *L) {
    return *(lk_host **)lua_getextraspace(L);
}

/* The hook's events: instructions counted always, lines while coverage is on. */
static inline int lk_hookmask(lk_host *h) {
    return LUA_MASKCOUNT | (h->coverage.on ? LUA_MASKLINE : 0);
}

void lk_coverline(lua_State *L, lk_host *h, lua_Debug *ar);
void lk_coverclose(lk_host *h);
double lk_now(void);
double lk_coarsenow(void);
int lk_callswift(lua_State *L, lk_function fn, void *context);
int lk_callgetter(lua_State *L, lk_function fn, void *context, void *receiver);
void lk_pushmethod(lua_State *L, lk_function fn, void *context, const char *name);
void lk_hook(lua_State *L, lua_Debug *ar);
/* The budget (lk_budget.c): a fresh one for the next outermost call; a stop of the state
   for a limit passed at `where`; the stop raised, on every thread from its next instruction. */
void lk_beginbudget(lua_State *L, lk_host *h);
void lk_setstop(lk_host *h, int why, const char *where);
int lk_raisestop(lua_State *L, lk_host *h);
/* The memory limit as a message gives it: "64 MiB" when whole mebibytes (as --memory-limit
   takes it), else "1000 KiB". */
void lk_limittext(size_t limit, char out[32]);
void lk_scriptwhere(lk_host *h, char *where);
void lk_notewhere(lk_host *h);
void lk_chargework(lua_State *L, lua_Unsigned count);
int lk_msghandler(lua_State *L);
int lk_placeerror(lua_State *L);
int lk_errorvalue(lua_State *L);
int lk_xpcall(lua_State *L);
int lk_wrap(lua_State *L);
int lk_coclose(lua_State *L);
/* lk_wrapped.c: the library functions the sandbox puts in place of Lua's (upvalue 1: Lua's). */
int lk_collectgarbage(lua_State *L);
int lk_stringrep(lua_State *L);
int lk_tablemove(lua_State *L);
int lk_tableinsert(lua_State *L);
int lk_tableremove(lua_State *L);
int lk_tablesort(lua_State *L);
/* In the string at the top of the stack, the cut name Lua gives chunk source ("@name") in
   messages becomes the whole name. */
void lk_wholename(lua_State *L, const char *source);
/* Notes a chunk name as it is loaded (kept when Lua's messages would cut it). */
void lk_notechunkname(const char *source);
/* lk_wholename for every long chunk name this process loaded. */
void lk_wholenames(lua_State *L);
/* The script line running at stack level `level` or, where that function has no lines (the
   runner's own stripped chunks: a matcher), the first one above it that has, among the 64
   innermost levels and, with `outermost`, the 64 outermost: "file:line" into out. 0 when
   none has. The hook, which runs often, does not look at the outermost levels. */
int lk_scriptline(lua_State *L, int level, int outermost, char *out, size_t size);
/* The registry's tables of the modules require has loaded and is loading, by name. */
#define LK_LOADED "navscript.loaded"
#define LK_LOADING "navscript.loading"
#define LK_REQUIRED "navscript.required"
/* The registry's weak table of the coroutines a stop was raised on (lk_budget.c). */
#define LK_STOPPEDTHREADS "navscript.stoppedthreads"
/* Whether the stop of the state was raised on the coroutine at `index` of L's stack (a
   pseudo-index too): its hooks are off for good. */
int lk_wasstopped(lua_State *L, int index);
/* The sandbox's require (lk_require.c). */
int lk_require(lua_State *L);
/* Loads a module's text as luaL_loadbufferx(L, text, length, chunkname, "t") does, from the
   process's compiled modules when the same text was compiled before (lk_modules.c). */
int lk_loadmodule(lua_State *L, const char *text, size_t length, const char *chunkname);
/* The text of module `name` kept in files, or NULL (lk_modules.c). */
const char *lk_findmodulefile(lk_modulefiles *files, const char *name, size_t *length);
/* Keeps a copy of the text of module `name` in files; returns the copy, or NULL. */
const char *lk_keepmodulefile(lk_modulefiles *files, const char *name, const char *text, size_t length);

#endif

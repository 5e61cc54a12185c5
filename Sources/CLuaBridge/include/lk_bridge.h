/*
** lk_bridge.h: the C half of the bridge between Swift and Lua 5.4.
**
** Lua raises errors with longjmp, and a longjmp across Swift frames is undefined
** behaviour. So the rule of the whole bridge is: Swift never raises a Lua error and never
** calls an API function that can raise one. Swift callbacks return a status; the C
** trampoline in lk_call.c raises after the Swift frames are gone. Every entry into Lua
** from Swift goes through lk_pcall. See lk_call.c for the details.
*/
#ifndef LK_BRIDGE_H
#define LK_BRIDGE_H

#include <stddef.h>
#include <lua.h>

#define LK_MESSAGE_MAX 1024

/* How a Swift callback failed, and how the trampoline raises it. */
enum {
    LK_ERROR_NONE = 0,
    LK_ERROR_MESSAGE = 1,   /* luaL_error: "<file>:<line>: message" */
    LK_ERROR_ARGUMENT = 2,  /* luaL_argerror(arg, message): "bad argument #n to 'f' (message)" */
    LK_ERROR_TYPE = 3,      /* luaL_typeerror(arg, message): "bad argument #n to 'f' (T expected, got U)" */
    LK_ERROR_VALUE = 4,     /* the error value is on the top of the stack: lua_error */
    LK_ERROR_PLAIN = 5      /* the message already says where: raised as it is */
};

typedef struct lk_status {
    int kind;
    int arg;
    char message[LK_MESSAGE_MAX];
} lk_status;

/* A Swift function called from Lua: returns the number of results, or -1 with status set. */
typedef int (*lk_function)(lua_State *L, void *context, lk_status *status);

/* Destroys the Swift value a userdata holds, given where it is and its class's context. */
typedef void (*lk_destroy)(void *value, void *context);

/* Where print writes. */
typedef void (*lk_output)(void *context, const char *text, size_t length);

/* Why the state was stopped: a limit passed (LK_STOP_CAP: the memory cap, by what the host
   keeps for the script), or the system refused the host memory (LK_STOP_MEMORY, which lasts
   as long as the state). A cap passed by Lua's own allocations is a LUA_ERRMEM without a
   stop. LK_STOP_INTERRUPT: the host interrupted every state (lk_interrupt). */
enum { LK_STOP_NONE = 0, LK_STOP_INSTRUCTIONS = 1, LK_STOP_TIME = 2, LK_STOP_MEMORY = 3, LK_STOP_CAP = 4, LK_STOP_INTERRUPT = 5 };

/* Stops every state of the process at its next count of instructions, as a limit does,
   while on (Ctrl-C in a host that runs scripts on threads); off lets them run again.
   Safe from any thread; lk_interrupting() says whether it is on. */
void lk_interrupt(int on);
int lk_interrupting(void);

/* State (lk_state.c) */
lua_State *lk_newstate(void);
void lk_close(lua_State *L);
/* Whether the bytes are UTF-8 (lk_utf8.c). */
int lk_isutf8(const char *text, size_t length);
void lk_setlimits(lua_State *L, size_t memory, long long instructions, double seconds);
size_t lk_memoryused(lua_State *L);
void lk_failallocations(lua_State *L, int count);
size_t lk_memorypeak(lua_State *L);
int lk_laststop(lua_State *L);
long long lk_instructions(lua_State *L);
void lk_setoutput(lua_State *L, lk_output output, void *context);

/* Module texts that require reads once and shares between states, on any thread:
   `navscript explore` opens a fresh state for every walk, and every walk sees the same
   modules. The set must outlive the states it is given to. */
typedef struct lk_modulefiles lk_modulefiles;
lk_modulefiles *lk_newmodulefiles(void);
void lk_freemodulefiles(lk_modulefiles *files);
void lk_setmodulefiles(lua_State *L, lk_modulefiles *files);

/* Line coverage (lk_coverage.c): counts how often each line of each file ("@name") runs
   while on. Files are listed by index; `counts` has `size` entries, by line. */
void lk_setcoverage(lua_State *L, int on);
int lk_coveragefiles(lua_State *L);
const char *lk_coveragefile(lua_State *L, int index, const unsigned **counts, int *size);
void lk_sethostobject(lua_State *L, void *object);

/* What a state's host record starts with; the rest is private to the bridge (lk_host.h). */
typedef struct lk_hostshared {
    void *host_object;   /* for shared Swift functions; not retained: it owns the state */
    void *receiver;      /* in a property getter: where the value it reads is (lk_index) */
} lk_hostshared;

/* The host's object, with no call: the extra space of every thread of a state points at
   its host record (a new thread copies its main thread's). */
static inline void *lk_hostobject(lua_State *L) {
    return (*(lk_hostshared **)lua_getextraspace(L))->host_object;
}

/* In a property getter: where the Swift value the property is read from is, with no call
   (lk_index sets it), or NULL if it has been destroyed. */
static inline void *lk_receiver(lua_State *L) {
    return (*(lk_hostshared **)lua_getextraspace(L))->receiver;
}
int lk_setcollecting(lua_State *L, int on);
/* A full collection, protected; 0 when it ran (a finalizer error is only a warning). */
int lk_collect(lua_State *L);
size_t lk_reserveused(void);

/* Calls (lk_call.c) */
void lk_pushfunction(lua_State *L, lk_function fn, void *context);
void lk_setstatus(lk_status *status, int kind, int arg, const char *message);
int lk_pcall(lua_State *L, int nargs, int nresults);
int lk_load(lua_State *L, const char *text, size_t length, const char *chunkname);
int lk_tostring(lua_State *L, int idx);
int lk_errortext(lua_State *L, int idx);
void lk_pushfields(lua_State *L, int idx);
void lk_pushbodyprint(lua_State *L, int idx);
/* Pushes a __pairs for a read-only proxy whose metatable's __index is the table it shows. */
void lk_pushproxypairs(lua_State *L);
/* Pushes a message handler for a script's own xpcall: an error value as the runner's
   message (a value that is not a string placed at the script line that raised it), with
   no traceback. */
void lk_pusherrorplacer(lua_State *L);
char *lk_dump(lua_State *L, int strip, size_t *length);
int lk_loadbinary(lua_State *L, const char *bytes, size_t length, const char *chunkname);
int lk_hostdepth(lua_State *L);
lua_State *lk_current(lua_State *L);

/* The budget (lk_budget.c) */
void lk_beginbudget_scope(lua_State *L);
void lk_endbudget_scope(lua_State *L);
int lk_chargehost(lua_State *L, long long instructions);
int lk_chargememory(lua_State *L, size_t bytes);
void lk_refundmemory(lua_State *L, size_t bytes);
const char *lk_stopmessage(lua_State *L);

/* Sandbox (lk_sandbox.c; require and its loaded modules: lk_require.c) */
int lk_opensandbox(lua_State *L, const char *root, const char *display_root, const char *working, lua_Integer seed);
void lk_pushloaded(lua_State *L);
/* Seeds math.random as a sandbox opened with seed does (Lua's randomseed, as the sandbox
   opened it, with seed spread over its two words by SplitMix64), protected: a status. */
int lk_seedrandom(lua_State *L, lua_Integer seed);
/* Pops a table (a read-only proxy) that the sandbox's rawset then refuses with message. */
void lk_markreadonly(lua_State *L, const char *message);
void lk_pushrequired(lua_State *L);
void lk_pushrequire(lua_State *L);

/* Objects (lk_object.c) */
enum { LK_METHOD, LK_PROPERTY, LK_METAMETHOD };
typedef struct lk_classdef lk_classdef;
lk_classdef *lk_newclassdef(const char *name);
int lk_classdef_add(lk_classdef *def, int kind, const char *name, lk_function fn, void *context);
void lk_freeclassdef(lk_classdef *def);
const void *lk_newclass(lua_State *L, const char *name, const lk_classdef *def, lk_destroy destroy, void *context);
void lk_setmethod(lua_State *L, const void *cls, const char *name, lk_function fn, void *context);
void lk_setmetamethod(lua_State *L, const void *cls, const char *event, lk_function fn, void *context);
void lk_setproperty(lua_State *L, const void *cls, const char *name, lk_function fn, void *context);
void lk_pushclass(lua_State *L, const void *cls);
void *lk_newobject(lua_State *L, const void *cls, size_t size);
void *lk_toobject(lua_State *L, int idx, const void *cls);
/* Whether the value at idx is an object of one of the state's classes that Lua has
   finalized: a weak table or a finalizer can still reach it. Raises nothing. */
int lk_isreleased(lua_State *L, int idx);

/* The whole name of a debug record's chunk ("routes/chat.lua" for "@routes/chat.lua"), not
   short_src, which cuts names longer than LUA_IDSIZE - 1 to "..." and their end
   (lk_names.c). */
const char *lk_sourcename(const lua_Debug *ar);

#endif

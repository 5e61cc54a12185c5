/*
** lk_call.c: calls across the bridge, in both directions (the budget they share is
** lk_budget.c's).
**
** Why this file exists: Lua raises errors with longjmp (LUAI_THROW in ldo.c), and a
** longjmp across Swift frames is undefined behaviour: Swift has no unwinding for it, so
** retains, defers and locks would be skipped. Hence two rules, both enforced here:
**
** 1. Lua to Swift. Every Swift function is called through lk_trampoline. The Swift code
**    never raises: it returns a result count, or -1 with an lk_status saying what to
**    raise. The trampoline raises after the Swift frames have returned. While Swift runs
**    (in_host > 0) the memory cap is soft, so the API calls Swift makes that allocate
**    cannot fail; Swift calls no API function that can raise for another reason (no
**    metamethods: raw table access only; no luaL_check*).
**
** 2. Swift to Lua. Every call goes through lk_pcall, which adds a traceback, manages the
**    budget, and turns every error into a status and a message on the stack.
*/
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <lauxlib.h>
#include "lk_host.h"

/* --- Lua to Swift ----------------------------------------------------------------- */

void lk_setstatus(lk_status *status, int kind, int arg, const char *message) {
    status->kind = kind;
    status->arg = arg;
    strncpy(status->message, message ? message : "", LK_MESSAGE_MAX - 1);
    status->message[LK_MESSAGE_MAX - 1] = '\0';
}

/* luaL_argerror names the function as its caller did, or by a global holding it, else '?'
   (`pcall(app.advance, app, -1)`): a method's trampoline carries its name in upvalue 3
   (none for other functions), which stands in for the '?'. With `placed` (a released
   object), an error called from C or from the runner's matchers (no line at level 1:
   `print` running __tostring, a pcall) is placed at the script's line, as luaL_argerror
   words it; others called from C have no line, as Lua's own. */
static int lk_argerror(lua_State *L, int arg, const char *message, int placed) {
    lua_Debug ar;
    const char *name = lua_tostring(L, lua_upvalueindex(3));
    char where[LK_WHERE_MAX];
    if (placed && lua_getstack(L, 1, &ar) && lua_getinfo(L, "l", &ar) && ar.currentline <= 0 && lk_scriptline(L, 2, 1, where, sizeof where)) {
        if (lua_getstack(L, 0, &ar) && lua_getinfo(L, "n", &ar)) {
            if (ar.namewhat != NULL && strcmp(ar.namewhat, "method") == 0 && --arg == 0)
                return luaL_error(L, "%s: calling '%s' on bad self (%s)", where, ar.name, message);
            if (ar.name != NULL)
                name = ar.name;
        }
        return luaL_error(L, "%s: bad argument #%d to '%s' (%s)", where, arg, name != NULL ? name : "?", message);
    }
    if (name == NULL || !lua_getstack(L, 0, &ar) || !lua_getinfo(L, "n", &ar) || ar.name != NULL)
        return luaL_argerror(L, arg, message);
    return luaL_error(L, "bad argument #%d to '%s' (%s)", arg, name, message);
}

/* luaL_typeerror's message, through lk_argerror; a value whose __name is the very type
   expected (a table posing as a Screen) is named by its own type, not "got Screen", and an
   object Lua has finalized (reached again through a weak table) says so, at the script's
   line wherever it is met. */
static int lk_typeerror(lua_State *L, int arg, const char *expected) {
    const char *got;
    const char *basic = lua_type(L, arg) == LUA_TLIGHTUSERDATA ? "light userdata" : luaL_typename(L, arg);
    int released = lk_isreleased(L, arg);
    if (luaL_getmetafield(L, arg, "__name") == LUA_TSTRING) {
        got = lua_tostring(L, -1);
        if (released)
            got = lua_pushfstring(L, "released %s (Lua collected it, and a weak table or a finalizer reached it again)", got);
        else if (strcmp(got, expected) == 0)
            got = lua_pushfstring(L, "%s (its __name says %s)", basic, got);
    } else
        got = basic;
    return lk_argerror(L, arg, lua_pushfstring(L, "%s expected, got %s", expected, got), released);
}

static int lk_raise(lua_State *L, const lk_status *status) {
    switch (status->kind) {
    case LK_ERROR_ARGUMENT:
        return lk_argerror(L, status->arg, status->message, 0);
    case LK_ERROR_TYPE:
        return lk_typeerror(L, status->arg, status->message);
    case LK_ERROR_VALUE:
        return lua_error(L);
    case LK_ERROR_PLAIN:
        lua_pushstring(L, status->message);
        return lua_error(L);
    default: {
        /* At the script's line, also when a matcher of the runner's (no lines) called the host. */
        lua_Debug ar;
        char where[LK_WHERE_MAX];
        if (lua_getstack(L, 1, &ar) && lua_getinfo(L, "l", &ar) && ar.currentline <= 0 && lk_scriptline(L, 2, 1, where, sizeof where))
            return luaL_error(L, "%s: %s", where, status->message);
        return luaL_error(L, "%s", status->message);
    }
    }
}

/* Calls a Swift function with the host in control, and raises what it reports once it has
   returned. Every call from Lua into Swift comes through here. */
int lk_callswift(lua_State *L, lk_function fn, void *context) {
    /* not a getter: whatever receiver an outer getter has stays as it is */
    return lk_callgetter(L, fn, context, lk_gethost(L)->shared.receiver);
}

/* The same, with `receiver` as what lk_receiver returns until the call is over. */
int lk_callgetter(lua_State *L, lk_function fn, void *context, void *receiver) {
    lk_host *h = lk_gethost(L);
    lk_status status;
    status.kind = LK_ERROR_NONE;
    lua_State *outer = h->current;
    void *outer_receiver = h->shared.receiver;
    h->current = L;
    h->shared.receiver = receiver;
    h->in_host++;
    int results = fn(L, context, &status);
    h->in_host--;
    h->shared.receiver = outer_receiver;
    h->current = outer;
    /* A host call can take long while the script runs few instructions (a picture of a big
       hierarchy, again and again), so the hook alone would see the time limit late: each
       outermost call reads a cheap clock on its way back. */
    if (h->stop == LK_STOP_NONE && h->in_host == 0 && h->deadline > 0 && lk_coarsenow() > h->deadline) {
        char where[LK_WHERE_MAX];
        if (!lk_scriptline(L, 1, 1, where, sizeof where))
            snprintf(where, sizeof where, "%s", h->where);
        lk_setstop(h, LK_STOP_TIME, where);
    }
    if (h->stop != LK_STOP_NONE)      /* a limit passed, or the system ran out of memory */
        return lk_raisestop(L, h);
    if (results >= 0) {
        /* a host function that claims more results than it pushed would hand Lua slots
           below its frame: refuse it here, as an error at the call, not a crash later */
        if (results > lua_gettop(L))
            return luaL_error(L, "a host function returned %d results with %d values on its stack", results, lua_gettop(L));
        return results;
    }
    return lk_raise(L, &status);
}

/* Upvalue 1: the Swift function (a light C function pointer); upvalue 2: its context;
   upvalue 3, for a method only: its name, for messages. */
static int lk_trampoline(lua_State *L) {
    return lk_callswift(L, (lk_function)lua_touserdata(L, lua_upvalueindex(1)), lua_touserdata(L, lua_upvalueindex(2)));
}

lua_State *lk_current(lua_State *L) {
    lua_State *current = lk_gethost(L)->current;
    return current ? current : L;
}

void lk_pushfunction(lua_State *L, lk_function fn, void *context) {
    lua_pushlightuserdata(L, (void *)fn);
    lua_pushlightuserdata(L, context);
    lua_pushcclosure(L, lk_trampoline, 2);
}

void lk_pushmethod(lua_State *L, lk_function fn, void *context, const char *name) {
    lua_pushlightuserdata(L, (void *)fn);
    lua_pushlightuserdata(L, context);
    lua_pushstring(L, name);
    lua_pushcclosure(L, lk_trampoline, 3);
}

/* --- Swift to Lua ----------------------------------------------------------------- */

/* next() over a table, raw: the iterator a proxy's __pairs gives. */
static int lk_rawnext(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 2);
    if (lua_next(L, 1))
        return 2;
    lua_pushnil(L);
    return 1;
}

/* __pairs of a read-only proxy: the entries of the table its metatable's __index is. */
static int lk_proxypairs(lua_State *L) {
    if (!lua_getmetatable(L, 1) || lua_getfield(L, -1, "__index") != LUA_TTABLE)
        return luaL_error(L, "the proxy has no table to list");
    lua_pushcfunction(L, lk_rawnext);
    lua_insert(L, -2);
    lua_pushnil(L);
    return 3;
}

void lk_pushproxypairs(lua_State *L) {
    lua_pushcfunction(L, lk_proxypairs);
}

/*
** Calls the function below the nargs arguments on the top of the stack, protected. On
** success leaves nresults results; on failure leaves one string: the message (with
** "file:line:" where Lua knows it) followed by "\nstack traceback:\n..." when there is one.
** A limit that stopped the script replaces the message with one naming the limit.
*/
int lk_pcall(lua_State *L, int nargs, int nresults) {
    lk_host *h = lk_gethost(L);
    int base = lua_gettop(L) - nargs;
    if (h->depth == 0 && !h->scoped)
        lk_beginbudget(L, h);
    if (h->stop != LK_STOP_NONE) {          /* stopped already: the budget is used up */
        lua_settop(L, base - 1);
        lua_pushstring(L, h->stop_message);
        return h->stop == LK_STOP_MEMORY || h->stop == LK_STOP_CAP ? LUA_ERRMEM : LUA_ERRRUN;
    }
    lua_pushcfunction(L, lk_msghandler);
    lua_insert(L, base);
    int in_host = h->in_host;
    lua_State *running = h->running;
    h->depth++;
    h->in_host = 0;
    h->running = L;
    int status = lua_pcall(L, nargs, nresults, base);
    h->running = running;
    h->in_host = in_host;
    h->depth--;
    lua_remove(L, base);
    /* The cap refused memory even after an emergency collection: the state stops there, as
       it does at the other limits, whether a pcall of the script or a callback of the host
       caught the error (the hook would see it only 1,000 instructions later, if ever). */
    if (h->memory_raised && h->stop == LK_STOP_NONE)
        lk_setstop(h, LK_STOP_CAP, h->where);
    /* A call that ended in a long C function (a pattern search) may have passed the time
       limit with no instruction left for the hook to see it: the call still overran. */
    if (status == LUA_OK && h->stop == LK_STOP_NONE && h->deadline > 0 && lk_now() > h->deadline)
        lk_setstop(h, LK_STOP_TIME, h->where);
    if (status == LUA_OK && h->stop == LK_STOP_NONE)
        return status;
    if (status == LUA_OK) {
        /* A limit passed with no instruction left to raise it (or the script's own pcall
           caught it just before returning): the call still failed. */
        lua_settop(L, base - 1);
        lua_pushstring(L, h->stop_message);
        status = h->stop == LK_STOP_MEMORY || h->stop == LK_STOP_CAP ? LUA_ERRMEM : LUA_ERRRUN;
    } else if (h->stop != LK_STOP_NONE) {
        const char *trace = lua_type(L, -1) == LUA_TSTRING ? strstr(lua_tostring(L, -1), "\nstack traceback:") : NULL;
        lua_pushstring(L, h->stop_message);
        if (trace != NULL)
            lua_pushstring(L, trace);
        else
            lua_pushliteral(L, "");
        lua_concat(L, 2);
        lua_remove(L, -2);
        if (h->stop == LK_STOP_MEMORY || h->stop == LK_STOP_CAP)
            status = LUA_ERRMEM;
    } else if (status == LUA_ERRMEM && h->memory_exceeded) {
        char limit[32];
        lk_limittext(h->limit, limit);
        lua_pop(L, 1);
        lua_pushfstring(L, "%s: memory limit exceeded (%s)", h->where[0] ? h->where : "?", limit);
    } else if (status == LUA_ERRMEM && h->system_refused > 0) {
        lua_pop(L, 1);
        lua_pushfstring(L, "%s%snot enough memory (the system refused an allocation of %I bytes)", h->where, h->where[0] ? ": " : "",
                        (lua_Integer)h->system_refused);
    }
    if (h->depth == 0 && h->stop == LK_STOP_NONE && lua_gethookcount(L) != LK_HOOK_COUNT)
        lua_sethook(L, lk_hook, lk_hookmask(h), LK_HOOK_COUNT);
    return status;
}

int lk_hostdepth(lua_State *L) { return lk_gethost(L)->depth; }

/* Loads a text chunk (never a binary one) named chunkname ("@path" for files). */
int lk_load(lua_State *L, const char *text, size_t length, const char *chunkname) {
    lk_host *h = lk_gethost(L);
    int in_host = h->in_host;
    h->in_host = 0;  /* lua_load is protected: a refusal of the allocator becomes a status */
    lk_notechunkname(chunkname);
    int status = luaL_loadbufferx(L, text, length, chunkname, "t");
    h->in_host = in_host;
    if (status == LUA_ERRSYNTAX)
        lk_wholename(L, chunkname);
    if (status == LUA_ERRMEM && h->memory_exceeded) {
        char limit[32];
        lk_limittext(h->limit, limit);
        lua_pop(L, 1);
        lua_pushfstring(L, "%s: memory limit exceeded while loading (%s)", chunkname, limit);
    }
    return status;
}

/* lua_dump's writer: appends to a growing buffer. */
typedef struct lk_buffer {
    char *bytes;
    size_t length, capacity;
} lk_buffer;

static int lk_write(lua_State *L, const void *bytes, size_t size, void *ud) {
    (void)L;
    lk_buffer *buffer = (lk_buffer *)ud;
    if (buffer->length + size > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity * 2 : 4096;
        while (capacity < buffer->length + size)
            capacity *= 2;
        char *grown = (char *)realloc(buffer->bytes, capacity);
        if (grown == NULL)
            return 1;
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->length, bytes, size);
    buffer->length += size;
    return 0;
}

/* Dumps the Lua function on the top of the stack (kept there) as bytecode, with its debug
   information, into a malloc'd buffer the caller frees. NULL if it cannot. */
char *lk_dump(lua_State *L, int strip, size_t *length) {
    lk_buffer buffer = {NULL, 0, 0};
    if (lua_dump(L, lk_write, &buffer, strip) != 0) {
        free(buffer.bytes);
        return NULL;
    }
    *length = buffer.length;
    return buffer.bytes;
}

/* Loads bytecode that lk_dump made in this process. Only the host calls this, with chunks
   it compiled itself from text: scripts can never load binary chunks. */
int lk_loadbinary(lua_State *L, const char *bytes, size_t length, const char *chunkname) {
    lk_host *h = lk_gethost(L);
    int in_host = h->in_host;
    h->in_host = 0;
    lk_notechunkname(chunkname);
    int status = luaL_loadbufferx(L, bytes, length, chunkname, "b");
    h->in_host = in_host;
    return status;
}

static int lk_tostring_protected(lua_State *L) {
    luaL_tolstring(L, 1, NULL);
    return 1;
}

/* Converts the value at idx to a string as tostring would (running __tostring), protected:
   pushes the string or the error message, and returns the status. */
int lk_tostring(lua_State *L, int idx) {
    idx = lua_absindex(L, idx);
    lua_pushcfunction(L, lk_tostring_protected);
    lua_pushvalue(L, idx);
    return lk_pcall(L, 1, 1);
}

/* Converts the value at idx to a string as an error message shows it (lk_errorvalue:
   tostring's text, but a table by its fields, never an address), protected: pushes the
   string or the error message, and returns the status. */
int lk_errortext(lua_State *L, int idx) {
    idx = lua_absindex(L, idx);
    lua_pushcfunction(L, lk_errorvalue);
    lua_pushvalue(L, idx);
    return lk_pcall(L, 1, 1);
}

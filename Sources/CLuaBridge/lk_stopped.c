/*
** lk_stopped.c: xpcall and coroutine.wrap for a state the budget may stop, and
** coroutine.close kept within the C stack (last in this file).
**
** Lua runs a hook with hooks off and turns them on again when it returns. The budget's hook
** raises instead of returning, so hooks stay off on that thread until the error unwinds to a
** protected call. Two kinds of script code run before that unwinding: xpcall's message
** handler, and the __close of a coroutine's to-be-closed variables that coroutine.wrap
** closes. A loop in either ran out of every limit's reach (an in-process run hung for ever).
** So once the state is stopped, these skip the script code: the handler is not called, and
** the coroutine is not closed; nor is a coroutine the stop was raised on, later (an after_each
** runs under a fresh budget). Until then they are Lua's own.
*/
#include <string.h>
#include <lauxlib.h>
#include "lk_host.h"

static int lk_stopped(lua_State *L) {
    return lk_gethost(L)->stop != LK_STOP_NONE;
}

/* The message handler xpcall installs: the script's (upvalue 1), unless the state is
   stopped, when the error goes on as it is. */
static int lk_guardedhandler(lua_State *L) {
    if (lk_stopped(L))
        return 1;
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

/* What xpcall returns once its call ended (or resumed after a yield): true and the call's
   results, or false and the error. `base` is the stack below the results. */
static int lk_xpcalled(lua_State *L, int status, lua_KContext base) {
    if (status != LUA_OK && status != LUA_YIELD) {
        lua_pushboolean(L, 0);
        lua_pushvalue(L, -2);
        return 2;
    }
    return lua_gettop(L) - (int)base;
}

/* xpcall(f, handler, ...). Any handler is guarded, a C one too (tostring runs a script's
   __tostring on the string metatable); only the host's own placer (lk_placeerror), which
   runs no script code, is used as it is. */
int lk_xpcall(lua_State *L) {
    int arguments = lua_gettop(L) - 2;
    luaL_checktype(L, 2, LUA_TFUNCTION);
    if (lua_tocfunction(L, 2) != lk_placeerror) {
        lua_pushvalue(L, 2);
        lua_pushcclosure(L, lk_guardedhandler, 1);
        lua_replace(L, 2);             /* the guarded handler */
    }
    lua_pushboolean(L, 1);             /* the first result, on success */
    lua_pushvalue(L, 1);
    lua_rotate(L, 3, 2);               /* true and f go below the arguments */
    int status = lua_pcallk(L, arguments, LUA_MULTRET, 2, 2, lk_xpcalled);
    return lk_xpcalled(L, status, 2);
}

/* Whether `message` is a failed expect's, "file:line: expect(value)...": it is placed at
   its expect already, where the scenario's report looks for the line. */
static int lk_placedexpectation(const char *message) {
    const char *at = strstr(message, ": expect(value)");
    if (at == NULL || memchr(message, '\n', (size_t)(at - message)) != NULL)
        return 0;
    const char *digit = at;
    while (digit > message && digit[-1] >= '0' && digit[-1] <= '9') digit--;
    return digit < at && digit > message && digit[-1] == ':';
}

/* The function coroutine.wrap returns: resumes its coroutine (upvalue 1) with the arguments
   and returns what it yields or returns. On an error, the coroutine's to-be-closed variables
   are closed, and a string error gets the caller's place before it, as Lua's wrap does
   (a failed expect's excepted, placed at the expect);
   once the state is stopped, they are left unclosed. */
static int lk_wrapped(lua_State *L) {
    lua_State *co = lua_tothread(L, lua_upvalueindex(1));
    int arguments = lua_gettop(L), results = 0;
    if (!lua_checkstack(co, arguments))
        return luaL_error(L, "too many arguments to resume");
    lua_xmove(L, co, arguments);
    int status = lua_resume(co, L, arguments, &results);
    if (status == LUA_OK || status == LUA_YIELD) {
        if (!lua_checkstack(L, results + 1)) {
            lua_pop(co, results);
            return luaL_error(L, "too many results to resume");
        }
        lua_xmove(co, L, results);
        return results;
    }
    lua_xmove(co, L, 1);               /* the error */
    int state = lua_status(co);
    if (state != LUA_OK && state != LUA_YIELD && !lk_stopped(L) && !lk_wasstopped(L, lua_upvalueindex(1))) {
        /* An error in the coroutine (not a dead one resumed): its __close handlers run, and
           the error they leave (the same, or one of theirs) is the one raised. */
#if LUA_VERSION_RELEASE_NUM >= 50406
        status = lua_closethread(co, L);
#else
        status = lua_resetthread(co);
#endif
        lua_xmove(co, L, 1);
    }
    if (status != LUA_ERRMEM && lua_type(L, -1) == LUA_TSTRING && !lk_placedexpectation(lua_tostring(L, -1))) {
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
    }
    return lua_error(L);
}

/* coroutine.wrap(f) */
int lk_wrap(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_State *co = lua_newthread(L);
    lua_pushvalue(L, 1);
    lua_xmove(L, co, 1);
    lua_pushcclosure(L, lk_wrapped, 1);
    return 1;
}

/* Lua 5.4.4 (Debian's, among others) does not count the C calls of a close that runs a
   __close handler that closes another coroutine, and so on: some thousands of them nested
   overflow the C stack (later 5.4 releases count them). No script needs more than a few. */
#define LK_MAXCLOSING 100

/* coroutine.close(co): Lua's own (upvalue 1), in a protected call that counts the closes
   running inside one another, and refuses one past LK_MAXCLOSING. */
int lk_coclose(lua_State *L) {
    lk_host *h = lk_gethost(L);
    /* Lua's own refusals, made here, where they are named 'close' and placed at the
       caller's line (raised inside the protected call below, they would be neither). */
    luaL_checktype(L, 1, LUA_TTHREAD);
    lua_State *co = lua_tothread(L, 1);
    lua_Debug ar;
    if (co == L)
        return luaL_error(L, "cannot close a running coroutine");
    if (lua_status(co) == LUA_OK && lua_getstack(co, 0, &ar))
        return luaL_error(L, "cannot close a normal coroutine");
    if (h->closing >= LK_MAXCLOSING)
        return luaL_error(L, "C stack overflow (coroutine.close nested more than %d deep)", LK_MAXCLOSING);
    /* Stopped, the state runs no more script code; a coroutine the stop was raised on has its
       hooks off for good, so its __close would run out of every limit's reach. */
    if (lk_stopped(L))
        return lk_raisestop(L, h);
    if (lk_wasstopped(L, 1)) {
        lua_pushboolean(L, 0);
        lua_pushliteral(L, "a limit stopped this coroutine: its to-be-closed variables are left unclosed");
        return 2;
    }
    int arguments = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    h->closing++;
    int status = lua_pcall(L, arguments, LUA_MULTRET, 0);
    h->closing--;
    if (status != LUA_OK)
        return lua_error(L);
    return lua_gettop(L);
}

/*
** lk_wrapped.c: the library functions the sandbox puts in place of Lua's (lk_sandbox.c).
** Each checks its arguments as Lua does and raises what they meet itself, in Lua's words
** (the real function, called from C, would name no function and no script line); bounds
** what the real one would do out of the budget's reach (charging its work, refusing what
** never returns, keeping the collector incremental); then calls it, its upvalue 1.
*/
#include <limits.h>
#include <string.h>
#include <lauxlib.h>
#include "lk_host.h"

/* Calls the real function, upvalue 1, with the arguments given, and returns how many
   results it kept (`results`, or all with LUA_MULTRET). */
static int lk_callreal(lua_State *L, int results) {
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, results);
    return lua_gettop(L);
}

/* collectgarbage that keeps the collector incremental: "generational" is answered as a
   switch is (the mode before, "incremental") and changes nothing. Under Lua 5.4.4's
   generational collector (Debian 12's) a fuzzed scenario closed with 153 userdata whose
   __gc never ran, so the Swift objects they held were never released (scripts/fuzz under
   LeakSanitizer); the same program in incremental mode, the mode every test runs, left
   none. Its arguments are checked here, as lbaselib checks them, so that no error comes
   from the real one (it would name no function). Upvalue 1: the real collectgarbage. */
int lk_collectgarbage(lua_State *L) {
    static const char *const options[] = {"stop", "restart", "collect", "count", "step", "setpause",
                                          "setstepmul", "isrunning", "generational", "incremental", NULL};
    static const int integers[] = {0, 0, 0, 0, 1, 1, 1, 0, 2, 3};  /* how many each takes */
    int option = luaL_checkoption(L, 1, "collect", options);
    for (int i = 0; i < integers[option]; i++)
        luaL_optinteger(L, 2 + i, 0);
    if (strcmp(options[option], "generational") == 0) {
        lua_pushliteral(L, "incremental");
        return 1;
    }
    return lk_callreal(L, LUA_MULTRET);
}

/* Lua's lstrlib bound on a result: the real functions below are called from C, where an
   error they raise would name no function and no script line, so every error a call can
   meet is raised here first, in Lua's words, and what remains for them is the work. */
#define LK_MAXSIZE (sizeof(size_t) < sizeof(int) ? (size_t)(~(size_t)0) : (size_t)INT_MAX)

/* string.rep(s, n, sep) that gives "" at once when s and sep are empty: Lua's copies
   nothing n times, and string.rep("", 1e18) never returned. Upvalue 1: the real rep. */
int lk_stringrep(lua_State *L) {
    size_t length, separator;
    luaL_checklstring(L, 1, &length);
    lua_Integer n = luaL_checkinteger(L, 2);
    luaL_optlstring(L, 3, "", &separator);
    if (n <= 0 || length + separator == 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    if (length + separator < length || length + separator > LK_MAXSIZE / (lua_Unsigned)n)
        return luaL_error(L, "resulting string too large");
    return lk_callreal(L, 1);
}

/* As ltablib's checktab: a table, or a value whose metatable has the fields `read` (and
   `write`) need. */
static void lk_checktable(lua_State *L, int arg, int read, int write) {
    if (lua_type(L, arg) == LUA_TTABLE)
        return;
    int n = 1, ok = lua_getmetatable(L, arg);
    if (ok && read) {
        lua_pushliteral(L, "__index");
        ok = lua_rawget(L, -++n) != LUA_TNIL;
    }
    if (ok && write) {
        lua_pushliteral(L, "__newindex");
        ok = lua_rawget(L, -++n) != LUA_TNIL;
    }
    if (!ok)
        luaL_checktype(L, arg, LUA_TTABLE);
    lua_pop(L, n);
}

/* table.move(a1, f, e, t, a2) charged an instruction an element (lk_chargework): it moves
   in C, out of the hook's reach. Upvalue 1: the real move. */
int lk_tablemove(lua_State *L) {
    lua_Integer f = luaL_checkinteger(L, 2), e = luaL_checkinteger(L, 3), t = luaL_checkinteger(L, 4);
    int destination = !lua_isnoneornil(L, 5) ? 5 : 1;
    lk_checktable(L, 1, 1, 0);
    lk_checktable(L, destination, 0, 1);
    if (e >= f) {
        luaL_argcheck(L, f > 0 || e < LUA_MAXINTEGER + f, 3, "too many elements to move");
        lua_Integer n = e - f + 1;
        luaL_argcheck(L, t <= LUA_MAXINTEGER - n + 1, 4, "destination wrap around");
        lk_chargework(L, (lua_Unsigned)n);
    }
    return lk_callreal(L, 1);
}

/* table.insert(t, pos, v) and table.remove(t, pos) charged an instruction an element they
   shift (lk_chargework): they shift in C up to #t, out of the hook's reach, and a __len of
   2^50 held a scenario, and a host running it in its own thread, for good. Their argument
   errors are raised here, in ltablib's words. Upvalue 1: the real insert or remove. */
int lk_tableinsert(lua_State *L) {
    int arguments = lua_gettop(L);
    lk_checktable(L, 1, 1, 1);
    lua_Integer e = luaL_intop(+, luaL_len(L, 1), 1);   /* the first empty element */
    if (arguments == 3) {
        lua_Integer pos = luaL_checkinteger(L, 2);
        luaL_argcheck(L, (lua_Unsigned)pos - 1u < (lua_Unsigned)e, 2, "position out of bounds");
        lk_chargework(L, (lua_Unsigned)e - (lua_Unsigned)pos);
    } else if (arguments != 2) {
        return luaL_error(L, "wrong number of arguments to 'insert'");
    }
    return lk_callreal(L, 0);
}

int lk_tableremove(lua_State *L) {
    lk_checktable(L, 1, 1, 1);
    lua_Integer size = luaL_len(L, 1);
    lua_Integer pos = luaL_optinteger(L, 2, size);
    if (pos != size)
        luaL_argcheck(L, (lua_Unsigned)pos - 1u <= (lua_Unsigned)size, 2, "position out of bounds");
    if (pos < size)
        lk_chargework(L, (lua_Unsigned)size - (lua_Unsigned)pos);
    return lk_callreal(L, 1);
}

/* table.sort(t) without a comparison charged n log n instructions (lk_chargework): it sorts
   in C, out of the hook's reach, and a loop of sorts ran seconds past its time limit. With
   a comparison, the hook counts the comparison's own instructions. Its argument errors are
   raised here, in ltablib's words, where they name 'sort' and the script line (the real sort,
   called from C, named '?' and no line). Upvalue 1: the real sort. */
int lk_tablesort(lua_State *L) {
    lk_checktable(L, 1, 1, 1);
    lua_Integer length = luaL_len(L, 1);
    if (length > 1) {
        luaL_argcheck(L, length < INT_MAX, 1, "array too big");
        if (!lua_isnoneornil(L, 2))
            luaL_checktype(L, 2, LUA_TFUNCTION);
    }
    if (lua_type(L, 1) == LUA_TTABLE && lua_isnoneornil(L, 2)) {
        lua_Integer n = length;
        lua_Unsigned work = 0;
        for (lua_Integer m = n; m > 1 && work < ((lua_Unsigned)1 << 62); m >>= 1) work += (lua_Unsigned)n;
        lk_chargework(L, work);
    }
    return lk_callreal(L, 0);
}

/*
** lk_sandbox.c: the libraries scripts get, and the ones they do not.
**
** Scripts get the base library, string, table, math, utf8, coroutine, and os.time,
** os.clock, os.date, os.difftime. They do not get io, os.execute and the rest of os,
** debug, package, dofile, loadfile or string.dump. load only takes text chunks. require
** (lk_require.c) loads only .lua files below the script root, plus the modules the host set
** as loaded. print
** goes where the host says. collectgarbage, string.rep, table.move, table.insert, table.remove and table.sort are
** wrapped (lk_wrapped.c). setmetatable refuses metatables with __gc: finalizers run with
** hooks off (ldo.c GCTM sets allowhook = 0), so a script finalizer could loop forever out
** of the budget's reach, or run while the host has control.
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <lauxlib.h>
#include <lualib.h>
#include "lk_host.h"

static int lk_print(lua_State *L) {
    lk_host *h = lk_gethost(L);
    int n = lua_gettop(L);
    /* The line is made in one block of its exact size: a luaL_Buffer grows by doubling and
       is copied again into a string, so printing a string a third of the memory cap ran
       out of memory where copying it once did not. */
    size_t total = 1;                                   /* the newline */
    for (int i = 1; i <= n; i++) {
        size_t length;
        luaL_tolstring(L, i, &length);                  /* a string is itself: no copy */
        lua_replace(L, i);
        total += length + (i > 1);
    }
    char *text = lua_newuserdatauv(L, total, 0);        /* charged to the cap, as a copy is */
    size_t at = 0;
    for (int i = 1; i <= n; i++) {
        size_t length;
        const char *piece = lua_tolstring(L, i, &length);
        if (i > 1)
            text[at++] = '\t';
        memcpy(text + at, piece, length);
        at += length;
    }
    text[at] = '\n';
    if (h->output != NULL) {
        h->in_host++;
        h->output(h->output_context, text, total);
        h->in_host--;
    } else {
        fwrite(text, 1, total, stdout);
    }
    return 0;
}

/* load(chunk, name, mode, env) with the mode forced to "t". Upvalue 1: the real load. An
   env left out stays left out (load then gives the chunk the global environment); an env
   given, nil included, is passed on. */
static int lk_loadtext(lua_State *L) {
    int n = lua_gettop(L);
    /* The arguments checked here, in the real load's order: its errors raised from inside
       this function would name no function and no script line. */
    const char *mode = luaL_optstring(L, 3, "bt");
    luaL_optstring(L, 2, NULL);
    if (!lua_isstring(L, 1))
        luaL_checktype(L, 1, LUA_TFUNCTION);
    /* In a mode without "t" nothing loads: a text chunk is refused as the real load
       refuses it, which reads a reader's first piece to know what the chunk is (nothing,
       or an empty piece, is an empty text chunk), and a binary one as in mode "t". */
    if (strchr(mode, 't') == NULL) {
        int text = 1;
        if (lua_type(L, 1) != LUA_TFUNCTION) {   /* a string, or a number as its text */
            text = *lua_tostring(L, 1) != LUA_SIGNATURE[0];
        } else {
            lua_pushvalue(L, 1);
            if (lua_pcall(L, 0, 1, 0) != LUA_OK) {
                luaL_pushfail(L);
                lua_insert(L, -2);
                return 2;
            }
            if (!lua_isnil(L, -1) && !lua_isstring(L, -1)) {
                luaL_pushfail(L);
                lua_pushliteral(L, "reader function must return a string");
                return 2;
            }
            text = lua_isnil(L, -1) || *lua_tostring(L, -1) != LUA_SIGNATURE[0];
        }
        luaL_pushfail(L);
        if (text)
            lua_pushfstring(L, "attempt to load a text chunk (mode is '%s')", mode);
        else
            lua_pushliteral(L, "attempt to load a binary chunk (mode is 't')");
        return 2;
    }
    if (n < 3)
        lua_settop(L, n = 3);
    lua_pushliteral(L, "t");
    lua_replace(L, 3);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, n, LUA_MULTRET);
    return lua_gettop(L);
}

/* The registry's table of read-only proxies (the nav module): proxy -> what a write gets. */
#define LK_READONLY "navscript.readonly"

void lk_markreadonly(lua_State *L, const char *message) {
    luaL_getsubtable(L, LUA_REGISTRYINDEX, LK_READONLY);
    lua_insert(L, -2);
    lua_pushstring(L, message);
    lua_rawset(L, -3);
    lua_pop(L, 1);
}

/* rawset(t, k, v) refusing a read-only proxy (lk_markreadonly), as its __newindex refuses
   an assignment, at the caller's line. */
static int lk_rawset(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checkany(L, 2);
    luaL_checkany(L, 3);
    if (lua_getfield(L, LUA_REGISTRYINDEX, LK_READONLY) == LUA_TTABLE) {
        lua_pushvalue(L, 1);
        if (lua_rawget(L, -2) == LUA_TSTRING)
            return luaL_error(L, "%s", lua_tostring(L, -1));
    }
    lua_settop(L, 3);
    lua_rawset(L, 1);
    return 1;
}

/* setmetatable(t, mt) refusing a metatable with __gc. Everything is done here rather than
   by calling the real one, whose errors would then name no function and no script line. */
static int lk_setmetatable(lua_State *L) {
    int type = lua_type(L, 2);
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_argexpected(L, type == LUA_TNIL || type == LUA_TTABLE, 2, "nil or table");
    if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL)
        return luaL_error(L, "cannot change a protected metatable");
    if (type == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        if (lua_rawget(L, 2) != LUA_TNIL)
            return luaL_error(L, "__gc metamethods are not available to scripts");
        lua_pop(L, 1);
    }
    lua_settop(L, 2);
    lua_setmetatable(L, 1);
    return 1;
}

static void lk_removefield(lua_State *L, int table, const char *name) {
    lua_pushnil(L);
    lua_setfield(L, table, name);
}

/* SplitMix64: the next well-mixed 64-bit value of a counter. */
static uint64_t lk_splitmix(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* The registry's math.randomseed, as the sandbox opened it (scripts may replace the field). */
#define LK_RANDOMSEED "navscript.randomseed"

static void lk_seedwith(lua_State *L, lua_Integer seed);

static int lk_opensandbox_protected(lua_State *L) {
    lua_Integer seed = lua_tointeger(L, 1);
    luaL_requiref(L, LUA_GNAME, luaopen_base, 1);
    luaL_requiref(L, LUA_TABLIBNAME, luaopen_table, 1);
    luaL_requiref(L, LUA_STRLIBNAME, luaopen_string, 1);
    luaL_requiref(L, LUA_MATHLIBNAME, luaopen_math, 1);
    luaL_requiref(L, LUA_UTF8LIBNAME, luaopen_utf8, 1);
    luaL_requiref(L, LUA_COLIBNAME, luaopen_coroutine, 1);
    luaL_requiref(L, LUA_OSLIBNAME, luaopen_os, 1);
    int g = lua_absindex(L, -7), str = g + 2, math = g + 3, os = g + 6;

    lk_removefield(L, g, "dofile");
    lk_removefield(L, g, "loadfile");
    lk_removefield(L, str, "dump");
    lua_pushcfunction(L, lk_print);
    lua_setfield(L, g, "print");
    lua_getfield(L, g, "load");
    lua_pushcclosure(L, lk_loadtext, 1);
    lua_setfield(L, g, "load");
    lua_pushcfunction(L, lk_setmetatable);
    lua_setfield(L, g, "setmetatable");
    lua_getfield(L, g, "collectgarbage");
    lua_pushcclosure(L, lk_collectgarbage, 1);
    lua_setfield(L, g, "collectgarbage");
    lua_pushcfunction(L, lk_rawset);
    lua_setfield(L, g, "rawset");
    lua_pushcfunction(L, lk_xpcall);
    lua_setfield(L, g, "xpcall");
    lua_pushcfunction(L, lk_wrap);
    lua_setfield(L, g + 5, "wrap");
    lua_getfield(L, g + 5, "close");
    lua_pushcclosure(L, lk_coclose, 1);
    lua_setfield(L, g + 5, "close");
    lua_getfield(L, str, "rep");
    lua_pushcclosure(L, lk_stringrep, 1);
    lua_setfield(L, str, "rep");
    static const struct { const char *name; lua_CFunction wrapper; } tabled[] = {
        {"move", lk_tablemove}, {"sort", lk_tablesort}, {"insert", lk_tableinsert}, {"remove", lk_tableremove},
    };
    for (size_t i = 0; i < sizeof tabled / sizeof tabled[0]; i++) {
        lua_getfield(L, g + 1, tabled[i].name);
        lua_pushcclosure(L, tabled[i].wrapper, 1);
        lua_setfield(L, g + 1, tabled[i].name);
    }

    /* os: only the clock and the calendar */
    lua_newtable(L);
    static const char *const keep[] = {"time", "clock", "date", "difftime", NULL};
    for (int i = 0; keep[i]; i++) {
        lua_getfield(L, os, keep[i]);
        lua_setfield(L, -2, keep[i]);
    }
    lua_pushvalue(L, -1);
    lua_setfield(L, g, "os");
    /* requiref's table of the libraries, which scripts cannot reach, keeps the sandbox's
       os: Lua names a library function it finds there ('string.unpack' in an error raised
       by one that pcall called, 'function 'string.rep'' in a traceback), as stock Lua does. */
    luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    lua_insert(L, -2);
    lua_setfield(L, -2, LUA_OSLIBNAME);
    lua_pop(L, 1);

    lua_newtable(L);
    lua_setfield(L, LUA_REGISTRYINDEX, LK_LOADED);
    lua_newtable(L);
    lua_setfield(L, LUA_REGISTRYINDEX, LK_LOADING);
    lua_newtable(L);
    lua_setfield(L, LUA_REGISTRYINDEX, LK_REQUIRED);
    /* Room for 16 stopped coroutines, noted without allocating (lk_raisestop). */
    lua_createtable(L, 0, 16);
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_setfield(L, LUA_REGISTRYINDEX, LK_STOPPEDTHREADS);
    lua_pushcfunction(L, lk_require);
    lua_setfield(L, g, "require");

    /* A fixed seed, so that math.random gives the same numbers on every run, spread by
       SplitMix64 over both of randomseed's words: Lua's xoshiro256** seeded with nearby
       integers (walk 1, walk 2, ...) gives draws that agree for the first several calls. */
    lua_getfield(L, math, "randomseed");
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, LK_RANDOMSEED);
    lk_seedwith(L, seed);
    return 0;
}

/* Calls the randomseed on the top of the stack (popped) with seed spread over its words. */
static void lk_seedwith(lua_State *L, lua_Integer seed) {
    uint64_t state = (uint64_t)seed;
    lua_pushinteger(L, (lua_Integer)lk_splitmix(&state));
    lua_pushinteger(L, (lua_Integer)lk_splitmix(&state));
    lua_call(L, 2, 0);
}

static int lk_seedrandom_protected(lua_State *L) {
    lua_Integer seed = lua_tointeger(L, 1);
    lua_getfield(L, LUA_REGISTRYINDEX, LK_RANDOMSEED);
    lk_seedwith(L, seed);
    return 0;
}

int lk_seedrandom(lua_State *L, lua_Integer seed) {
    lua_pushcfunction(L, lk_seedrandom_protected);
    lua_pushinteger(L, seed);
    int status = lua_pcall(L, 1, 0, 0);
    if (status != LUA_OK)
        lua_pop(L, 1);
    return status;
}

/* Opens the sandbox. root is the real path of the script root ("" for none); display_root
   is how chunk names show it, and working the working folder's path below the root ("" when
   it is not below it), which chunk names of modules below it leave out. Returns a status,
   with the message on the stack on failure. */
int lk_opensandbox(lua_State *L, const char *root, const char *display_root, const char *working, lua_Integer seed) {
    lk_host *h = lk_gethost(L);
    snprintf(h->root, sizeof h->root, "%s", root ? root : "");
    snprintf(h->display_root, sizeof h->display_root, "%s", display_root ? display_root : "");
    snprintf(h->working, sizeof h->working, "%s", working ? working : "");
    /* what it makes all lives as long as the state: collecting now would be wasted work */
    int collecting = lk_setcollecting(L, 0);
    lua_pushcfunction(L, lk_opensandbox_protected);
    lua_pushinteger(L, seed);
    int status = lk_pcall(L, 1, 0);
    lk_setcollecting(L, collecting);
    return status;
}

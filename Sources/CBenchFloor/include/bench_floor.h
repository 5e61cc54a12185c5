/*
** The floors the benchmark measures NavScript against, written by hand in C on the same
** Lua 5.4: a bare state with the safe libraries, and a userdata method with a metatable
** check. Only the benchmark links this.
*/
#ifndef BENCH_FLOOR_H
#define BENCH_FLOOR_H

#include <stddef.h>
#include <lua.h>

/* luaL_newstate with base, table, string, math, utf8, coroutine and os opened. */
lua_State *bench_bare_state(void);
/* Bytes the state holds. */
size_t bench_state_bytes(lua_State *L);
/* Registers floor(): a userdata whose method name() checks its self by metatable identity
   and returns a string, as a careful C binding would. */
void bench_open_floor(lua_State *L);
/* Runs a chunk with luaL_dostring; returns 0 on success. */
int bench_dostring(lua_State *L, const char *source);

#endif

/*
** The floors the benchmark measures NavScript against, written by hand in C on the same
** Lua 5.4: a bare state with the safe libraries, a userdata method with a metatable check,
** and a C binding of route:push. Only the benchmark links this.
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
/* The Swift work a C binding of route:push calls: makes at `out` the route `route` with
   `screen` pushed; returns 0 if it cannot. And what destroys a value the floor holds. */
typedef int (*bench_push_fn)(const void *route, const void *screen, void *out);
typedef void (*bench_destroy_fn)(void *value);

/* Registers the floor of route:push, as a careful C binding would write it: FloorRoute and
   FloorScreen userdata holding Swift values inline (a __gc destroys them), and a method
   push(screen) that checks both arguments by metatable identity, makes the new route in a
   new userdata, and returns it. */
void bench_open_pushfloor(lua_State *L, size_t route_size, size_t screen_size, bench_push_fn push,
                          bench_destroy_fn destroy_route, bench_destroy_fn destroy_screen);
/* Pushes a new FloorRoute or FloorScreen and returns where the caller makes its value
   (before anything else runs on the state). */
void *bench_new_floorroute(lua_State *L);
void *bench_new_floorscreen(lua_State *L);

/* Runs a chunk with luaL_dostring; returns 0 on success. */
int bench_dostring(lua_State *L, const char *source);

#endif

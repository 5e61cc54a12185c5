#include <lauxlib.h>
#include <lualib.h>
#include "bench_floor.h"

lua_State *bench_bare_state(void) {
    lua_State *L = luaL_newstate();
    if (L == NULL)
        return NULL;
    luaL_requiref(L, LUA_GNAME, luaopen_base, 1);
    luaL_requiref(L, LUA_TABLIBNAME, luaopen_table, 1);
    luaL_requiref(L, LUA_STRLIBNAME, luaopen_string, 1);
    luaL_requiref(L, LUA_MATHLIBNAME, luaopen_math, 1);
    luaL_requiref(L, LUA_UTF8LIBNAME, luaopen_utf8, 1);
    luaL_requiref(L, LUA_COLIBNAME, luaopen_coroutine, 1);
    luaL_requiref(L, LUA_OSLIBNAME, luaopen_os, 1);
    lua_settop(L, 0);
    return L;
}

size_t bench_state_bytes(lua_State *L) {
    return (size_t)lua_gc(L, LUA_GCCOUNT) * 1024 + (size_t)lua_gc(L, LUA_GCCOUNTB);
}

typedef struct floor_object {
    int value;
} floor_object;

/* Upvalue 1: the class metatable. */
static int floor_name(lua_State *L) {
    floor_object *object = (floor_object *)lua_touserdata(L, 1);
    if (object == NULL || !lua_getmetatable(L, 1) || !lua_rawequal(L, -1, lua_upvalueindex(1)))
        return luaL_typeerror(L, 1, "Floor");
    lua_pushliteral(L, "Feed");
    return 1;
}

static int floor_new(lua_State *L) {
    floor_object *object = (floor_object *)lua_newuserdatauv(L, sizeof(floor_object), 0);
    object->value = 0;
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_setmetatable(L, -2);
    return 1;
}

void bench_open_floor(lua_State *L) {
    luaL_newmetatable(L, "Floor");
    lua_newtable(L);
    lua_pushvalue(L, -2);
    lua_pushcclosure(L, floor_name, 1);
    lua_setfield(L, -2, "name");
    lua_setfield(L, -2, "__index");
    lua_pushcclosure(L, floor_new, 1);
    lua_setglobal(L, "floor");
}

/* --- route:push --------------------------------------------------------------------- */

#define FLOOR_ROUTE "FloorRoute"
#define FLOOR_SCREEN "FloorScreen"

/* __gc: upvalue 1 the destroy function. */
static int floor_gc(lua_State *L) {
    bench_destroy_fn destroy = (bench_destroy_fn)lua_touserdata(L, lua_upvalueindex(1));
    destroy(lua_touserdata(L, 1));
    return 0;
}

/* route:push(screen). Upvalues: 1 the FloorRoute metatable, 2 the FloorScreen one, 3 the
   push function, 4 the size of a route. */
static int floor_push(lua_State *L) {
    const void *route = lua_touserdata(L, 1), *screen = lua_touserdata(L, 2);
    if (route == NULL || !lua_getmetatable(L, 1) || !lua_rawequal(L, -1, lua_upvalueindex(1)))
        return luaL_typeerror(L, 1, FLOOR_ROUTE);
    if (screen == NULL || !lua_getmetatable(L, 2) || !lua_rawequal(L, -1, lua_upvalueindex(2)))
        return luaL_typeerror(L, 2, FLOOR_SCREEN);
    lua_settop(L, 2);
    bench_push_fn push = (bench_push_fn)lua_touserdata(L, lua_upvalueindex(3));
    void *out = lua_newuserdatauv(L, (size_t)lua_tointeger(L, lua_upvalueindex(4)), 0);
    if (!push(route, screen, out))      /* nothing made: no metatable, so no __gc either */
        return luaL_error(L, "cannot push");
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_setmetatable(L, -2);
    return 1;
}

static void floor_class(lua_State *L, const char *name, bench_destroy_fn destroy) {
    luaL_newmetatable(L, name);
    lua_pushlightuserdata(L, (void *)destroy);
    lua_pushcclosure(L, floor_gc, 1);
    lua_setfield(L, -2, "__gc");
}

void bench_open_pushfloor(lua_State *L, size_t route_size, size_t screen_size, bench_push_fn push,
                          bench_destroy_fn destroy_route, bench_destroy_fn destroy_screen) {
    floor_class(L, FLOOR_ROUTE, destroy_route);
    floor_class(L, FLOOR_SCREEN, destroy_screen);
    lua_pushinteger(L, (lua_Integer)screen_size);
    lua_setfield(L, -2, "size");
    lua_newtable(L);                        /* FloorRoute.__index */
    lua_pushvalue(L, -3);
    lua_pushvalue(L, -3);
    lua_pushlightuserdata(L, (void *)push);
    lua_pushinteger(L, (lua_Integer)route_size);
    lua_pushcclosure(L, floor_push, 4);
    lua_setfield(L, -2, "push");
    lua_setfield(L, -3, "__index");
    lua_pushinteger(L, (lua_Integer)route_size);
    lua_setfield(L, -3, "size");
    lua_pop(L, 2);
}

static void *floor_make(lua_State *L, const char *name) {
    luaL_getmetatable(L, name);
    lua_getfield(L, -1, "size");
    void *value = lua_newuserdatauv(L, (size_t)lua_tointeger(L, -1), 0);
    lua_rotate(L, -3, 1);                   /* value, metatable, size */
    lua_pop(L, 1);
    lua_setmetatable(L, -2);
    return value;
}

void *bench_new_floorroute(lua_State *L) { return floor_make(L, FLOOR_ROUTE); }
void *bench_new_floorscreen(lua_State *L) { return floor_make(L, FLOOR_SCREEN); }

int bench_dostring(lua_State *L, const char *source) {
    return luaL_dostring(L, source);
}

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

int bench_dostring(lua_State *L, const char *source) {
    return luaL_dostring(L, source);
}

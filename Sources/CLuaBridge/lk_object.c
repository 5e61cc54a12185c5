/*
** lk_object.c: Swift objects as userdata.
**
** A class is a metatable, created once per state, with __name (so Lua's own messages say
** "Screen expected, got nil"), methods in an __index table, and __gc releasing the Swift
** reference the userdata holds. Its identity is the metatable's address: checking a type is
** one pointer comparison, never a lookup by name. Scripts cannot reach the metatable
** (__metatable is set) and have no debug library, so they cannot change it.
**
** A class with properties gets an __index function instead: methods first, then the
** property's getter, a Swift function called straight from C; any other key is nil.
*/
#include <lauxlib.h>
#include "lk_host.h"

typedef struct lk_object {
    void *object;   /* a retained Swift object, or NULL once released */
} lk_object;

/* __gc: upvalue 1 is the release function. */
static int lk_gcobject(lua_State *L) {
    lk_object *block = (lk_object *)lua_touserdata(L, 1);
    lk_release release = (lk_release)lua_touserdata(L, lua_upvalueindex(1));
    if (block != NULL && block->object != NULL) {
        void *object = block->object;
        block->object = NULL;
        lk_host *h = lk_gethost(L);
        h->in_host++;
        release(object);
        h->in_host--;
    }
    return 0;
}

/* __index with properties: upvalue 1 the methods table, upvalue 2 the getters (name ->
   the Swift function's context), upvalue 3 the Swift entry. */
static int lk_index(lua_State *L) {
    lua_settop(L, 2);
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL)
        return 1;
    lua_pop(L, 1);
    lua_pushvalue(L, 2);
    lua_rawget(L, lua_upvalueindex(2));
    void *context = lua_touserdata(L, -1);
    lua_pop(L, 1);
    if (context == NULL) {
        lua_pushnil(L);
        return 1;
    }
    return lk_callswift(L, (lk_function)lua_touserdata(L, lua_upvalueindex(3)), context);
}

/* Creates the class and returns its identity. Called by the host only (soft memory cap). */
const void *lk_newclass(lua_State *L, const char *name, lk_release release) {
    lua_createtable(L, 0, 8);
    lua_pushstring(L, name);
    lua_setfield(L, -2, "__name");
    lua_pushstring(L, name);
    lua_setfield(L, -2, "__metatable");
    lua_newtable(L);
    lua_setfield(L, -2, "__index");
    lua_pushlightuserdata(L, (void *)release);
    lua_pushcclosure(L, lk_gcobject, 1);
    lua_setfield(L, -2, "__gc");
    const void *cls = lua_topointer(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, cls);
    return cls;
}

void lk_pushclass(lua_State *L, const void *cls) {
    lua_rawgetp(L, LUA_REGISTRYINDEX, cls);
}

/* The methods table: __index itself, or upvalue 1 of the __index dispatcher. */
static void lk_pushmethods(lua_State *L, const void *cls) {
    lk_pushclass(L, cls);
    lua_getfield(L, -1, "__index");
    if (lua_type(L, -1) == LUA_TFUNCTION) {
        lua_getupvalue(L, -1, 1);
        lua_remove(L, -2);
    }
    lua_remove(L, -2);
}

void lk_setmethod(lua_State *L, const void *cls, const char *name, lk_function fn, void *context) {
    lk_pushmethods(L, cls);
    lk_pushfunction(L, fn, context);
    lua_setfield(L, -2, name);
    lua_pop(L, 1);
}

void lk_setmetamethod(lua_State *L, const void *cls, const char *event, lk_function fn, void *context) {
    lk_pushclass(L, cls);
    lk_pushfunction(L, fn, context);
    lua_setfield(L, -2, event);
    lua_pop(L, 1);
}

/* Adds a property: obj.name calls fn(context) with (obj, name) on the stack. */
void lk_setproperty(lua_State *L, const void *cls, const char *name, lk_function fn, void *context) {
    lk_pushclass(L, cls);
    lua_getfield(L, -1, "__index");
    if (lua_type(L, -1) != LUA_TFUNCTION) {            /* first property: switch to lk_index */
        lua_newtable(L);
        lua_pushlightuserdata(L, (void *)fn);
        lua_pushcclosure(L, lk_index, 3);
        lua_pushvalue(L, -1);
        lua_setfield(L, -3, "__index");
    }
    lua_getupvalue(L, -1, 2);                            /* the getters */
    lua_pushlightuserdata(L, context);
    lua_setfield(L, -2, name);
    lua_pop(L, 3);
}

void lk_pushobject(lua_State *L, const void *cls, void *object) {
    lk_object *block = (lk_object *)lua_newuserdatauv(L, sizeof(lk_object), 0);
    block->object = object;
    lk_pushclass(L, cls);
    lua_setmetatable(L, -2);
}

/* The Swift object if the value at idx is an object of class cls, else NULL. Never raises. */
void *lk_toobject(lua_State *L, int idx, const void *cls) {
    lk_object *block = (lk_object *)lua_touserdata(L, idx);
    if (block == NULL || !lua_getmetatable(L, idx))
        return NULL;
    const void *mt = lua_topointer(L, -1);
    lua_pop(L, 1);
    return mt == cls ? block->object : NULL;
}

/* Whether the value at idx is a bridge object of any class. */
int lk_isobject(lua_State *L, int idx) {
    if (lua_type(L, idx) != LUA_TUSERDATA || !lua_getmetatable(L, idx))
        return 0;
    lua_getfield(L, -1, "__gc");
    int ours = lua_tocfunction(L, -1) == lk_gcobject;
    lua_pop(L, 2);
    return ours;
}

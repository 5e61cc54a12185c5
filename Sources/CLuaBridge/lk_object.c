/*
** lk_object.c: Swift values and objects as userdata.
**
** A class is a metatable, created once per state, with __name (so Lua's own messages say
** "Screen expected, got nil"), methods in an __index table, and __gc destroying the Swift
** value the userdata holds. Its identity is the metatable's address: checking a type is
** one pointer comparison, never a lookup by name. Scripts cannot reach the metatable
** (__metatable is set) and have no debug library, so they cannot change it.
**
** The userdata holds the Swift value itself, after a header: a whole struct (a route), or
** the reference of an object. So making one costs no Swift allocation of its own, and
** collecting it only destroys the value.
**
** A class with properties gets an __index function instead: methods first, then the
** property's getter, a Swift function called straight from C; any other key is nil.
**
** Members come either one by one for one state (lk_setmethod, ...), or from a definition
** made once per process and shared by every state (below), which is what keeps a fresh
** state cheap.
*/
#include <stdlib.h>
#include <string.h>
#include <lauxlib.h>
#include "lk_host.h"

/* A userdata's block: the header, then the value, aligned as Lua aligns userdata memory. */
typedef union lk_header {
    int alive;           /* 0 once the value has been destroyed */
    LUAI_MAXALIGN;
} lk_header;

#define lk_payload(header) ((void *)((header) + 1))

/* __gc: upvalue 1 the destroy function, upvalue 2 its context. */
static int lk_gcobject(lua_State *L) {
    lk_header *header = (lk_header *)lua_touserdata(L, 1);
    if (header != NULL && header->alive) {
        lk_destroy destroy = (lk_destroy)lua_touserdata(L, lua_upvalueindex(1));
        header->alive = 0;
        lk_host *h = lk_gethost(L);
        h->in_host++;
        destroy(lk_payload(header), lua_touserdata(L, lua_upvalueindex(2)));
        h->in_host--;
    }
    return 0;
}

/* --- Class definitions ----------------------------------------------------------------
** A definition holds a class's members once per process. A state's class made from one
** pays for none of them up front: a member is looked up in the definition the first time a
** script uses it in that state, and kept in the state's methods table from then on. */

typedef struct lk_member {
    char *name;
    int kind;
    lk_function fn;
    void *context;
} lk_member;

struct lk_classdef {
    char *name;
    lk_member *members;
    int count, capacity, properties;
};

lk_classdef *lk_newclassdef(const char *name) {
    lk_classdef *def = (lk_classdef *)calloc(1, sizeof(lk_classdef));
    if (def != NULL && (def->name = strdup(name)) == NULL) {
        free(def);
        return NULL;
    }
    return def;
}

int lk_classdef_add(lk_classdef *def, int kind, const char *name, lk_function fn, void *context) {
    if (def->count == def->capacity) {
        int capacity = def->capacity ? def->capacity * 2 : 16;
        lk_member *members = (lk_member *)realloc(def->members, (size_t)capacity * sizeof(lk_member));
        if (members == NULL)
            return 0;
        def->members = members;
        def->capacity = capacity;
    }
    char *copy = strdup(name);
    if (copy == NULL)
        return 0;
    def->members[def->count++] = (lk_member){copy, kind, fn, context};
    def->properties += kind == LK_PROPERTY;
    return 1;
}

void lk_freeclassdef(lk_classdef *def) {
    if (def == NULL)
        return;
    for (int i = 0; i < def->count; i++)
        free(def->members[i].name);
    free(def->members);
    free(def->name);
    free(def);
}

static const lk_member *lk_findmember(const lk_classdef *def, const char *name) {
    if (def == NULL || name == NULL)
        return NULL;
    for (int i = 0; i < def->count; i++)
        if (def->members[i].kind != LK_METAMETHOD && strcmp(def->members[i].name, name) == 0)
            return &def->members[i];
    return NULL;
}

/* Looks the key at 2 up in the definition; keeps what it finds in the methods table at
   `methods`: the function of a method, the member of a property (a light userdata).
   Leaves that on the stack, or nil. */
static int lk_resolve(lua_State *L, int methods, const lk_classdef *def) {
    const lk_member *member = lua_type(L, 2) == LUA_TSTRING ? lk_findmember(def, lua_tostring(L, 2)) : NULL;
    if (member == NULL) {
        lua_pushnil(L);
        return LUA_TNIL;
    }
    if (member->kind == LK_METHOD)
        lk_pushmethod(L, member->fn, member->context, member->name);
    else
        lua_pushlightuserdata(L, (void *)member);
    lua_pushvalue(L, 2);
    lua_pushvalue(L, -2);
    lua_rawset(L, methods);
    return lua_type(L, -1);
}

/* __index of a methods table with no such key yet: upvalue 1 the definition. */
static int lk_methodmiss(lua_State *L) {
    lua_settop(L, 2);
    lk_resolve(L, 1, (const lk_classdef *)lua_touserdata(L, lua_upvalueindex(1)));
    return 1;
}

/* __index of a class with properties: upvalue 1 the methods table (methods, and members
   of properties as light userdata), upvalue 2 the definition, or none. The VM calls it with
   the object and the key only, so the stack needs no trimming; a getter's result is pushed
   above the member, and returning 1 returns it. */
static int lk_index(lua_State *L) {
    lua_pushvalue(L, 2);
    int type = lua_rawget(L, lua_upvalueindex(1));
    if (type == LUA_TNIL) {
        lua_pop(L, 1);
        type = lk_resolve(L, lua_upvalueindex(1), (const lk_classdef *)lua_touserdata(L, lua_upvalueindex(2)));
    }
    if (type != LUA_TLIGHTUSERDATA && type != LUA_TUSERDATA)    /* a method, or nil */
        return 1;
    const lk_member *member = (const lk_member *)lua_touserdata(L, -1);
    /* this is the __index of the object's own class, so index 1 is one of its userdata
       (unless a host calls it by hand with something else: then there is no receiver) */
    lk_header *header = (lk_header *)lua_touserdata(L, 1);
    return lk_callgetter(L, member->fn, member->context, header != NULL && header->alive ? lk_payload(header) : NULL);
}

static void lk_pushindex(lua_State *L, const lk_classdef *def) {
    lua_newtable(L);
    lua_pushlightuserdata(L, (void *)def);
    lua_pushcclosure(L, lk_index, 2);
}

/* Creates the class and returns its identity. Called by the host only (soft memory cap). */
const void *lk_newclass(lua_State *L, const char *name, const lk_classdef *def, lk_destroy destroy, void *context) {
    lua_createtable(L, 0, 8);
    lua_pushstring(L, name);
    lua_setfield(L, -2, "__name");
    lua_pushstring(L, name);
    lua_setfield(L, -2, "__metatable");
    if (def != NULL && def->properties > 0) {
        lk_pushindex(L, def);
    } else {
        lua_newtable(L);
        if (def != NULL) {
            lua_createtable(L, 0, 1);
            lua_pushlightuserdata(L, (void *)def);
            lua_pushcclosure(L, lk_methodmiss, 1);
            lua_setfield(L, -2, "__index");
            lua_setmetatable(L, -2);
        }
    }
    lua_setfield(L, -2, "__index");
    lua_pushlightuserdata(L, (void *)destroy);
    lua_pushlightuserdata(L, context);
    lua_pushcclosure(L, lk_gcobject, 2);
    lua_setfield(L, -2, "__gc");
    for (int i = 0; def != NULL && i < def->count; i++) {
        const lk_member *member = &def->members[i];
        if (member->kind == LK_METAMETHOD) {
            lk_pushfunction(L, member->fn, member->context);
            lua_setfield(L, -2, member->name);
        }
    }
    const void *cls = lua_topointer(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, cls);
    return cls;
}

void lk_pushclass(lua_State *L, const void *cls) {
    lua_rawgetp(L, LUA_REGISTRYINDEX, cls);
}

/* The methods table: __index itself, or upvalue 1 of the __index function. */
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

/* Adds a property to one state's class: its member is a userdata the methods table keeps. */
void lk_setproperty(lua_State *L, const void *cls, const char *name, lk_function fn, void *context) {
    lk_pushclass(L, cls);
    lua_getfield(L, -1, "__index");
    if (lua_type(L, -1) != LUA_TFUNCTION) {            /* first property: switch to lk_index */
        const lk_classdef *def = NULL;                  /* the definition, if any */
        if (lua_getmetatable(L, -1)) {
            lua_getfield(L, -1, "__index");
            lua_getupvalue(L, -1, 1);
            def = (const lk_classdef *)lua_touserdata(L, -1);
            lua_pop(L, 3);
        }
        lua_pushlightuserdata(L, (void *)def);
        lua_pushcclosure(L, lk_index, 2);
        lua_pushvalue(L, -1);
        lua_setfield(L, -3, "__index");
    }
    lua_getupvalue(L, -1, 1);
    lk_member *member = (lk_member *)lua_newuserdatauv(L, sizeof(lk_member), 0);
    *member = (lk_member){NULL, LK_PROPERTY, fn, context};
    lua_setfield(L, -2, name);
    lua_pop(L, 3);
}

/* Pushes a new object of class cls with room for a value of `size` bytes, and returns
   where the caller writes the value, before anything else runs on the state. */
void *lk_newobject(lua_State *L, const void *cls, size_t size) {
    lk_header *header = (lk_header *)lua_newuserdatauv(L, sizeof(lk_header) + size, 0);
    header->alive = 1;
    lk_pushclass(L, cls);
    lua_setmetatable(L, -2);
    return lk_payload(header);
}

/* The address of the value the object at idx holds, if the object is of class cls and
   its value not destroyed; else NULL. Never raises. */
void *lk_toobject(lua_State *L, int idx, const void *cls) {
    lk_header *header = (lk_header *)lua_touserdata(L, idx);
    if (header == NULL || !lua_getmetatable(L, idx))
        return NULL;
    const void *mt = lua_topointer(L, -1);
    lua_pop(L, 1);
    return mt == cls && header->alive ? lk_payload(header) : NULL;
}

int lk_isreleased(lua_State *L, int idx) {
    lk_header *header = (lk_header *)lua_touserdata(L, idx);
    if (header == NULL || lua_type(L, idx) != LUA_TUSERDATA || !lua_getmetatable(L, idx))
        return 0;
    /* a class's metatable is in the registry under its own address (lk_newclass) */
    int ours = lua_rawgetp(L, LUA_REGISTRYINDEX, lua_topointer(L, -1)) == LUA_TTABLE && lua_rawequal(L, -1, -2);
    lua_pop(L, 2);
    return ours && !header->alive;
}

/*
** lk_print.c: what a function holds, as a print that is the same in every state. Scenarios
** made in a loop at one line under one name are told apart by their bodies' upvalues; a
** state that loads the file again (a worker, a shard, --last-failed) makes them in its own
** order when the loop goes over pairs(), whose order follows each state's string hashes.
**
** The print is a 64-bit hash of the upvalues but _ENV, in order. A table hashes as the sum
** of its pairs' hashes, so the order lua_next visits them in does not matter; raw access
** only, so no script metamethod runs. A function is where it is defined and what it holds
** in turn (a helper closure made in the loop holds the case), a host object what its
** __tostring says (the host's own: scripts cannot give userdata a metatable). A table or
** function already on the path down is a cycle, marked by how far up it is; below
** LK_PRINT_DEPTH levels one counts as one. An upvalue of more than LK_PRINT_VALUES values
** (a shared table counted each time it is reached) reads as "too big": what it holds is
** not told in full, and nothing is guessed from part of it.
*/
#include <stdint.h>
#include <string.h>
#include <lauxlib.h>
#include "lk_host.h"

#define LK_PRINT_DEPTH 16
#define LK_PRINT_VALUES 1000

typedef struct {
    int budget;                      /* values left to visit for the body's upvalue walked now */
    int functions;                   /* closures on the path, the body first */
    int depth;                       /* tables and closures on the path, at path[0..depth) */
    const void *path[LK_PRINT_DEPTH];
} lk_Print;

static uint64_t lk_mix(uint64_t x) {   /* splitmix64's finalizer */
    x ^= x >> 30; x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27; x *= 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

static uint64_t lk_bytes(uint64_t seed, const char *bytes, size_t length) {   /* FNV-1a */
    uint64_t h = 0xcbf29ce484222325ULL ^ lk_mix(seed);
    for (size_t i = 0; i < length; i++) h = (h ^ (unsigned char)bytes[i]) * 0x100000001b3ULL;
    return lk_mix(h ^ length);
}

static uint64_t lk_hashvalue(lua_State *L, lk_Print *p);
static uint64_t lk_hashupvalues(lua_State *L, lk_Print *p);

/* Whether the table or function on top is on the path down: its mark, or 0 after putting
   it on the path; LK_PRINT_DEPTH levels down, one mark for all. */
static uint64_t lk_enter(lua_State *L, lk_Print *p) {
    const void *self = lua_topointer(L, -1);
    for (int i = p->depth - 1; i >= 0; i--)
        if (p->path[i] == self) return lk_mix(0xc7c1e ^ (uint64_t)(p->depth - i));
    if (p->depth == LK_PRINT_DEPTH) return lk_mix(0xdee9);
    luaL_checkstack(L, 4, "a body's print");
    p->path[p->depth++] = self;
    return 0;
}

/* The hash of a table a body holds, which it pops: its whole walk, or LK_TOO_BIG. Kept
   for the state, weakly, since the bodies of a loop hold the same tables (a shared case
   list, a module): a state that finds one scenario among hundreds prints each candidate,
   and walked each table again for each. The prints are made while the file loads and is
   listed, before any body runs and could change what it holds. */
#define LK_TOO_BIG 0xb16b16b16ULL
#define LK_PRINTS "navscript.prints"
static uint64_t lk_hashshared(lua_State *L, lk_Print *p) {
    if (lua_getfield(L, LUA_REGISTRYINDEX, LK_PRINTS) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_newtable(L);
        lua_pushliteral(L, "k");
        lua_setfield(L, -2, "__mode");
        lua_setmetatable(L, -2);
        lua_pushvalue(L, -1);
        lua_setfield(L, LUA_REGISTRYINDEX, LK_PRINTS);
    }
    lua_pushvalue(L, -2);
    if (lua_rawget(L, -2) == LUA_TNUMBER) {
        uint64_t known = (uint64_t)lua_tointeger(L, -1);
        lua_pop(L, 3);                         /* the hash, the prints, the table */
        return known;
    }
    lua_pop(L, 1);
    lua_pushvalue(L, -2);                      /* prints, the table: walked from the top */
    p->budget = LK_PRINT_VALUES;
    uint64_t h = lk_hashvalue(L, p);
    if (p->budget <= 0) h = LK_TOO_BIG;
    lua_pushvalue(L, -2);
    lua_pushinteger(L, (lua_Integer)h);
    lua_rawset(L, -3);
    lua_pop(L, 2);                             /* the prints, the table */
    return h;
}

/* The function on top's upvalues but _ENV, in order (it stays on top). The body's own
   each get LK_PRINT_VALUES values: one past them reads as "too big" (whether it is does
   not depend on the order it is walked in), and the others still tell bodies apart. A
   closure's are hashed two closures down, no further: a module's functions reach most of
   a program. */
static uint64_t lk_hashupvalues(lua_State *L, lk_Print *p) {
    if (p->functions == 2) return lk_mix(0xf0);
    uint64_t mark = lk_enter(L, p);
    if (mark != 0) return mark;
    int body = p->functions++ == 0;
    uint64_t h = lk_mix(0xb0d1);
    int function = lua_absindex(L, -1);
    const char *name;
    for (int i = 1; (body || p->budget > 0) && (name = lua_getupvalue(L, function, i)) != NULL; i++) {
        if (strcmp(name, "_ENV") == 0) { lua_pop(L, 1); continue; }
        uint64_t value;
        if (body && lua_type(L, -1) == LUA_TTABLE) {
            value = lk_hashshared(L, p);
        } else {
            if (body) p->budget = LK_PRINT_VALUES;
            value = lk_hashvalue(L, p);
            if (body && p->budget <= 0) value = LK_TOO_BIG;
        }
        h = lk_mix(h * 31 + value);
    }
    p->functions--;
    p->depth--;
    return h;
}

/* The table on top: the sum of its pairs' hashes, with its count of pairs. */
static uint64_t lk_hashtable(lua_State *L, lk_Print *p) {
    uint64_t mark = lk_enter(L, p);
    if (mark != 0) return mark;
    uint64_t sum = 0, pairs = 0;
    int table = lua_absindex(L, -1);
    lua_pushnil(L);
    while (lua_next(L, table) != 0) {
        uint64_t value = lk_hashvalue(L, p);   /* pops the value */
        lua_pushvalue(L, -1);
        uint64_t key = lk_hashvalue(L, p);     /* pops the copy of the key */
        sum += lk_mix(key * 0x9e3779b97f4a7c15ULL ^ value);
        pairs++;
        if (p->budget <= 0) {
            lua_pop(L, 1);                     /* the key lua_next left */
            break;
        }
    }
    p->depth--;
    return lk_mix(sum ^ lk_mix(pairs + 0x7ab1e));
}

/* The hash of the value on top, which it pops. */
static uint64_t lk_hashvalue(lua_State *L, lk_Print *p) {
    p->budget--;
    int type = lua_type(L, -1);
    uint64_t h = lk_mix((uint64_t)type + 1);
    switch (type) {
    case LUA_TBOOLEAN:
        h = lk_mix(h ^ (uint64_t)lua_toboolean(L, -1));
        break;
    case LUA_TNUMBER:
        if (lua_isinteger(L, -1)) {
            h = lk_mix(h ^ (uint64_t)lua_tointeger(L, -1));
        } else {
            lua_Number n = lua_tonumber(L, -1);
            if (n != n) n = 0.0 / 0.0;                       /* one NaN */
            if (n == 0) n = 0;                               /* -0.0 is 0.0 */
            h = lk_bytes(h ^ 0xf10a7, (const char *)&n, sizeof n);
        }
        break;
    case LUA_TSTRING: {
        size_t length;
        const char *text = lua_tolstring(L, -1, &length);
        h = lk_bytes(h, text, length);
        break;
    }
    case LUA_TTABLE:
        h = lk_hashtable(L, p);
        break;
    case LUA_TFUNCTION: {
        lua_Debug ar;
        lua_pushvalue(L, -1);
        if (lua_getinfo(L, ">S", &ar) && ar.linedefined > 0) {   /* pops the copy */
            const char *source = lk_sourcename(&ar);
            h = lk_mix(lk_bytes(h, source, strlen(source)) ^ (uint64_t)ar.linedefined);
        }
        h = lk_mix(h ^ lk_hashupvalues(L, p));  /* a helper closure holds the case too */
        break;
    }
    case LUA_TUSERDATA:
        if (luaL_getmetafield(L, -1, "__tostring") != LUA_TNIL) {
            lua_pop(L, 1);
            size_t length = 0;
            const char *text = lk_tostring(L, -1) == LUA_OK ? lua_tolstring(L, -1, &length) : NULL;
            if (text != NULL) h = lk_bytes(h, text, length);
            lua_pop(L, 1);
        }
        break;
    default:                                   /* nil, a thread, a light userdata: the type */
        break;
    }
    lua_pop(L, 1);
    return h;
}

static int lk_bodyprint_protected(lua_State *L) {
    lk_Print p = { .budget = LK_PRINT_VALUES, .functions = 0, .depth = 0 };
    lua_settop(L, 1);
    uint64_t h = lk_hashupvalues(L, &p);
    char hex[16];
    for (int i = 15; i >= 0; i--, h >>= 4) hex[i] = "0123456789abcdef"[h & 15];
    lua_pushlstring(L, hex, sizeof hex);
    return 1;
}

/* Pushes the print of the function at idx, or nil when an error (memory) stopped it.
   Raises nothing. */
void lk_pushbodyprint(lua_State *L, int idx) {
    idx = lua_absindex(L, idx);
    lua_pushcfunction(L, lk_bodyprint_protected);
    lua_pushvalue(L, idx);
    if (lk_pcall(L, 1, 1) != LUA_OK) {
        lua_pop(L, 1);
        lua_pushnil(L);
    }
}

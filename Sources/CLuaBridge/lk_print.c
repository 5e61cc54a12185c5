/*
** lk_print.c: what a function holds, as a print that is the same in every state. Scenarios
** made in a loop at one line under one name are told apart by their bodies' upvalues; a
** state that loads the file again (a worker, a shard, --last-failed) makes them in its own
** order when the loop goes over pairs(), whose order follows each state's string hashes.
**
** The print is a 64-bit hash of the upvalues but _ENV, in order. A table hashes as the sum
** of its pairs' hashes, so the order lua_next visits them in does not matter; raw access
** only, so no script metamethod runs. A function is where it is defined, a host object
** what its __tostring says (the host's own: scripts cannot give userdata a metatable).
** A table already on the path down is a cycle, marked by how far up it is; below
** LK_PRINT_DEPTH levels a table counts as one. Past LK_PRINT_VALUES values, the body has
** no print (nil): what it holds cannot be told in full, and nothing is guessed from part.
*/
#include <stdint.h>
#include <string.h>
#include <lauxlib.h>
#include "lk_host.h"

#define LK_PRINT_DEPTH 16
#define LK_PRINT_VALUES 100000

typedef struct {
    int budget;                      /* values left to visit */
    int depth;                       /* tables on the path, at path[0..depth) */
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

/* The table on top: the sum of its pairs' hashes, with its count of pairs. */
static uint64_t lk_hashtable(lua_State *L, lk_Print *p) {
    const void *self = lua_topointer(L, -1);
    for (int i = p->depth - 1; i >= 0; i--)
        if (p->path[i] == self) return lk_mix(0xc7c1e ^ (uint64_t)(p->depth - i));
    if (p->depth == LK_PRINT_DEPTH) return lk_mix(0xdee9);
    luaL_checkstack(L, 4, "a body's print");
    p->path[p->depth++] = self;
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
    lk_Print p = { .budget = LK_PRINT_VALUES, .depth = 0 };
    uint64_t h = lk_mix(0xb0d1);
    const char *name;
    for (int i = 1; (name = lua_getupvalue(L, 1, i)) != NULL; i++) {
        if (strcmp(name, "_ENV") == 0) { lua_pop(L, 1); continue; }
        h = lk_mix(h * 31 + lk_hashvalue(L, &p));
        if (p.budget <= 0) return 0;           /* no print */
    }
    char hex[16];
    for (int i = 15; i >= 0; i--, h >>= 4) hex[i] = "0123456789abcdef"[h & 15];
    lua_pushlstring(L, hex, sizeof hex);
    return 1;
}

/* Pushes the print of the function at idx, or nil when what it holds is too big to tell
   in full or an error (memory) stopped it. Raises nothing. */
void lk_pushbodyprint(lua_State *L, int idx) {
    idx = lua_absindex(L, idx);
    lua_pushcfunction(L, lk_bodyprint_protected);
    lua_pushvalue(L, idx);
    if (lk_pcall(L, 1, 1) != LUA_OK) {
        lua_pop(L, 1);
        lua_pushnil(L);
    }
}

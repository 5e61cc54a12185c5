/*
** CLua: Lua 5.4 from the system (liblua5.4-dev, pkg-config lua5.4), plus static inline
** shims for what Swift cannot import: function-like macros (lua_pop, lua_tostring, ...),
** LUA_REGISTRYINDEX, and the variadic lua_gc.
**
** None of these shims raises a Lua error by itself; the comment on each says what it may
** allocate ("m"), following the reference manual's [-o, +p, x] notation.
*/
#ifndef CLUA_SHIM_H
#define CLUA_SHIM_H

#if defined(__has_include) && !__has_include(<lua.h>)
#error "NavScript needs Lua 5.4's headers, and none were found. Debian/Ubuntu: apt-get install liblua5.4-dev. macOS: brew install lua@5.4, then export PKG_CONFIG_PATH=\"$(brew --prefix lua@5.4)/lib/pkgconfig:$PKG_CONFIG_PATH\"; for Xcode, which does not read your shell, also launchctl setenv PKG_CONFIG_PATH \"$(brew --prefix lua@5.4)/lib/pkgconfig\" and restart Xcode."
#endif
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#include "lua_version.h"

static inline int clua_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline int clua_upvalueindex(int i) { return lua_upvalueindex(i); }

static inline void clua_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline void clua_newtable(lua_State *L) { lua_newtable(L); }                      /* m */
static inline void clua_insert(lua_State *L, int idx) { lua_insert(L, idx); }
static inline void clua_remove(lua_State *L, int idx) { lua_remove(L, idx); }
static inline void clua_replace(lua_State *L, int idx) { lua_replace(L, idx); }
static inline int clua_isnoneornil(lua_State *L, int idx) { return lua_isnoneornil(L, idx); }

/* Only for a value known to be a string: on a number lua_tolstring converts in place (m). */
static inline const char *clua_tolstring(lua_State *L, int idx, size_t *len) { return lua_tolstring(L, idx, len); }

static inline lua_Integer clua_tointegerx(lua_State *L, int idx, int *isnum) { return lua_tointegerx(L, idx, isnum); }
static inline lua_Number clua_tonumberx(lua_State *L, int idx, int *isnum) { return lua_tonumberx(L, idx, isnum); }

/* Bytes in use by the state, from the variadic lua_gc. */
static inline size_t clua_gcbytes(lua_State *L) {
    return (size_t)lua_gc(L, LUA_GCCOUNT) * 1024 + (size_t)lua_gc(L, LUA_GCCOUNTB);
}
static inline int clua_gc(lua_State *L, int what) { return lua_gc(L, what, 0); }

#endif

/*
** lua_version.h: refuses to build against any Lua but 5.4, with what to install. The C API
** changes between versions (Lua 5.5's lua_newstate takes another argument), and Homebrew's
** `lua` formula is 5.5 now: Lua 5.4 is its keg-only `lua@5.4`. Included after <lua.h>.
*/
#ifndef CLUA_LUA_VERSION_H
#define CLUA_LUA_VERSION_H

#if !defined(LUA_VERSION_NUM) || LUA_VERSION_NUM != 504
#error "NavScript needs Lua 5.4, and this is another Lua. Debian/Ubuntu: apt-get install liblua5.4-dev. macOS: brew install lua@5.4 and export PKG_CONFIG_PATH=\"$(brew --prefix lua@5.4)/lib/pkgconfig:$PKG_CONFIG_PATH\" (lua@5.4 is keg-only; Homebrew's lua is 5.5)."
#endif

#endif

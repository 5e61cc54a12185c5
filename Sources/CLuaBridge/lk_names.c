/*
** Whole file names in messages. Lua names a chunk by its short_src, which cuts a file name
** longer than LUA_IDSIZE - 1 characters to "..." and its last characters
** ("...ing/scenarios/some_long_file_name.lua:2: boom"), a file nobody can open. The debug
** record's source keeps the whole name: positions the bridge writes use it, and messages
** Lua wrote get the cut names of the chunks they can come from put back.
*/
#include <stdio.h>
#include <string.h>
#include <lauxlib.h>
#include "lk_host.h"

const char *lk_sourcename(const lua_Debug *ar) {
    return ar->source != NULL && (ar->source[0] == '@' || ar->source[0] == '=') ? ar->source + 1 : ar->short_src;
}

/* Lua's cut of source "@name" (luaO_chunkid): "..." and its last LUA_IDSIZE - 4 bytes,
   into cut; 0 when the name fits and is not cut. */
static int lk_cutname(const char *source, char cut[LUA_IDSIZE]) {
    size_t length = strlen(source);
    if (source[0] != '@' || length <= LUA_IDSIZE)
        return 0;
    memcpy(cut, "...", 3);
    memcpy(cut + 3, source + length - (LUA_IDSIZE - 4), LUA_IDSIZE - 4);
    cut[LUA_IDSIZE - 1] = '\0';
    return 1;
}

void lk_wholename(lua_State *L, const char *source) {
    char cut[LUA_IDSIZE];
    if (lua_type(L, -1) != LUA_TSTRING || !lk_cutname(source, cut) || strstr(lua_tostring(L, -1), cut) == NULL)
        return;
    luaL_gsub(L, lua_tostring(L, -1), cut, source + 1);
    lua_remove(L, -2);
}

/* The names of the chunk at `level`, put back in the string at the top (each chunk once). */
static void lk_wholenameat(lua_State *L, int level, const char **done, int *count) {
    lua_Debug ar;
    if (*count >= 32 || !lua_getstack(L, level, &ar) || !lua_getinfo(L, "S", &ar) || ar.source == NULL || ar.source[0] != '@')
        return;
    for (int i = 0; i < *count; i++)
        if (strcmp(done[i], ar.source) == 0)
            return;
    done[(*count)++] = ar.source;   /* the chunk's own string, alive while its function runs */
    lk_wholename(L, ar.source);
}

static int lk_lastlevel(lua_State *L);

void lk_wholenames(lua_State *L) {
    /* The levels a traceback shows: the innermost and the outermost (lua_getstack walks
       from the top, so every level of a stack 100,000 deep would take quadratic time). */
    const char *done[32];
    int count = 0, last = lk_lastlevel(L);
    for (int level = 0; level <= last && level < 64; level++)
        lk_wholenameat(L, level, done, &count);
    for (int level = last - 63 > 64 ? last - 63 : 64; level <= last; level++)
        lk_wholenameat(L, level, done, &count);
}

static int lk_lineat(lua_State *L, int level, char *out, size_t size) {
    lua_Debug ar;
    if (!lua_getstack(L, level, &ar) || !lua_getinfo(L, "Sl", &ar) || ar.currentline <= 0)
        return 0;
    snprintf(out, size, "%s:%d", lk_sourcename(&ar), ar.currentline);
    return 1;
}

/* The deepest level on the stack, found as luaL_traceback finds it (lua_getstack walks from
   the top, so a scan level by level would be quadratic). */
static int lk_lastlevel(lua_State *L) {
    lua_Debug ar;
    int low = 1, high = 1;
    while (lua_getstack(L, high, &ar)) {
        low = high;
        high *= 2;
    }
    while (low < high) {
        int middle = (low + high) / 2;
        if (lua_getstack(L, middle, &ar))
            low = middle + 1;
        else
            high = middle;
    }
    return high - 1;
}

int lk_scriptline(lua_State *L, int level, int outermost, char *out, size_t size) {
    /* The 64 innermost levels, then (a matcher recursing 100,000 deep) the 64 outermost,
       where the scenario that called it is. */
    for (int depth = 0; depth < 64; depth++)
        if (lk_lineat(L, level + depth, out, size))
            return 1;
    if (!outermost)
        return 0;
    int last = lk_lastlevel(L);
    for (int at = last - 63 > level + 64 ? last - 63 : level + 64; at <= last; at++)
        if (lk_lineat(L, at, out, size))
            return 1;
    return 0;
}

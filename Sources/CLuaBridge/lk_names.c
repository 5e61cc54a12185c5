/*
** Whole file names in messages. Lua names a chunk by its short_src, which cuts a file name
** longer than LUA_IDSIZE - 1 characters to "..." and its last characters
** ("...ing/scenarios/some_long_file_name.lua:2: boom"), a file nobody can open. The debug
** record's source keeps the whole name: positions the bridge writes use it, and messages
** Lua wrote get the cut names of the chunks they can come from put back.
*/
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

void lk_wholenames(lua_State *L) {
    lua_Debug ar;
    const char *done[32];
    int count = 0;
    for (int level = 0; count < 32 && lua_getstack(L, level, &ar); level++) {
        if (!lua_getinfo(L, "S", &ar) || ar.source == NULL || ar.source[0] != '@')
            continue;
        int seen = 0;
        for (int i = 0; i < count && !seen; i++)
            seen = strcmp(done[i], ar.source) == 0;
        if (seen)
            continue;
        done[count++] = ar.source;   /* the chunk's own string, alive while its function runs */
        lk_wholename(L, ar.source);
    }
}

/*
** Whole file names in messages. Lua names a chunk by its short_src, which cuts a file name
** longer than LUA_IDSIZE - 1 characters to "..." and its last characters
** ("...ing/scenarios/some_long_file_name.lua:2: boom"), a file nobody can open. The debug
** record's source keeps the whole name: positions the bridge writes use it, and messages
** Lua wrote get the cut names of the chunks this process loaded put back.
*/
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
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

/* A message longer than this keeps its cut names: putting them back copies it, which a
   state at its memory cap may not afford (and the real error would be lost). */
#define LK_WHOLENAME_MAX (64 * 1024)

void lk_wholename(lua_State *L, const char *source) {
    char cut[LUA_IDSIZE];
    if (lua_type(L, -1) != LUA_TSTRING || !lk_cutname(source, cut))
        return;
    size_t length, cutlength = LUA_IDSIZE - 1;
    const char *text = lua_tolstring(L, -1, &length);   /* may hold NULs: lengths, not strstr */
    const char *whole = source + 1;
    size_t wholelength = strlen(whole);
    /* A whole name that ends as its cut does ("a/.../b..." with "..." where the cut starts)
       already stands whole where the text has it: such an occurrence stays. */
    size_t before = wholelength - cutlength;
    int endsAsCut = wholelength >= cutlength && memcmp(whole + before, cut, cutlength) == 0;
    if (length > LK_WHOLENAME_MAX)
        return;
    int index = lua_absindex(L, -1), found = 0;
    luaL_Buffer buffer;
    size_t from = 0;
    for (size_t at = 0; at + cutlength <= length; at++) {
        if (text[at] != '.' || memcmp(text + at, cut, cutlength) != 0)
            continue;
        if (endsAsCut && at >= before && memcmp(text + at - before, whole, wholelength) == 0)
            continue;
        if (!found++)
            luaL_buffinit(L, &buffer);
        luaL_addlstring(&buffer, text + from, at - from);
        luaL_addlstring(&buffer, whole, wholelength);
        from = at + cutlength;
        at = from - 1;
    }
    if (!found)
        return;
    luaL_addlstring(&buffer, text + from, length - from);
    luaL_pushresult(&buffer);
    lua_remove(L, index);
}

/* The long chunk names this process loaded, each once: a message can carry a cut name far
   from its chunk (an error a coroutine or a pcall caught, raised again), so the names are
   kept, not looked for on the stack. At most LK_LONGNAMES_MAX; the rest stay cut. */
#define LK_LONGNAMES_MAX 4096
static char *lk_longnames[LK_LONGNAMES_MAX];
static int lk_longnamecount = 0;
static pthread_mutex_t lk_longnameslock = PTHREAD_MUTEX_INITIALIZER;

void lk_notechunkname(const char *source) {
    char cut[LUA_IDSIZE];
    if (source == NULL || !lk_cutname(source, cut))
        return;
    pthread_mutex_lock(&lk_longnameslock);
    int known = 0;
    for (int i = 0; i < lk_longnamecount && !known; i++)
        known = strcmp(lk_longnames[i], source) == 0;
    if (!known && lk_longnamecount < LK_LONGNAMES_MAX) {
        char *copy = strdup(source);
        if (copy)
            lk_longnames[lk_longnamecount++] = copy;
    }
    pthread_mutex_unlock(&lk_longnameslock);
}

void lk_wholenames(lua_State *L) {
    /* Entries are never changed or freed: the ones counted can be read after the lock. */
    pthread_mutex_lock(&lk_longnameslock);
    int count = lk_longnamecount;
    pthread_mutex_unlock(&lk_longnameslock);
    for (int i = 0; i < count; i++)
        lk_wholename(L, lk_longnames[i]);
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

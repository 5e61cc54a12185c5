/*
** lk_require.c: the sandbox's require. A module name is identifiers joined by dots or
** slashes; its file is a regular .lua file below the script root (a link out of it, or a
** file in another case than the name, is not found), read once for a set of states
** (lk_modulefiles) and loaded from the process's compiled modules when its text was
** compiled before (lk_modules.c). A module that requires itself through a loop fails.
*/
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <lauxlib.h>
#include <lualib.h>
#include "lk_host.h"

/* A module name is identifiers joined by dots, "routes.chat", or by slashes as a path
   below the root, "routes/chat" (stock Lua reads that one as a path too). Nothing else
   reaches the disk. */
static int lk_validname(const char *name) {
    int start = 1;
    if (*name == '\0')
        return 0;
    for (const char *c = name; *c; c++) {
        if (*c == '.' || *c == '/') {
            if (start)
                return 0;
            start = 1;
        } else if ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || *c == '_' || (!start && *c >= '0' && *c <= '9')) {
            start = 0;
        } else {
            return 0;
        }
    }
    return !start;
}

/* The path of module name below the root: <name with dots as slashes><suffix>, the suffix
   ".lua" or, as Lua's ?/init.lua, "/init.lua". */
static void lk_modulepath(const char *name, const char *suffix, char *relative, size_t relsize) {
    snprintf(relative, relsize, "%s", name);
    for (char *c = relative; *c; c++)
        if (*c == '.')
            *c = '/';
    size_t used = strlen(relative);
    snprintf(relative + used, relsize - used, "%s", suffix);
}

/* Reads root/relative if it is a regular file below the root. A file there in another case
   (a case-insensitive volume found it) is not read, and its name is copied to cased; what
   is there and is no file (a folder, a loop of links, a FIFO or a device: reading it could
   wait forever), or cannot be read, is said in odd, unless the ".lua" path already said so. */
static char *lk_readmodule(lk_host *h, const char *relative, size_t *length, char cased[PATH_MAX], char odd[PATH_MAX]) {
    char path[PATH_MAX], real[PATH_MAX];
    if (snprintf(path, sizeof path, "%s/%s", h->root, relative) >= (int)sizeof path)
        return NULL;
    if (realpath(path, real) == NULL) {
        if (errno == ELOOP && !odd[0])
            snprintf(odd, PATH_MAX, "%s is a loop of links", relative);
        else if (errno == EACCES && !odd[0])
            snprintf(odd, PATH_MAX, "%s cannot be reached (%s)", relative, strerror(errno));
        return NULL;
    }
    size_t rootlen = strlen(h->root);
    if (strncmp(real, h->root, rootlen) != 0 || real[rootlen] != '/') {
        if (!odd[0])                            /* there, but a link out of the root */
            snprintf(odd, PATH_MAX, "%s is a link that leads out of the script root (require loads files below it only)", relative);
        return NULL;
    }
    /* On a case-insensitive volume (macOS's default) "Routes.Chat" opens routes/chat.lua,
       which a case-sensitive one (Linux CI) would not find: the name must match the file's
       own case, which realpath gives there. (A link inside the root may name another file.) */
    if (strcasecmp(real + rootlen + 1, relative) == 0 && strcmp(real + rootlen + 1, relative) != 0) {
        snprintf(cased, PATH_MAX, "%s", real + rootlen + 1);
        return NULL;
    }
    struct stat st;
    if (stat(real, &st) != 0)
        return NULL;
    if (!S_ISREG(st.st_mode)) {
        if (!odd[0])
            snprintf(odd, PATH_MAX, S_ISDIR(st.st_mode) ? "%s is a folder (scripts are files)" : "%s is not a regular file (a FIFO, a socket or a device: scripts are files)", relative);
        return NULL;
    }
    FILE *file = fopen(real, "rb");
    if (file == NULL) {
        if (!odd[0])                            /* there, and not to be read: not "no file" */
            snprintf(odd, PATH_MAX, "%s cannot be read (%s)", relative, strerror(errno));
        return NULL;
    }
    char *text = (char *)malloc((size_t)st.st_size + 1);
    if (text == NULL) {
        fclose(file);
        return NULL;
    }
    *length = fread(text, 1, (size_t)st.st_size, file);
    fclose(file);
    return text;
}

/* The text of root/relative: kept for a set of states (lk_setmodulefiles), or read now
   (and kept). NULL when no such file is below the root; *owned is what the caller frees. */
static const char *lk_moduletext(lk_host *h, const char *relative, size_t *length, char **owned, char cased[PATH_MAX], char odd[PATH_MAX]) {
    *owned = NULL;
    const char *kept = h->files ? lk_findmodulefile(h->files, relative, length) : NULL;
    if (kept)
        return kept;
    char *text = lk_readmodule(h, relative, length, cased, odd);
    if (text == NULL || h->files == NULL)
        return *owned = text;
    kept = lk_keepmodulefile(h->files, relative, text, *length);
    if (kept == NULL)                          /* no memory to keep it: use it once */
        return *owned = text;
    free(text);
    return kept;
}

/* Ends a module's loading (the to-be-closed value lk_require gives it, {key = ...}): its
   mark goes, on an error too, so that a require that failed may be tried again, as Lua's
   may, instead of seeming a loop of requires. */
static int lk_endloading(lua_State *L) {
    lua_getfield(L, LUA_REGISTRYINDEX, LK_LOADING);
    lua_getfield(L, 1, "key");
    lua_pushnil(L);
    lua_settable(L, -3);
    return 0;
}

/* The name a require on the stack at level was given, pushed (1); 0 when that level is no
   require, -1 past the stack's last level (nothing pushed). */
static int lk_requiredat(lua_State *L, int level) {
    lua_Debug ar;
    if (!lua_getstack(L, level, &ar))
        return -1;
    lua_getinfo(L, "f", &ar);
    int isrequire = lua_tocfunction(L, -1) == lk_require;
    lua_pop(L, 1);
    if (!isrequire || lua_getlocal(L, &ar, 1) == NULL)
        return 0;
    if (lua_type(L, -1) != LUA_TSTRING) {
        lua_pop(L, 1);
        return 0;
    }
    return 1;
}

/* Whether a required name is the module key, by either spelling ("a/b" is "a.b"). */
static int lk_namesmodule(const char *name, const char *key) {
    for (; *name && *key; name++, key++)
        if ((*name == '/' ? '.' : *name) != *key)
            return 0;
    return *name == *key;
}

/* Raises "module 'a' requires itself (a -> b -> c -> a)": the loop is read off the stack,
   from the require that started it to this one. A loop through another coroutine, whose
   requires are not on this stack, is not spelled out. */
static int lk_loopofrequires(lua_State *L, const char *key, const char *name) {
    int start = 0, links = 0;
    for (int level = 1, found; (found = lk_requiredat(L, level)) >= 0; level++) {
        if (found) {
            if (lk_namesmodule(lua_tostring(L, -1), key))
                start = level;                  /* the outermost require of this module */
            lua_pop(L, 1);
        }
    }
    if (start == 0)
        return luaL_error(L, "module '%s' requires itself (through a loop of requires)", name);
    luaL_checkstack(L, 2 * start + 4, "loop of requires");   /* a name and an arrow a level, at most */
    for (int level = start; level >= 1; level--) {
        if (lk_requiredat(L, level) > 0) {
            lua_pushliteral(L, " -> ");
            links += 2;
        }
    }
    lua_pushstring(L, name);
    lua_concat(L, links + 1);
    return luaL_error(L, "module '%s' requires itself (%s)", name, lua_tostring(L, -1));
}

int lk_require(lua_State *L) {
    lk_host *h = lk_gethost(L);
    size_t length = 0;
    const char *name = luaL_checklstring(L, 1, &length);
    if (strlen(name) != length)
        return luaL_error(L, "module name is not valid: it holds a NUL byte");
    /* one module by either spelling: "routes/chat" is kept as "routes.chat" */
    char key[PATH_MAX];
    if (length >= sizeof key)
        return luaL_error(L, "module name is not valid: it is longer than %d bytes", (int)sizeof key - 1);
    for (size_t i = 0; i <= length; i++)
        key[i] = name[i] == '/' ? '.' : name[i];
    lua_settop(L, 1);
    lua_getfield(L, LUA_REGISTRYINDEX, LK_LOADED);       /* 2: loaded */
    if (lua_getfield(L, 2, key) != LUA_TNIL)
        return 1;
    lua_pop(L, 1);
    /* The standard libraries the sandbox keeps, as stock Lua's require gives them from
       package.loaded (`local string = require "string"`); io, debug and package stay out. */
    static const char *const libraries[] = {LUA_GNAME, LUA_STRLIBNAME, LUA_TABLIBNAME, LUA_MATHLIBNAME,
                                            LUA_UTF8LIBNAME, LUA_COLIBNAME, LUA_OSLIBNAME, NULL};
    for (int i = 0; libraries[i]; i++) {
        if (strcmp(key, libraries[i]) == 0) {
            luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
            lua_getfield(L, -1, key);
            return 1;
        }
    }
    lua_getfield(L, LUA_REGISTRYINDEX, LK_LOADING);      /* 3: loading */
    /* A mark is the thread that loads the module; one whose thread died by an error (a
       coroutine resumed, which Lua does not unwind) is stale. */
    if (lua_getfield(L, 3, key) == LUA_TTHREAD) {
        lua_State *loader = lua_tothread(L, -1);
        int status = lua_status(loader);
        if (loader == L || status == LUA_OK || status == LUA_YIELD)
            return lk_loopofrequires(L, key, name);
    }
    lua_pop(L, 1);
    if (!lk_validname(name))
        return luaL_error(L, "module name '%s' is not valid (names of letters, digits and _ joined by dots or slashes, like 'routes.chat')", name);
    if (!h->root[0])
        return luaL_error(L, "module '%s' not found: there is no script root to load it from", name);
    /* Required, whether it is found and loads or not: what its scenarios depend on
       (navscript watch runs them again once the module is saved, or made). */
    lua_getfield(L, LUA_REGISTRYINDEX, LK_REQUIRED);
    lua_pushboolean(L, 1);
    lua_setfield(L, -2, key);
    lua_pop(L, 1);
    char relative[PATH_MAX], folder[PATH_MAX], chunkname[PATH_MAX + 2], cased[PATH_MAX] = "", odd[PATH_MAX] = "";
    char *owned;
    lk_modulepath(name, ".lua", relative, sizeof relative);
    const char *text = lk_moduletext(h, relative, &length, &owned, cased, odd);
    if (text == NULL) {                                   /* a folder's module, as Lua's ?/init.lua */
        lk_modulepath(name, "/init.lua", folder, sizeof folder);
        text = lk_moduletext(h, folder, &length, &owned, cased, odd);
        if (text == NULL && cased[0])                     /* macOS found it; Linux CI would not */
            return luaL_error(L, "module '%s' not found: its file is %s, in another case (a case-sensitive file system, "
                              "as on Linux CI, would not find it either way): require it as the file is named", name, cased);
        if (text == NULL && odd[0])
            return luaL_error(L, "module '%s' not found: %s", name, odd);
        if (text == NULL)
            return luaL_error(L, "module '%s' not found: no file %s or %s below the script root %s", name, relative, folder,
                              h->display_root[0] ? h->display_root : ".");
        memcpy(relative, folder, sizeof relative);
    }
    /* A module below the working folder is named from it, as the runner names files, though
       the root is above it (and named by its absolute path). */
    size_t working = strlen(h->working);
    if (working && strncmp(relative, h->working, working) == 0 && relative[working] == '/')
        snprintf(chunkname, sizeof chunkname, "@%s", relative + working + 1);
    else
        snprintf(chunkname, sizeof chunkname, "@%s%s%s", h->display_root, h->display_root[0] ? "/" : "", relative);
    int status = lk_loadmodule(L, text, length, chunkname);
    free(owned);
    if (status != LUA_OK) {
        /* A syntax error names the file; "C stack overflow" (nesting too deep), a runtime
           error of the parser, does not. A memory error keeps its own status and message. */
        const char *message = lua_tostring(L, -1);
        if (status == LUA_ERRRUN && message != NULL)
            return luaL_error(L, "error loading module '%s' from file '%s': %s", name, chunkname + 1, message);
        return lua_error(L);
    }
    lua_createtable(L, 0, 1);                             /* 4: ends the loading, 5: the chunk */
    lua_pushstring(L, key);
    lua_setfield(L, -2, "key");
    if (luaL_newmetatable(L, "navscript.endloading")) {
        lua_pushcfunction(L, lk_endloading);
        lua_setfield(L, -2, "__close");
    }
    lua_setmetatable(L, -2);
    lua_insert(L, 4);
    lua_toclose(L, 4);
    /* Marked once the slot that takes the mark away is there (a memory error before it
       would have left it). */
    lua_pushthread(L);
    lua_setfield(L, 3, key);
    /* As Lua's: the chunk gets the name and the file, and require returns the module and
       the file (only the module once it is loaded). */
    lua_pushvalue(L, 1);
    lua_pushstring(L, chunkname + 1);
    lua_call(L, 2, 1);
    /* Loaded: the mark goes now (the slot closes again on return; lua_closeslot is 5.4.3's). */
    lua_pushnil(L);
    lua_setfield(L, 3, key);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        lua_pushboolean(L, 1);
    }
    lua_pushvalue(L, -1);
    lua_setfield(L, 2, key);
    lua_pushstring(L, chunkname + 1);
    return 2;
}

/* Pushes the sandbox's require: the host's loads go through it whatever a script did to
   the global of that name. */
void lk_pushrequire(lua_State *L) {
    lua_pushcfunction(L, lk_require);
}

/* Pushes the table of modules require has loaded, by name. */
void lk_pushloaded(lua_State *L) {
    lua_getfield(L, LUA_REGISTRYINDEX, LK_LOADED);
}

void lk_pushrequired(lua_State *L) {
    lua_getfield(L, LUA_REGISTRYINDEX, LK_REQUIRED);
}

/*
** Compiled modules, shared by every state of the process. require reads a module's text
** from disk every time, so that an edit shows at once, but a text it has compiled before
** is not compiled again: its bytecode (lua_dump, debug information kept, so lines, names
** and coverage are the text's) loads instead, which skips the parser. Entries are keyed by
** chunk name and the whole text, never change and are never freed, so a load reads one
** without holding the lock; past LK_MODULES_BYTES the cache takes no more.
*/
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <lua.h>
#include <lauxlib.h>
#include "lk_host.h"

#define LK_MODULES_BUCKETS 256
#define LK_MODULES_BYTES (32u << 20)

typedef struct lk_module {
    struct lk_module *next;
    char *chunkname;
    char *text;
    size_t textlen;
    char *code;
    size_t codelen;
    unsigned hash;
} lk_module;

static pthread_mutex_t lk_moduleslock = PTHREAD_MUTEX_INITIALIZER;
static lk_module *lk_modules[LK_MODULES_BUCKETS];
static size_t lk_modulesbytes;

static unsigned lk_hash(const char *bytes, size_t length, unsigned hash) {
    for (size_t i = 0; i < length; i++)
        hash = (hash ^ (unsigned char)bytes[i]) * 16777619u;    /* FNV-1a */
    return hash;
}

static const lk_module *lk_findmodule(unsigned hash, const char *chunkname, const char *text, size_t length) {
    for (const lk_module *m = lk_modules[hash % LK_MODULES_BUCKETS]; m; m = m->next)
        if (m->hash == hash && m->textlen == length && strcmp(m->chunkname, chunkname) == 0 && memcmp(m->text, text, length) == 0)
            return m;
    return NULL;
}

/* Keeps the bytecode of the function on the top of the stack (just compiled from text). */
static void lk_keepmodule(lua_State *L, unsigned hash, const char *chunkname, const char *text, size_t length) {
    pthread_mutex_lock(&lk_moduleslock);
    int full = lk_modulesbytes + length > LK_MODULES_BYTES;   /* no room even for the text */
    pthread_mutex_unlock(&lk_moduleslock);
    if (full)
        return;
    size_t codelen = 0;
    char *code = lk_dump(L, 0, &codelen);
    if (!code)
        return;
    lk_module *m = (lk_module *)calloc(1, sizeof *m);
    char *name = strdup(chunkname), *copy = (char *)malloc(length + 1);
    if (!m || !name || !copy) {
        free(m); free(name); free(copy); free(code);
        return;
    }
    memcpy(copy, text, length);
    *m = (lk_module){ .chunkname = name, .text = copy, .textlen = length, .code = code, .codelen = codelen, .hash = hash };
    size_t bytes = length + codelen + strlen(name) + sizeof *m;
    pthread_mutex_lock(&lk_moduleslock);
    int kept = lk_modulesbytes + bytes <= LK_MODULES_BYTES && !lk_findmodule(hash, chunkname, text, length);
    if (kept) {
        m->next = lk_modules[hash % LK_MODULES_BUCKETS];
        lk_modules[hash % LK_MODULES_BUCKETS] = m;
        lk_modulesbytes += bytes;
    }
    pthread_mutex_unlock(&lk_moduleslock);
    if (!kept) {
        free(name); free(copy); free(code); free(m);
    }
}

int lk_loadmodule(lua_State *L, const char *text, size_t length, const char *chunkname) {
    /* as luaL_loadfilex reads a file: no byte order mark, a first '#' line left empty */
    if (length >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
        text += 3;
        length -= 3;
    }
    if (length > 0 && text[0] == '#') {
        const char *newline = memchr(text, '\n', length);
        size_t skipped = newline ? (size_t)(newline - text) : length;
        text += skipped;
        length -= skipped;
    }
    unsigned hash = lk_hash(text, length, lk_hash(chunkname, strlen(chunkname), 2166136261u));
    pthread_mutex_lock(&lk_moduleslock);
    const lk_module *m = lk_findmodule(hash, chunkname, text, length);
    pthread_mutex_unlock(&lk_moduleslock);
    lk_notechunkname(chunkname);
    if (m)
        return luaL_loadbufferx(L, m->code, m->codelen, chunkname, "b");
    if (length > 0 && text[0] == LUA_SIGNATURE[0]) {   /* Lua's refusal would not name the file */
        lua_pushfstring(L, "%s: not a text file (scripts are Lua source; compiled or binary files are refused)",
                        chunkname[0] == '@' || chunkname[0] == '=' ? chunkname + 1 : chunkname);
        return LUA_ERRSYNTAX;
    }
    int status = luaL_loadbufferx(L, text, length, chunkname, "t");
    if (status == LUA_OK)
        lk_keepmodule(L, hash, chunkname, text, length);
    else if (status == LUA_ERRSYNTAX)
        lk_wholename(L, chunkname);
    return status;
}

/*
** Module files read once (lk_modulefiles, lk_bridge.h): by name, each text as require
** first read it. Entries are never changed or freed before the set, so a found text is
** read without the lock.
*/
typedef struct lk_modulefile {
    struct lk_modulefile *next;
    char *name;
    char *text;
    size_t length;
} lk_modulefile;

struct lk_modulefiles {
    pthread_mutex_t lock;
    lk_modulefile *first;
};

lk_modulefiles *lk_newmodulefiles(void) {
    lk_modulefiles *files = (lk_modulefiles *)calloc(1, sizeof *files);
    if (files)
        pthread_mutex_init(&files->lock, NULL);
    return files;
}

void lk_freemodulefiles(lk_modulefiles *files) {
    if (!files)
        return;
    for (lk_modulefile *f = files->first, *next; f; f = next) {
        next = f->next;
        free(f->name);
        free(f->text);
        free(f);
    }
    pthread_mutex_destroy(&files->lock);
    free(files);
}

void lk_setmodulefiles(lua_State *L, lk_modulefiles *files) {
    lk_gethost(L)->files = files;
}

static lk_modulefile *lk_findfile(lk_modulefiles *files, const char *name) {
    for (lk_modulefile *f = files->first; f; f = f->next)
        if (strcmp(f->name, name) == 0)
            return f;
    return NULL;
}

const char *lk_findmodulefile(lk_modulefiles *files, const char *name, size_t *length) {
    pthread_mutex_lock(&files->lock);
    lk_modulefile *f = lk_findfile(files, name);
    pthread_mutex_unlock(&files->lock);
    if (f)
        *length = f->length;
    return f ? f->text : NULL;
}

const char *lk_keepmodulefile(lk_modulefiles *files, const char *name, const char *text, size_t length) {
    lk_modulefile *f = (lk_modulefile *)calloc(1, sizeof *f);
    char *copy = (char *)malloc(length + 1), *key = strdup(name);
    if (!f || !copy || !key) {
        free(f); free(copy); free(key);
        return NULL;
    }
    memcpy(copy, text, length);
    copy[length] = '\0';
    *f = (lk_modulefile){ .name = key, .text = copy, .length = length };
    pthread_mutex_lock(&files->lock);
    lk_modulefile *kept = lk_findfile(files, name);   /* another thread's read came first */
    if (!kept) {
        f->next = files->first;
        files->first = f;
    }
    pthread_mutex_unlock(&files->lock);
    if (kept) {
        free(f->name); free(f->text); free(f);
        return kept->text;
    }
    return copy;
}

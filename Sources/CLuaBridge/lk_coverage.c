/*
** Line coverage: the hook's line events (LUA_MASKLINE, on only while coverage is) count
** how often each line of each file ran, for `navscript run --coverage`. Files are told
** apart by chunk name ("@routes/chat.lua"); the last one seen is tried first, since lines
** mostly follow lines of the same file. Memory is the host's (malloc), not the script's:
** coverage never counts against a scenario's memory cap.
*/
#include <stdlib.h>
#include <string.h>
#include <lua.h>
#include "lk_host.h"

void lk_setcoverage(lua_State *L, int on) {
    lk_host *h = lk_gethost(L);
    h->coverage.on = on;
    lua_sethook(L, lk_hook, lk_hookmask(h), lua_gethookcount(L));
}

static lk_covfile *lk_covfind(lk_coverage *c, const char *source) {
    if (c->last < c->count && strcmp(c->files[c->last].source, source) == 0)
        return &c->files[c->last];
    for (int i = 0; i < c->count; i++) {
        if (strcmp(c->files[i].source, source) == 0) {
            c->last = i;
            return &c->files[i];
        }
    }
    if (c->count == c->capacity) {           /* as many files as a scenario requires */
        int capacity = c->capacity ? c->capacity * 2 : 16;
        lk_covfile *files = realloc(c->files, (size_t)capacity * sizeof(lk_covfile));
        if (!files)
            return NULL;
        c->files = files;
        c->capacity = capacity;
    }
    char *copy = strdup(source);
    if (!copy)
        return NULL;
    c->files[c->count] = (lk_covfile){ .source = copy, .counts = NULL, .size = 0 };
    c->last = c->count++;
    return &c->files[c->last];
}

void lk_coverline(lua_State *L, lk_host *h, lua_Debug *ar) {
    int line = ar->currentline;
    if (line <= 0 || line >= LK_COVERAGE_LINES || !lua_getinfo(L, "S", ar) || ar->source[0] != '@')
        return;
    lk_covfile *file = lk_covfind(&h->coverage, ar->source);
    if (!file)
        return;
    if (line >= file->size) {
        int size = file->size ? file->size : 64;
        while (size <= line)
            size *= 2;
        if (size > LK_COVERAGE_LINES)
            size = LK_COVERAGE_LINES;
        unsigned *counts = realloc(file->counts, (size_t)size * sizeof(unsigned));
        if (!counts)
            return;
        memset(counts + file->size, 0, (size_t)(size - file->size) * sizeof(unsigned));
        file->counts = counts;
        file->size = size;
    }
    if (file->counts[line] < 0xFFFFFFFFu)
        file->counts[line]++;
}

int lk_coveragefiles(lua_State *L) {
    return lk_gethost(L)->coverage.count;
}

const char *lk_coveragefile(lua_State *L, int index, const unsigned **counts, int *size) {
    lk_coverage *c = &lk_gethost(L)->coverage;
    if (index < 0 || index >= c->count)
        return NULL;
    *counts = c->files[index].counts;
    *size = c->files[index].size;
    return c->files[index].source;
}

void lk_coverclose(lk_host *h) {
    lk_coverage *c = &h->coverage;
    for (int i = 0; i < c->count; i++) {
        free(c->files[i].source);
        free(c->files[i].counts);
    }
    free(c->files);
    c->files = NULL;
    c->count = c->capacity = 0;
}

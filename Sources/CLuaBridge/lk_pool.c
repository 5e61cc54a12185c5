/*
** lk_pool.c: the small blocks of one state.
**
** A Lua state makes and frees thousands of small blocks (strings, tables, closures,
** prototypes), and a scenario's state lives for a fraction of a millisecond: through
** malloc, a fifth of a scenario's time went to the allocator. Blocks of up to LK_POOL_MAX
** bytes come instead from slabs the state owns, in size classes of 16 bytes, and go back to
** a free list of their class; closing the state frees the slabs at once. Larger blocks use
** malloc. Lua tells the allocator the size of every block it frees or resizes, and that
** size alone says where the block came from.
**
** A block keeps its place when it shrinks (so shrinking never fails): it is then larger
** than Lua thinks, and goes back to the free list of the size Lua gives, where a smaller
** block would have gone. A class's blocks are therefore never smaller than the class.
*/
#include <stdlib.h>
#include <string.h>
#include "lk_host.h"

#define LK_SLAB_SIZE (16 * 1024)

typedef union lk_slab {
    union lk_slab *next;
    max_align_t align;     /* blocks start after this, aligned as malloc aligns */
} lk_slab;

static inline int lk_class(size_t size) {
    return (int)((size + 15) >> 4) - 1;
}

static void *lk_poolget(lk_pool *pool, size_t size) {
    int class = lk_class(size);
    void *block = pool->free[class];
    if (block != NULL) {
        pool->free[class] = *(void **)block;
        return block;
    }
    size_t bytes = (size_t)(class + 1) << 4;
    if ((size_t)(pool->end - pool->next) < bytes) {
        lk_slab *slab = (lk_slab *)malloc(LK_SLAB_SIZE);
        if (slab == NULL)
            return NULL;
        slab->next = pool->slabs;
        pool->slabs = slab;
        pool->next = (char *)(slab + 1);
        pool->end = (char *)slab + LK_SLAB_SIZE;
    }
    block = pool->next;
    pool->next += bytes;
    return block;
}

static void lk_poolput(lk_pool *pool, void *block, size_t size) {
    int class = lk_class(size);
    *(void **)block = pool->free[class];
    pool->free[class] = block;
}

void lk_poolfree(lk_pool *pool, void *block, size_t size) {
    if (size <= LK_POOL_MAX)
        lk_poolput(pool, block, size);
    else
        free(block);
}

/* Resizes a block of `old` bytes (a new one when block is NULL) to `size` > 0 bytes; NULL
   when there is no memory, the block then unchanged. */
void *lk_poolresize(lk_pool *pool, void *block, size_t old, size_t size) {
    if (block != NULL && old <= LK_POOL_MAX && (size <= old || lk_class(size) == lk_class(old)))
        return block;
    if (block != NULL && old > LK_POOL_MAX && size > LK_POOL_MAX)
        return realloc(block, size);
    void *moved = size <= LK_POOL_MAX ? lk_poolget(pool, size) : malloc(size);
    if (moved != NULL && block != NULL) {
        memcpy(moved, block, old < size ? old : size);
        lk_poolfree(pool, block, old);
    }
    return moved;
}

void lk_poolclose(lk_pool *pool) {
    while (pool->slabs != NULL) {
        lk_slab *slab = pool->slabs;
        pool->slabs = slab->next;
        free(slab);
    }
    memset(pool, 0, sizeof *pool);
}

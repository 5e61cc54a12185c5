/*
** Whether bytes are UTF-8, as Unicode defines it: no overlong forms, no surrogates, nothing
** past U+10FFFF. LuaKit asks it of every string it makes Swift text of (screen names,
** traits, snapshots): Swift's own check, String(validating:as:), needs macOS 15, and
** decoding with replacements and comparing took twice as long.
*/
#include <stddef.h>
#include "lk_bridge.h"

int lk_isutf8(const char *text, size_t length) {
    const unsigned char *p = (const unsigned char *)text, *end = p + length;
    while (p < end) {
        unsigned c = *p;
        if (c < 0x80) {
            p++;
            continue;
        }
        size_t more;
        if (c >= 0xC2 && c <= 0xDF) more = 1;
        else if (c >= 0xE0 && c <= 0xEF) more = 2;
        else if (c >= 0xF0 && c <= 0xF4) more = 3;
        else return 0;   /* a continuation byte, an overlong lead (C0, C1), or past F4 */
        if ((size_t)(end - p) <= more) return 0;
        unsigned next = p[1];
        if ((next & 0xC0) != 0x80) return 0;
        if ((c == 0xE0 && next < 0xA0) || (c == 0xF0 && next < 0x90)) return 0;   /* overlong */
        if (c == 0xED && next > 0x9F) return 0;                                   /* a surrogate */
        if (c == 0xF4 && next > 0x8F) return 0;                                   /* past U+10FFFF */
        for (size_t i = 2; i <= more; i++)
            if ((p[i] & 0xC0) != 0x80) return 0;
        p += more + 1;
    }
    return 1;
}

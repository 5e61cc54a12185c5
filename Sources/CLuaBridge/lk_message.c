/*
** lk_message.c: what an error becomes in a message. The runner's message handler (lk_pcall
** installs it) turns any error value into text placed at the script line that raised it,
** with a traceback; the explore library's handler does the same without the traceback; and
** a matcher shows a table raised as an error by its first fields.
*/
#include <string.h>
#include <lauxlib.h>
#include "lk_host.h"

/* __tostring of the value at 1, called protected from the message handler. */
static int lk_tostringmeta(lua_State *L) {
    luaL_callmeta(L, 1, "__tostring");
    return 1;
}

/* Appends the value on top of the stack, short, and pops it: a number or boolean as Lua
   writes it, a string quoted (cut at 60 bytes), a table as {...}, anything else by type. */
static void lk_addshortvalue(lua_State *L, luaL_Buffer *b) {
    int type = lua_type(L, -1);
    if (type == LUA_TNUMBER || type == LUA_TBOOLEAN) {
        luaL_tolstring(L, -1, NULL);
        lua_remove(L, -2);
        luaL_addvalue(b);
        return;
    }
    size_t length = 0;
    const char *text = type == LUA_TSTRING ? lua_tolstring(L, -1, &length) : type == LUA_TTABLE ? "{...}" : luaL_typename(L, -1);
    lua_pop(L, 1);                              /* the table keeps a string value alive */
    if (type == LUA_TSTRING) {
        luaL_addchar(b, '"');
        luaL_addlstring(b, text, length > 60 ? 57 : length);
        luaL_addstring(b, length > 60 ? "...\"" : "\"");
    } else {
        luaL_addstring(b, text);
    }
}

/* Appends a short picture of the table at idx: its list's first items, then the string
   keys that sort first, {"E_AUTH", code = 42, reason = "x"}. The same table gives the same
   picture whatever order lua_next visits its keys in. */
#define LK_SHOWN_FIELDS 8
static void lk_addfields(lua_State *L, luaL_Buffer *b, int idx) {
    lua_Integer length = (lua_Integer)lua_rawlen(L, idx);
    lua_Integer items = length < LK_SHOWN_FIELDS ? length : LK_SHOWN_FIELDS;
    int count = 0, more = length > items;
    const char *keys[LK_SHOWN_FIELDS];          /* the smallest keys, sorted */
    lua_pushnil(L);
    while (lua_next(L, idx) != 0) {
        lua_pop(L, 1);
        if (lua_isinteger(L, -1) && lua_tointeger(L, -1) >= 1 && lua_tointeger(L, -1) <= length) continue;
        if (lua_type(L, -1) != LUA_TSTRING) { more = 1; continue; }
        const char *key = lua_tostring(L, -1);  /* the table keeps the key alive */
        if (count == LK_SHOWN_FIELDS) {
            more = 1;
            if (strcmp(key, keys[count - 1]) > 0) continue;
            count--;                            /* the largest gives way */
        }
        int at = count++;
        for (; at > 0 && strcmp(keys[at - 1], key) > 0; at--) keys[at] = keys[at - 1];
        keys[at] = key;
    }
    luaL_addstring(b, "{");
    for (lua_Integer i = 1; i <= items; i++) {
        luaL_addstring(b, i > 1 ? ", " : "");
        lua_rawgeti(L, idx, i);
        lk_addshortvalue(L, b);
    }
    for (int i = 0; i < count; i++) {
        luaL_addstring(b, i || items ? ", " : "");
        luaL_addstring(b, keys[i]);
        luaL_addstring(b, " = ");
        lua_pushstring(L, keys[i]);
        lua_rawget(L, idx);
        lk_addshortvalue(L, b);
    }
    luaL_addstring(b, more ? (count || items ? ", ...}" : "...}") : "}");
}

/* Pushes the picture of the table at idx that a failure shows, for a matcher that names
   an error value as the runner does. Raw access only: no metamethod runs. */
void lk_pushfields(lua_State *L, int idx) {
    idx = lua_absindex(L, idx);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    lk_addfields(L, &b, idx);
    luaL_pushresult(&b);
}

/* Whether `message` is one Lua raises from C without a position: a script's line is put
   before it, as Lua puts one before the errors it raises in Lua code. */
static int lk_isunplaced(const char *message) {
    return strcmp(message, "C stack overflow") == 0 || strcmp(message, "attempt to yield from outside a coroutine") == 0
        || strcmp(message, "not enough memory") == 0   /* lauxlib's buffers (string.rep, gsub) raise it as a runtime error */
        || strcmp(message, "attempt to yield across a C-call boundary") == 0
        /* table.sort's comparisons, made in C */
        || strcmp(message, "invalid order function for sorting") == 0 || strncmp(message, "attempt to compare ", 19) == 0;
}

/* The message handler: any error value becomes a message, with a traceback. A value that
   is not a string shows through its __tostring (called protected), or as a table's fields.
   The message stays a Lua string, joined to the traceback by lua_concat: luaL_traceback
   takes a C string, which a NUL in the message would cut. */
static void lk_pusherrormessage(lua_State *L, int place) {
    const char *message = lua_type(L, 1) == LUA_TSTRING ? lua_tostring(L, 1) : NULL;
    /* Lua puts its position before a string error only: a table, nil or a number raised
       by a script is placed here at the script line that raised it, and so is an object
       with a __tostring, unless its text starts with that place already. */
    char where[LK_WHERE_MAX];
    int placed = 0;
    if (place && (lua_type(L, 1) != LUA_TSTRING || (message != NULL && lk_isunplaced(message))))
        placed = lk_scriptline(L, 1, 0, where, sizeof where);
    if (message != NULL) {
        lua_pushvalue(L, 1);
    } else if (lua_type(L, 1) == LUA_TNUMBER) {
        luaL_tolstring(L, 1, NULL);
    } else {
        if (luaL_getmetafield(L, 1, "__tostring") != LUA_TNIL) {
            lua_pop(L, 1);
            lua_pushcfunction(L, lk_tostringmeta);
            lua_pushvalue(L, 1);
            int status = lua_pcall(L, 1, 1, 0);
            if (status == LUA_OK && lua_type(L, -1) == LUA_TSTRING) {
                message = lua_tostring(L, -1);
                if (placed && strncmp(message, where, strlen(where)) == 0 && message[strlen(where)] == ':')
                    placed = 0;   /* placed by its own text */
            } else if (status == LUA_OK) {
                message = lua_pushfstring(L, "(error object is a %s value whose __tostring returned a %s value)", luaL_typename(L, 1),
                                          luaL_typename(L, -1));
            } else {
                message = lua_pushfstring(L, "(error object is a %s value whose __tostring failed: %s)", luaL_typename(L, 1),
                                          lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "?");
            }
        } else if (lua_type(L, 1) == LUA_TTABLE) {
            luaL_Buffer b;
            luaL_buffinit(L, &b);
            luaL_addstring(&b, "(error object is a table value: ");
            lk_addfields(L, &b, 1);
            luaL_addstring(&b, ")");
            luaL_pushresult(&b);
            message = lua_tostring(L, -1);
        } else {
            message = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
        }
    }
    if (placed) {
        lua_pushfstring(L, "%s: ", where);
        lua_insert(L, -2);
        lua_concat(L, 2);
    }
    /* An error in the runner's own code (a matcher comparing tables too deep, a C stack
       overflow in the explore library) is placed by Lua at "?:-1:": the script line that
       called it says more. */
    else if (place && message != NULL && strncmp(message, "?:-1: ", 6) == 0 && lk_scriptline(L, 1, 1, where, sizeof where)) {
        lua_pushfstring(L, "%s%s", where, message + 4);
        lua_remove(L, -2);
    }
}

/* A message handler for a script's own protected calls (the explore library's): the
   message as the runner's handler makes it, without the traceback. */
int lk_placeerror(lua_State *L) {
    lk_pusherrormessage(L, 1);
    return 1;
}

/* The value at 1 as an error message shows it, unplaced (navigator:logError): a string,
   number, boolean or nil as tostring writes it; a table by its fields, an object by its
   __tostring, anything else by its type, never by an address, which differs every run. */
int lk_errorvalue(lua_State *L) {
    int type = lua_type(L, 1);
    if (type == LUA_TSTRING || type == LUA_TNUMBER || type == LUA_TBOOLEAN || type == LUA_TNIL)
        luaL_tolstring(L, 1, NULL);
    else
        lk_pusherrormessage(L, 0);
    return 1;
}

void lk_pusherrorplacer(lua_State *L) {
    lua_pushcfunction(L, lk_placeerror);
}

int lk_msghandler(lua_State *L) {
    lk_pusherrormessage(L, 1);
    lua_pushliteral(L, "\n");
    luaL_traceback(L, L, NULL, 1);
    lua_concat(L, 3);
    lk_wholenames(L);
    return 1;
}

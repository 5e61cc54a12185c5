// What a test file needs beside the scenarios: the limits `discover(_:limits:)` takes, so
// that `import NavScriptTesting` alone is enough for it.
@_exported import struct LuaKit.LuaLimits

// What hosts of NavScript use from the layer below (limits, options, errors, values): a
// host imports NavScript alone, as the navscript command does.
@_exported import LuaKit

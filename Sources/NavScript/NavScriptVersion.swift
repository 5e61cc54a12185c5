/// The version of NavScript: what `navscript --version` prints and Lua's `nav.version` is.
public let navScriptVersion = "0.2.0"

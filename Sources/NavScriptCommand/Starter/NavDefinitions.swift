/// The LuaCATS definitions of the `nav` module and the scenario runtime, for editors: the
/// text of lua/types/nav.d.lua, embedded in its three parts (the NavDefinitions+*.swift files
/// scripts/lib/embed-types.sh writes) so that the binary needs no resource bundle.
///
///     print(NavDefinitions.text)   -- navscript types
enum NavDefinitions {
    static let text = routes + "\n" + app + "\n" + scenarios
}

# Checks for what NavScript needs to build, and installs what is missing: with apt-get on
# Debian and Ubuntu, with Homebrew on macOS. Sourced by the scripts the README names; not
# meant to run on its own.

require_prerequisites() {
    if ! command -v swift >/dev/null 2>&1; then
        echo "error: swift is not on PATH; install Swift 6 (https://www.swift.org/install/)" >&2
        exit 2
    fi
    if [ "$(uname -s)" = "Darwin" ]; then
        require_homebrew_lua
    else
        require_debian_lua
    fi
}

# macOS: Lua 5.4 is Homebrew's keg-only lua@5.4 (its `lua` is 5.5). SwiftPM finds the keg
# itself through the package's `.brew(["lua@5.4"])` provider (it asks `brew --prefix`);
# PKG_CONFIG_PATH is set too, for pkg-config and for tools that do not ask brew.
require_homebrew_lua() {
    # An Apple Silicon Mac moved from an Intel one may have Intel's Homebrew (/usr/local)
    # first on PATH, whose lua@5.4 is x86_64 and does not link: its own comes first.
    if [ "$(uname -m)" = "arm64" ] && [ -x /opt/homebrew/bin/brew ] && [ "$(command -v brew 2>/dev/null)" != /opt/homebrew/bin/brew ]; then
        eval "$(/opt/homebrew/bin/brew shellenv)"
    fi
    # A shell that did not read ~/.zprofile (an Xcode Run Script phase, launchd, some CI
    # agents) has no Homebrew on PATH: look where it installs itself.
    if ! command -v brew >/dev/null 2>&1; then
        local brew
        for brew in /opt/homebrew/bin/brew /usr/local/bin/brew; do
            if [ -x "$brew" ]; then
                eval "$("$brew" shellenv)"
                break
            fi
        done
    fi
    if ! command -v brew >/dev/null 2>&1; then
        echo "error: Lua 5.4 is needed; install Homebrew (https://brew.sh), then: brew install lua@5.4" >&2
        exit 2
    fi
    # SwiftPM reads the keg's lua5.4.pc itself: pkg-config is not needed here.
    local missing=()
    local keg
    keg="$(brew --prefix lua@5.4 2>/dev/null || true)"
    if [ -z "$keg" ] || [ ! -e "$keg/lib/pkgconfig/lua5.4.pc" ]; then
        missing+=(lua@5.4)
    fi
    if [ ${#missing[@]} -gt 0 ]; then
        echo "==> installing ${missing[*]} (brew)"
        if ! brew install "${missing[@]}" >/dev/null; then
            echo "error: brew install ${missing[*]} failed" >&2
            exit 2
        fi
        keg="$(brew --prefix lua@5.4)"
    fi
    # A library of another architecture (an Intel keg on Apple Silicon) fails at link time
    # with a warning lost among the build's lines: said here instead.
    local library="$keg/lib/liblua.dylib" arch
    arch="$(uname -m)"
    if [ -e "$library" ] && command -v lipo >/dev/null 2>&1 && ! lipo -archs "$library" 2>/dev/null | tr ' ' '\n' | grep -qx "$arch"; then
        echo "error: $library is built for $(lipo -archs "$library" 2>/dev/null), not $arch: this Homebrew ($(command -v brew)) is another architecture's; use /opt/homebrew's on Apple Silicon" >&2
        exit 2
    fi
    export PKG_CONFIG_PATH="$keg/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
}

# Debian and Ubuntu: Lua 5.4's headers and pkg-config to build.
require_debian_lua() {
    local missing=()
    command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
    if ! pkg-config --exists lua5.4 2>/dev/null; then
        missing+=(liblua5.4-dev)
    fi
    if [ ${#missing[@]} -eq 0 ]; then
        return 0
    fi
    if [ "$(id -u)" -ne 0 ]; then
        echo "error: missing ${missing[*]}; install them with:" >&2
        echo "    sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
        exit 2
    fi
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "error: missing ${missing[*]} and no apt-get to install them with" >&2
        exit 2
    fi
    echo "==> installing ${missing[*]}"
    if ! { DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
           DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null; }; then
        echo "error: apt-get install ${missing[*]} failed" >&2
        exit 2
    fi
}

# What only the tests need, besides: a headless browser (the HTML report is opened in one),
# Graphviz (the navigation map's SVG), lcov (coverage files are checked with it) and
# xmllint (libxml2-utils: the JUnit reporter is checked against Jenkins' and Surefire's
# schemas; macOS ships it). On
# Debian they are installed with apt-get, and NAVSCRIPT_REQUIRE_BROWSER tells the tests to
# fail rather than skip without them; on macOS the browser tests run when a chromium is on
# PATH (brew install --cask chromium), and graphviz and lcov come from brew.
require_test_tools() {
    if [ "$(uname -s)" = "Darwin" ]; then
        local wanted=()
        command -v dot >/dev/null 2>&1 || wanted+=(graphviz)
        command -v lcov >/dev/null 2>&1 || wanted+=(lcov)
        if [ ${#wanted[@]} -gt 0 ] && command -v brew >/dev/null 2>&1; then
            echo "==> installing ${wanted[*]} (brew)"
            if ! brew install "${wanted[@]}" >/dev/null; then
                echo "error: brew install ${wanted[*]} failed (the tests that need them fail without them)" >&2
                exit 2
            fi
        fi
        return 0
    fi
    local missing=()
    command -v chromium >/dev/null 2>&1 || missing+=(chromium)
    command -v dot >/dev/null 2>&1 || missing+=(graphviz)
    command -v lcov >/dev/null 2>&1 || missing+=(lcov)
    command -v xmllint >/dev/null 2>&1 || missing+=(libxml2-utils)
    if [ ${#missing[@]} -gt 0 ]; then
        if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
            echo "error: the tests need ${missing[*]}; install them with:" >&2
            echo "    sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
            exit 2
        fi
        echo "==> installing ${missing[*]}"
        DEBIAN_FRONTEND=noninteractive apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
    fi
    export NAVSCRIPT_REQUIRE_BROWSER=1
}

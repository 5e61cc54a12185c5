# Checks for what NavScript needs to build, and installs what is missing on Debian.
# Sourced by the scripts the README names; not meant to run on its own.

require_prerequisites() {
    if ! command -v swift >/dev/null 2>&1; then
        echo "error: swift is not on PATH; install Swift 6 (https://www.swift.org/install/linux/)" >&2
        exit 2
    fi
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
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}

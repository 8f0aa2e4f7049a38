# shellcheck shell=bash
# Node 24 LTS for this project: `. .ci/node.sh` (as .ci/run does) makes `node` and `npm` in this
# shell run on Node 24.
# When the machine's node is older than 24, the official Linux build is taken from the npm
# registry's platform package (node-linux-<arch>, the one the `node` package installs) into a cache
# folder and put first on PATH. The package carries include/node, so npm_config_nodedir lets
# node-gyp build native modules (better-sqlite3) without downloading headers.
# Idempotent: a second run reuses the unpacked binary; a half-finished unpack is never used.

ENOT_NODE_VERSION="${ENOT_NODE_VERSION:-24.22.3}"

enot_use_node() {
  local major
  major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
  if [ "$major" -ge 24 ] 2>/dev/null; then
    return 0
  fi
  if [ "$(uname -s)" != Linux ]; then
    echo "Нужен Node 24: установите его (на этой системе .ci/node.sh его не ставит)." >&2
    return 1
  fi
  local arch
  case "$(uname -m)" in
    x86_64 | amd64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    ppc64le) arch=ppc64le ;;
    s390x) arch=s390x ;;
    *) echo "Нужен Node 24: для $(uname -m) его нет в npm-пакетах, установите вручную." >&2; return 1 ;;
  esac
  local cache="${ENOT_NODE_CACHE:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/enot-node}"
  local dir="$cache/node-v$ENOT_NODE_VERSION-linux-$arch"
  if [ "$("$dir/bin/node" -v 2>/dev/null)" != "v$ENOT_NODE_VERSION" ]; then
    command -v npm >/dev/null 2>&1 || { echo "Нужен npm, чтобы взять Node 24 из реестра." >&2; return 1; }
    mkdir -p "$cache"
    local tmp
    tmp="$(mktemp -d "$cache/.unpack.XXXXXX")"
    echo "Node $ENOT_NODE_VERSION: беру node-linux-$arch@$ENOT_NODE_VERSION из реестра npm → $dir" >&2
    # npm pack checks the tarball against the registry's integrity hash.
    if ! (cd "$tmp" && npm pack --silent --no-audit --no-fund "node-linux-$arch@$ENOT_NODE_VERSION" >/dev/null) ||
      ! tar xzf "$tmp"/node-linux-"$arch"-*.tgz -C "$tmp" ||
      [ "$("$tmp/package/bin/node" -v 2>/dev/null)" != "v$ENOT_NODE_VERSION" ] ||
      [ ! -f "$tmp/package/include/node/node.h" ]; then
      rm -rf "$tmp"
      echo "Не удалось взять Node $ENOT_NODE_VERSION из реестра npm." >&2
      return 1
    fi
    rm -rf "$dir"
    # One rename: another run sees either no folder or a complete one (if a parallel run got
    # there first, its copy is kept).
    mv -T "$tmp/package" "$dir" 2>/dev/null || true
    rm -rf "$tmp"
    if [ "$("$dir/bin/node" -v 2>/dev/null)" != "v$ENOT_NODE_VERSION" ]; then
      echo "Не удалось разложить Node $ENOT_NODE_VERSION в $dir." >&2
      return 1
    fi
  fi
  export PATH="$dir/bin:$PATH"
  export npm_config_nodedir="$dir"
  hash -r
}

enot_use_node

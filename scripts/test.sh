#!/usr/bin/env bash
# `npm test`: every check, in the order that fails fastest. Installs Java 17 and Chromium from Debian
# when missing, so it works on a fresh machine.
set -euo pipefail
cd "$(dirname "$0")/.."
export CDK_DISABLE_CLI_TELEMETRY=true
step() { printf '\n== %s\n' "$*"; }

step "Dependencias del sistema (Java 17, Chromium)"; bash scripts/ensure-deps.sh --browser
step "Lint"; npx eslint .
step "Tipos"; npx tsc --noEmit -p tsconfig.json
step "Pruebas unitarias, de integración (API sobre los sustitutos locales) e infraestructura (CDK + cdk-nag)"
npx vitest run --project unit --project integration --project infra --reporter=default --reporter=json --outputFile.json=test-results/vitest-api.json
step "Compilación de la consola"; npx vite build --config web/vite.config.ts
step "Pruebas end-to-end (Chromium headless contra el stack local)"
npx vitest run --project e2e --reporter=default --reporter=json --outputFile.json=test-results/vitest-e2e.json

# One closing line for every suite together, in the plain form CI reads.
node -e '
  const r = ["api", "e2e"].map((n) => require(`./test-results/vitest-${n}.json`));
  const sum = (k) => r.reduce((t, x) => t + x[k], 0);
  console.log(`\nvitest: ${sum("numPassedTests")} passed, ${sum("numFailedTests")} failed`);
'

#!/usr/bin/env bash
# `npm test`: every check. Installs Java 17 and Chromium from Debian when missing, so it works on a fresh
# machine. Three stages, each after the last:
#   1. lint, types, the console's build, unit and infra tests, side by side (each is one busy core);
#   2. API integration tests against one local stack (two files at a time: they wait on the stack);
#   3. end-to-end tests in Chromium, two files at a time, each worker on a stack of its own.
# Each stage's logs are printed whole when it ends; the first failing stage stops the run.
set -euo pipefail
cd "$(dirname "$0")/.."
export CDK_DISABLE_CLI_TELEMETRY=true
mkdir -p test-results
step() { printf '\n== %s (%s)\n' "$*" "$(date +%T)"; }
inicio=$SECONDS

step "Dependencias del sistema (Java 17, Chromium)"; bash scripts/ensure-deps.sh --browser

step "Lint, tipos, compilación de la consola, pruebas unitarias y de infraestructura (CDK + cdk-nag), en paralelo"
logs=$(mktemp -d)
declare -A pids=()
lanzar() { local nombre=$1; shift; ( "$@" >"$logs/$nombre.log" 2>&1 ) & pids[$nombre]=$!; }
lanzar lint npx eslint .
lanzar tipos npx tsc --noEmit -p tsconfig.json
lanzar compilacion npx vite build --config web/vite.config.ts
lanzar unitarias npx vitest run --project unit --project infra --reporter=default --reporter=json --outputFile.json=test-results/vitest-unit.json
fallidos=()
for nombre in lint tipos compilacion unitarias; do
  if wait "${pids[$nombre]}"; then estado=bien; else estado=FALLÓ; fallidos+=("$nombre"); fi
  printf '\n-- %s: %s\n' "$nombre" "$estado"
  cat "$logs/$nombre.log"
done
rm -rf "$logs"
if (( ${#fallidos[@]} )); then echo "Falló: ${fallidos[*]}"; exit 1; fi

step "Pruebas de integración (API sobre los sustitutos locales)"
npx vitest run --project integration --project integration-sola --reporter=default --reporter=json --outputFile.json=test-results/vitest-api.json

step "Pruebas end-to-end (Chromium headless contra el stack local)"
npx vitest run --project e2e --reporter=default --reporter=json --outputFile.json=test-results/vitest-e2e.json

# One closing line for every suite together, in the plain form CI reads, and the slowest tests.
node -e '
  const r = ["unit", "api", "e2e"].map((n) => require(`./test-results/vitest-${n}.json`));
  const sum = (k) => r.reduce((t, x) => t + x[k], 0);
  const tests = r.flatMap((x) => x.testResults.flatMap((f) => f.assertionResults.map((a) => [a.duration ?? 0, `${f.name.split("/test/")[1]} > ${a.title}`])));
  console.log("\nLas diez pruebas más lentas:");
  for (const [ms, nombre] of tests.sort((a, b) => b[0] - a[0]).slice(0, 10)) console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${nombre}`);
  console.log(`\nvitest: ${sum("numPassedTests")} passed, ${sum("numFailedTests")} failed`);
'
echo "npm test: $((SECONDS - inicio)) s"

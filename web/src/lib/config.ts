import { runtimeConfigSchema, type RuntimeConfig } from '@shared/schemas/runtime-config.js';

let current: RuntimeConfig | undefined;

/**
 * Reads `/config.json` once at start-up: one build serves every environment, so pool ids and the
 * API URL cannot be baked in at build time. `no-store` because the local stack rewrites it on start.
 */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { cache: 'no-store', headers: { Accept: 'application/json' } });
  if (!response.ok) {
    throw new Error(`GET /config.json respondió ${response.status}: ${(await response.text()).trim()}`);
  }
  const parsed = runtimeConfigSchema.safeParse(await response.json());
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => issue.path.join('.') || '(raíz)').join(', ');
    throw new Error(`/config.json no es válido; revisa: ${fields}`);
  }
  current = parsed.data;
  return current;
}

export function runtimeConfig(): RuntimeConfig {
  if (!current) throw new Error('runtimeConfig() llamado antes de loadRuntimeConfig()');
  return current;
}

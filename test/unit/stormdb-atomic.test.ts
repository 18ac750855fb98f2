import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import '../../scripts/local/stormdb-atomic.js';

// The same StormDB module cognito-local saves the local user pools with.
const fromCognitoLocal = createRequire(createRequire(import.meta.url).resolve('cognito-local/lib/services/dataStore/stormDb.js'));
type StormDB = { set: (k: string, v: unknown) => StormDB; save: () => Promise<void> };
const StormDB = fromCognitoLocal('stormdb') as { new (engine: unknown): StormDB; localFileEngine: new (path: string, o: { async: boolean }) => unknown };

const dir = mkdtempSync(join(tmpdir(), 'stormdb-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the local Cognito store (StormDB) under saves close together', () => {
  it('ends as the last save, whole, however many saves overlap and however their sizes differ', async () => {
    const path = join(dir, 'pool.json');
    const db = new StormDB(new StormDB.localFileEngine(path, { async: true }));
    // Shrinking and growing documents: unpatched, overlapping in-place writes leave a tail of an older one.
    const saves = Array.from({ length: 40 }, (_, i) => {
      db.set('users', Array.from({ length: (i * 7) % 23 }, (_, u) => `usuario-${i}-${u}-${'x'.repeat(u * 50)}`));
      return db.save();
    });
    await Promise.all(saves);
    const stored = JSON.parse(readFileSync(path, 'utf8')) as { users: string[] };
    expect(stored.users).toHaveLength((39 * 7) % 23);
    expect(stored.users[0]).toBe('usuario-39-0-');
  });
});

import { renameSync, writeFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/**
 * cognito-local keeps each user pool in a JSON file through StormDB, whose local engine rewrites the
 * file in place with un-awaited `fs.writeFile`s. Two saves close together (several people signing in)
 * interleave, and a crash mid-write truncates it: the next `npm start` then fails with "invalid or
 * corrupted format" and every local account is lost (the load test's restart found it). Here every
 * save of a file waits for the one before and replaces the file whole (a temporary file, then rename).
 */
type Engine = { path: string; async: boolean; serialize: (data: unknown) => string; write: (data: unknown) => Promise<void> | null };

const fromCognitoLocal = createRequire(createRequire(import.meta.url).resolve('cognito-local/lib/services/dataStore/stormDb.js'));
const { localFileEngine } = fromCognitoLocal('stormdb') as { localFileEngine: { prototype: Engine } };

const queues = new Map<string, Promise<void>>();

localFileEngine.prototype.write = function write(this: Engine, data: unknown) {
  // Serialized now: the state as of this save, whatever happens to the object meanwhile.
  const text = this.serialize(data);
  const tmp = `${this.path}.tmp`;
  if (!this.async) {
    writeFileSync(tmp, text);
    renameSync(tmp, this.path);
    return null;
  }
  const saved = (queues.get(this.path) ?? Promise.resolve()).then(async () => {
    await writeFile(tmp, text);
    await rename(tmp, this.path);
  });
  queues.set(this.path, saved.catch(() => undefined));
  return saved;
};

/**
 * The app under test of the load test (test/bench/carga.ts): `npm start` in its own process group and
 * its own data directory, killed and started again; and its memory, read from /proc.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const root = join(import.meta.dirname, '..', '..');

/** The fixed ports of `npm start` (scripts/start.ts): a running `npm start` would be measured instead. */
export const PUERTOS = { dynamodb: 8000, s3: 4569, cognito: 9229, lambda: 9230, api: 3001, web: 5173 };

type StackJson = { urls: { api: string; cognito: string; dynamodb: string }; userPoolId: string; userPoolClientId: string; pid: number };

export const ocupado = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect({ port, host: '127.0.0.1' });
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });

// ---------------------------------------------------------------------------------------------------
// The app under test: `tsx scripts/start.ts` in its own process group

export const dataDir = mkdtempSync(join(tmpdir(), 'transportadoras-carga-'));
mkdirSync(join(root, 'test-results'), { recursive: true });
export const logFile = join(root, 'test-results', 'load-stack.log');
const logFd = openSync(logFile, 'w');
let app: ChildProcess | null = null;

export async function arrancar(): Promise<StackJson> {
  rmSync(join(dataDir, 'stack.json'), { force: true });
  const child = spawn(join(root, 'node_modules', '.bin', 'tsx'), ['scripts/start.ts'], {
    cwd: root,
    detached: true, // its own process group: the kill takes DynamoDB Local's JVM with it, as a crash would
    stdio: ['ignore', logFd, logFd],
    env: { ...process.env, LOCAL_DATA_DIR: dataDir, SIMULADOR_CLIENTES: '0', SIMULADOR_CONDUCTORES: '0', SIGNUP_KEY: 'carga' },
  });
  app = child;
  let salio = false;
  child.once('exit', () => (salio = true));
  const hasta = Date.now() + 180_000;
  while (Date.now() < hasta) {
    if (salio) throw new Error(`npm start terminó antes de estar listo; mire ${logFile}`);
    if (existsSync(join(dataDir, 'stack.json'))) return JSON.parse(readFileSync(join(dataDir, 'stack.json'), 'utf8')) as StackJson;
    await sleep(250);
  }
  throw new Error(`npm start no estuvo listo en 180 s; mire ${logFile}`);
}

export async function matar(): Promise<void> {
  const child = app;
  if (!child?.pid || child.exitCode !== null) return;
  const fin = new Promise((resolve) => child.once('exit', resolve));
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    return;
  }
  await fin;
  // The JVM may take a moment to release its port after the signal.
  for (let i = 0; i < 100 && (await Promise.all(Object.values(PUERTOS).map(ocupado))).some(Boolean); i++) await sleep(100);
}

// ---------------------------------------------------------------------------------------------------
// Memory: resident set of every process in the app's group, from /proc

export type Muestra = { t: number; fase: 1 | 2; appMb: number; javaMb: number };
export const muestras: Muestra[] = [];

export function memoria(): { appMb: number; javaMb: number } | null {
  const pgid = app?.pid;
  if (!pgid) return null;
  let appKb = 0;
  let javaKb = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command's closing parenthesis: state, ppid, pgrp, ...
      const campos = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(campos[2]) !== pgid) continue;
      const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      // The API runs inside the Node process that runs start.ts (tsx's own launcher is a small one).
      if (cmd.startsWith('java')) javaKb += rss;
      else appKb = Math.max(appKb, rss);
    } catch {
      // the process ended in between
    }
  }
  return { appMb: appKb / 1024, javaMb: javaKb / 1024 };
}

/** Least-squares slope of the app's memory, MB per minute. */
export function pendiente(ms: Muestra[]): number | null {
  if (ms.length < 3) return null;
  const n = ms.length;
  const mx = ms.reduce((a, m) => a + m.t, 0) / n;
  const my = ms.reduce((a, m) => a + m.appMb, 0) / n;
  const num = ms.reduce((a, m) => a + (m.t - mx) * (m.appMb - my), 0);
  const den = ms.reduce((a, m) => a + (m.t - mx) ** 2, 0);
  return den ? (num / den) * 60_000 : null;
}

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type OutboxMessage = { to: string; subject: string; body: string; code?: string };

/**
 * The local stand-in for e-mail (SES / Cognito's mailer): each message becomes a file in the outbox
 * folder and one log line, so a developer can complete sign-up and recovery offline.
 */
export function createOutbox(dir: string, log: (line: string) => void) {
  mkdirSync(dir, { recursive: true });
  return {
    dir,
    send(msg: OutboxMessage) {
      const at = new Date().toISOString();
      // File names are capped (255 bytes): a long address is cut, the file's first line keeps it whole.
      const file = join(dir, `${at.replace(/[:.]/g, '-')}-${msg.to.replace(/[^a-z0-9@._-]/gi, '_').slice(0, 100)}.txt`);
      writeFileSync(file, `Para: ${msg.to}\nAsunto: ${msg.subject}\nFecha: ${at}\n${msg.code ? `Código: ${msg.code}\n` : ''}\n${msg.body}\n`);
      log(`📧 Correo para ${msg.to}: "${msg.subject}"${msg.code ? ` código ${msg.code}` : ''} (${file})`);
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;

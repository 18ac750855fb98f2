import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type OutboxMessage = { to: string; subject: string; body: string; code?: string };

/**
 * The local stand-in for e-mail (SES / Cognito's mailer): each message becomes a file in the outbox
 * folder and one log line, so a developer can complete sign-up and recovery offline.
 */
export function createOutbox(dir: string, log: (line: string) => void) {
  mkdirSync(dir, { recursive: true });
  const sent: (OutboxMessage & { at: string; file: string })[] = [];
  return {
    dir,
    sent,
    send(msg: OutboxMessage) {
      const at = new Date().toISOString();
      const file = join(dir, `${at.replace(/[:.]/g, '-')}-${msg.to.replace(/[^a-z0-9@._-]/gi, '_')}.txt`);
      writeFileSync(file, `Para: ${msg.to}\nAsunto: ${msg.subject}\nFecha: ${at}\n${msg.code ? `Código: ${msg.code}\n` : ''}\n${msg.body}\n`);
      sent.push({ ...msg, at, file });
      log(`📧 Correo para ${msg.to}: "${msg.subject}"${msg.code ? ` código ${msg.code}` : ''} (${file})`);
    },
    /** Latest code sent to an address (tests read the outbox like a person reads the inbox). */
    lastCode(to: string): string | undefined {
      return [...sent].reverse().find((m) => m.to === to.toLowerCase() && m.code)?.code;
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;

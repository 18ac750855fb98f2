import { mkdirSync } from 'node:fs';
import { escribirEnBuzon, type Correo } from '../../lambdas/adapters/correo.js';

export type OutboxMessage = Correo;

/**
 * The local stand-in for e-mail (SES / Cognito's mailer): each message becomes a file in the outbox
 * folder and one log line, so a developer can complete sign-up and recovery offline. The API writes
 * its own mail (welcome e-mails) to the same folder (OUTBOX_DIR).
 */
export function createOutbox(dir: string, log: (line: string) => void) {
  mkdirSync(dir, { recursive: true });
  return {
    dir,
    send(msg: OutboxMessage) {
      const file = escribirEnBuzon(dir, msg);
      log(`📧 Correo para ${msg.to}: "${msg.subject}"${msg.code ? ` código ${msg.code}` : ''} (${file})`);
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;

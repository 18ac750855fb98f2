import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { config } from '../config.js';

export type Correo = { to: string; subject: string; body: string; code?: string };

/**
 * Writes a message to a local outbox folder (the stand-in for SES and Cognito's mailer): one file per
 * message, its first lines the address, subject and date, so a developer or a test can read it.
 */
export function escribirEnBuzon(dir: string, msg: Correo, at = new Date()): string {
  mkdirSync(dir, { recursive: true });
  const stamp = at.toISOString();
  // File names are capped (255 bytes): a long address is cut, the file's first line keeps it whole.
  const file = join(dir, `${stamp.replace(/[:.]/g, '-')}-${msg.to.replace(/[^a-z0-9@._-]/gi, '_').slice(0, 100)}.txt`);
  writeFileSync(file, `Para: ${msg.to}\nAsunto: ${msg.subject}\nFecha: ${stamp}\n${msg.code ? `Código: ${msg.code}\n` : ''}\n${msg.body}\n`);
  return file;
}

/**
 * The API's e-mail: SES in AWS (from the configured sender, loaded on first use so functions that
 * never write mail never load its client), the local outbox on the local stack.
 */
export const correo = {
  async enviar(msg: Correo): Promise<void> {
    const { outboxDir, remitente, region, sesRegion } = config();
    if (outboxDir) {
      const file = escribirEnBuzon(outboxDir, msg);
      console.log(`[local] 📧 Correo para ${msg.to}: "${msg.subject}" (${file})`);
      return;
    }
    if (!remitente) throw new Error('Configuración inválida o incompleta: falta CORREO_REMITENTE en esta función');
    const { SESv2Client, SendEmailCommand } = await import('@aws-sdk/client-sesv2');
    await new SESv2Client({ region: sesRegion ?? region }).send(
      new SendEmailCommand({
        FromEmailAddress: remitente,
        Destination: { ToAddresses: [msg.to] },
        Content: { Simple: { Subject: { Data: msg.subject, Charset: 'UTF-8' }, Body: { Text: { Data: msg.body, Charset: 'UTF-8' } } } },
      }),
    );
  },
};

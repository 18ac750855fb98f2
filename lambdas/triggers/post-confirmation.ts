import { AdminAddUserToGroupCommand, AdminDeleteUserCommand, AdminUpdateUserAttributesCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { INITIAL_RATING } from '@shared/constants.js';
import { empresaSchema, usuarioSchema, type Usuario } from '@shared/schemas/empresa.js';
import { cognito } from '../adapters/clients/cognito.js';
import { empresaRepository } from '../data/empresa-repository.js';
import { registroRepository } from '../data/registro-repository.js';
import { usuarioRepository } from '../data/usuario-repository.js';
import { logger } from '../logger.js';

type Attributes = PostConfirmationTriggerEvent['request']['userAttributes'];

/**
 * Cognito PostConfirmation: a self-signed-up user becomes the admin of a new company (spec: rating 5,
 * perfil false, role admin), from the sign-up data PreSignUp checked and kept. Users whose record
 * already exists (internal registration) keep it, now confirmed.
 *
 * Cognito has already confirmed the user when this runs, and runs it once. So when no record can be
 * written the account is deleted again (the person can sign up anew) rather than left confirmed and
 * unusable; steps after the record (group, e-mail flag) never fail the confirmation, since the API
 * authorizes by the record.
 */
export const handler = async (event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> => {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  const a = event.request.userAttributes;
  const user = { UserPoolId: event.userPoolId, Username: event.userName };

  let usuario: Usuario;
  try {
    usuario = (a.sub && (await usuarioRepository.get(a.sub))) || (await foundCompany(a));
  } catch (err) {
    await cognito()
      .send(new AdminDeleteUserCommand(user))
      .catch((e: unknown) => logger.error('no se pudo borrar el usuario', { error: e as Error }));
    throw err;
  }

  // A missed step is caught up by the sweep, which finds the account confirmed in Cognito.
  if (usuario.confirmacion) await bestEffort('confirmación', () => usuarioRepository.markConfirmed(usuario.id));
  await bestEffort('grupo', () => cognito().send(new AdminAddUserToGroupCommand({ ...user, GroupName: usuario.role })));
  // cognito-local leaves email_verified false after confirmation (in AWS it is already true); it
  // also wants the e-mail itself in the same call.
  if (a.email_verified !== 'true' && a.email) {
    const verified = [
      { Name: 'email', Value: a.email },
      { Name: 'email_verified', Value: 'true' },
    ];
    await bestEffort('email_verified', () => cognito().send(new AdminUpdateUserAttributesCommand({ ...user, UserAttributes: verified })));
  }
  return event;
};

/**
 * Only a self sign-up founds a company, from the data PreSignUp checked (staff sign-ups keep none, so
 * a staff account whose record is gone can never become a company's admin).
 */
async function foundCompany(a: Attributes): Promise<Usuario> {
  const registro = a.sub && a.email ? await registroRepository.get(a.email) : null;
  if (!registro) throw new Error('Faltan los datos de registro de la empresa');
  const now = new Date().toISOString();
  const empresa = empresaSchema.parse({ id: a.sub, empresa: registro.empresa, creadoEn: now });
  const usuario = usuarioSchema.parse({
    id: a.sub,
    empresaId: empresa.id,
    email: registro.email,
    nombres: registro.nombres,
    apellidos: registro.apellidos,
    puesto: registro.puesto,
    role: 'admin',
    rating: INITIAL_RATING,
    perfil: false,
    creadoEn: now,
  });
  await empresaRepository.createWithFirstUser(empresa, usuario, registroRepository.deleteCommand(registro.email));
  return usuario;
}

async function bestEffort(what: string, step: () => Promise<unknown>): Promise<void> {
  try {
    await step();
  } catch (err) {
    logger.error(`PostConfirmation: paso ${what} falló`, { error: err as Error });
  }
}

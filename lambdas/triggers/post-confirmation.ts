import { AdminAddUserToGroupCommand, AdminUpdateUserAttributesCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { INITIAL_RATING, SIGNUP_ATTRIBUTES } from '../../shared/constants.js';
import { empresaSchema, usuarioSchema } from '../../shared/schemas/empresa.js';
import { cognito } from '../adapters/aws.js';
import { empresaRepository } from '../data/empresa-repository.js';
import { usuarioRepository } from '../data/usuario-repository.js';

/**
 * Cognito PostConfirmation: a self-signed-up user becomes the admin of a new company (spec: rating 5,
 * perfil false, role admin). Users whose record already exists (internal registration) keep it and
 * join the group of its role. Safe to run twice.
 */
export const handler = async (event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> => {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  const a = event.request.userAttributes;
  const sub = a.sub;
  if (!sub) throw new Error('Falta el identificador del usuario');

  // cognito-local leaves email_verified false after confirmation (in AWS it is already true); it
  // also wants the e-mail itself in the same call.
  if (a.email_verified !== 'true' && a.email) {
    await cognito().send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: event.userPoolId,
        Username: event.userName,
        UserAttributes: [
          { Name: 'email', Value: a.email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
  }

  let usuario = await usuarioRepository.get(sub);
  if (!usuario) {
    // Only a self sign-up (its data checked by PreSignUp) founds a company; a staff user whose record
    // is missing must not become an admin of a new one.
    if (!a.given_name || !a.family_name || !a[SIGNUP_ATTRIBUTES.empresa] || !a[SIGNUP_ATTRIBUTES.puesto])
      throw new Error('Faltan los datos de registro de la empresa');
    const now = new Date().toISOString();
    const empresa = empresaSchema.parse({ id: sub, empresa: a[SIGNUP_ATTRIBUTES.empresa] ?? '', creadoEn: now });
    usuario = usuarioSchema.parse({
      id: sub,
      empresaId: empresa.id,
      email: (a.email ?? '').toLowerCase(),
      nombres: a.given_name ?? '',
      apellidos: a.family_name ?? '',
      puesto: a[SIGNUP_ATTRIBUTES.puesto] ?? '',
      role: 'admin',
      rating: INITIAL_RATING,
      perfil: false,
      creadoEn: now,
    });
    await empresaRepository.createWithFirstUser(empresa, usuario);
  }

  // The group follows the record: 'admin' for a sign-up, the recorded role for users made by others.
  await cognito().send(
    new AdminAddUserToGroupCommand({ UserPoolId: event.userPoolId, Username: event.userName, GroupName: usuario.role }),
  );
  return event;
};

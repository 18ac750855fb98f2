import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { SIGNUP_KEY_FIELD, SIGNUP_METADATA, STAFF_SIGNUP_FIELD } from '@shared/constants.js';
import { registroSchema } from '@shared/schemas/auth.js';
import { MSG } from '@shared/schemas/messages.js';
import { isValidSignUpKey, isValidStaffSignUpProof } from '../adapters/signup-key.js';
import { registroRepository } from '../data/registro-repository.js';

/**
 * Cognito PreSignUp: self sign-up creates a company admin, so it needs the staff's authorization key
 * (sent as client metadata with the company data, which is checked and kept for PostConfirmation).
 * Throwing makes Cognito refuse the sign-up: no user is created.
 * Users made with the admin API (ops, seeding) need IAM rights and pass; staff registered by a company
 * admin carry the API's short-lived proof instead of the key, and found no company.
 */
export const handler = async (event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> => {
  if (event.triggerSource === 'PreSignUp_AdminCreateUser') return event;
  const metadata = event.request.clientMetadata ?? {};
  const a = event.request.userAttributes;

  if (metadata[STAFF_SIGNUP_FIELD] !== undefined) {
    if (!(await isValidStaffSignUpProof(a.email, metadata[STAFF_SIGNUP_FIELD]))) throw new Error(MSG.claveIncorrecta);
    return event;
  }

  const key = metadata[SIGNUP_KEY_FIELD] ?? event.request.validationData?.[SIGNUP_KEY_FIELD];
  if (!(await isValidSignUpKey(key))) throw new Error(MSG.claveIncorrecta);

  const parsed = registroSchema.safeParse({
    nombres: a.given_name,
    apellidos: a.family_name,
    empresa: metadata[SIGNUP_METADATA.empresa],
    puesto: metadata[SIGNUP_METADATA.puesto],
    email: a.email,
  });
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'Datos de registro inválidos');
  await registroRepository.put(parsed.data);
  return event;
};

import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { COMPANY_SIGNUP_FIELD, SIGNUP_METADATA, STAFF_SIGNUP_FIELD } from '@shared/constants.js';
import { registroSchema } from '@shared/schemas/auth.js';
import { API_MSG, MSG } from '@shared/schemas/messages.js';
import { isValidSignUpProof } from '../adapters/signup-key.js';
import { registroRepository } from '../data/registro-repository.js';

/**
 * Cognito PreSignUp: every self sign-up comes from the API, which checked the authorization key first
 * (`POST /registro` for a company's admin, `POST /usuarios` for its staff; docs/architecture.md,
 * "Untrusted input") and sends a short-lived proof bound to the e-mail instead of the key. Anything
 * else (a SignUp sent to Cognito directly) is refused: throwing makes Cognito create no user.
 * Users made with the admin API (ops, seeding, drivers) need IAM rights and pass.
 */
export const handler = async (event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> => {
  if (event.triggerSource === 'PreSignUp_AdminCreateUser') return event;
  const metadata = event.request.clientMetadata ?? {};
  const a = event.request.userAttributes;

  if (metadata[STAFF_SIGNUP_FIELD] !== undefined) {
    if (!(await isValidSignUpProof('registro-interno', a.email, metadata[STAFF_SIGNUP_FIELD]))) throw new Error(MSG.claveIncorrecta);
    return event;
  }

  if (!(await isValidSignUpProof('registro-empresa', a.email, metadata[COMPANY_SIGNUP_FIELD]))) throw new Error(MSG.claveIncorrecta);
  const parsed = registroSchema.safeParse({
    nombres: a.given_name,
    apellidos: a.family_name,
    empresa: metadata[SIGNUP_METADATA.empresa],
    puesto: metadata[SIGNUP_METADATA.puesto],
    email: a.email,
  });
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? API_MSG.datosInvalidos);
  await registroRepository.put(parsed.data);
  return event;
};

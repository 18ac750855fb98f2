import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { SIGNUP_ATTRIBUTES, SIGNUP_KEY_FIELD } from '../../shared/constants.js';
import { signUpSchema } from '../../shared/schemas/auth.js';
import { MSG } from '../../shared/schemas/messages.js';
import { isValidSignUpKey } from '../adapters/signup-key.js';

/**
 * Cognito PreSignUp: self sign-up creates a company admin, so it needs the staff's authorization key
 * (sent as client metadata). Throwing makes Cognito refuse the sign-up: no user is created.
 * Users made with the admin API (ops, internal registration, seeding) need IAM rights and pass.
 */
export const handler = async (event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> => {
  if (event.triggerSource === 'PreSignUp_AdminCreateUser') return event;

  const key = event.request.clientMetadata?.[SIGNUP_KEY_FIELD] ?? event.request.validationData?.[SIGNUP_KEY_FIELD];
  if (!(await isValidSignUpKey(key))) throw new Error(MSG.claveIncorrecta);

  const a = event.request.userAttributes;
  const parsed = signUpSchema.omit({ password: true }).safeParse({
    nombres: a.given_name,
    apellidos: a.family_name,
    empresa: a[SIGNUP_ATTRIBUTES.empresa],
    puesto: a[SIGNUP_ATTRIBUTES.puesto],
    email: a.email,
  });
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'Datos de registro inválidos');
  return event;
};

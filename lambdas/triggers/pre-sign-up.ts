import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { SIGNUP_ATTRIBUTES, SIGNUP_KEY_FIELD, STAFF_SIGNUP_FIELD } from '../../shared/constants.js';
import { signUpSchema } from '../../shared/schemas/auth.js';
import { MSG } from '../../shared/schemas/messages.js';
import { isValidSignUpKey, isValidStaffSignUpProof } from '../adapters/signup-key.js';

/**
 * Cognito PreSignUp: self sign-up creates a company admin, so it needs the staff's authorization key
 * (sent as client metadata). Throwing makes Cognito refuse the sign-up: no user is created.
 * Users made with the admin API (ops, seeding) need IAM rights and pass; staff registered by a company
 * admin carry the API's proof instead of the key.
 */
export const handler = async (event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> => {
  if (event.triggerSource === 'PreSignUp_AdminCreateUser') return event;
  const metadata = event.request.clientMetadata;
  // Staff made by a company admin through the API: the company exists, no sign-up data is asked.
  if (await isValidStaffSignUpProof(event.request.userAttributes.email, metadata?.[STAFF_SIGNUP_FIELD])) return event;

  const key = metadata?.[SIGNUP_KEY_FIELD] ?? event.request.validationData?.[SIGNUP_KEY_FIELD];
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

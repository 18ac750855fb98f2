import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { MSG } from '@shared/schemas/messages.js';

/**
 * Cognito PreSignUp: only the API makes accounts (docs/decisions/0010): with the admin API, after it
 * checked the authorization key (a company's admin) or the caller (its staff, its drivers). The pool
 * allows no self sign-up in AWS; this refuses one anyway, which is what refuses it on the local stack
 * (cognito-local does not enforce that setting). Throwing makes Cognito create no user.
 */
export const handler = async (event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> => {
  if (event.triggerSource === 'PreSignUp_AdminCreateUser') return event;
  throw new Error(MSG.claveIncorrecta);
};

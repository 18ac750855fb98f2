import { confirmResetPassword, resetPassword } from 'aws-amplify/auth';
import { CODIGO_INCORRECTO, cognitoErrorMessage, cognitoErrorName } from './cognito-errors.js';

/*
 * Recovery never says whether an address has an account. In AWS the app client's
 * `preventUserExistenceErrors` makes Cognito answer an unknown address as if it had sent a code, and
 * a wrong code for it; the local Cognito (cognito-local) has no such setting and says "user not
 * found", which is read here the way AWS answers.
 */

/** Sends the recovery code to the address (docs/spec/01.md section 7: "send reset e-mail"). */
export async function sendRecoveryCode(email: string): Promise<void> {
  try {
    await resetPassword({ username: email });
  } catch (error) {
    if (cognitoErrorName(error) !== 'UserNotFoundException') throw error;
  }
}

/** Sets the new password with the code from the e-mail. Throws an Error with a Spanish message. */
export async function setNewPassword(email: string, code: string, newPassword: string): Promise<void> {
  try {
    await confirmResetPassword({ username: email, confirmationCode: code, newPassword });
  } catch (error) {
    throw new Error(cognitoErrorMessage(error, { UserNotFoundException: CODIGO_INCORRECTO }), { cause: error });
  }
}

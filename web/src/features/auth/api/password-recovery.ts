import { confirmResetPassword, resetPassword } from 'aws-amplify/auth';
import { cognitoErrorMessage } from './cognito-errors.js';

/** Sends the recovery code to the address (spec 01 section 7: "send reset e-mail"). */
export async function sendRecoveryCode(email: string): Promise<void> {
  await resetPassword({ username: email });
}

/** Sets the new password with the code from the e-mail. Throws an Error with a Spanish message. */
export async function setNewPassword(email: string, code: string, newPassword: string): Promise<void> {
  try {
    await confirmResetPassword({ username: email, confirmationCode: code, newPassword });
  } catch (error) {
    throw new Error(cognitoErrorMessage(error), { cause: error });
  }
}

import { AdminAddUserToGroupCommand, AdminCreateUserCommand, AdminDeleteUserCommand, AdminGetUserCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { COMPANY_SIGNUP_FIELD, SIGNUP_METADATA, STAFF_SIGNUP_FIELD } from '@shared/constants.js';
import { API_MSG, REGISTRO_MSG } from '@shared/schemas/messages.js';
import { VEHICULO_MSG } from '@shared/schemas/messages-flota.js';
import { apiAuthConfig, userPoolId } from '../config.js';
import { badRequest, conflict } from '../errors.js';
import { cognito } from './clients/cognito.js';
import { signUpProof, type PropositoRegistro } from './signup-key.js';

/**
 * Cognito's SignUp with the API's proof (lambdas/triggers/pre-sign-up.ts): the account's sub, or a
 * Spanish 4xx (an address with an account already is said only to callers who hold the key).
 */
async function signUp(proposito: PropositoRegistro, input: { email: string; password: string }, atributos: { Name: string; Value: string }[], metadata: Record<string, string>): Promise<string> {
  const { userPoolClientId } = apiAuthConfig();
  const campo = proposito === 'registro-interno' ? STAFF_SIGNUP_FIELD : COMPANY_SIGNUP_FIELD;
  try {
    const res = await cognito().send(
      new SignUpCommand({
        ClientId: userPoolClientId,
        Username: input.email,
        Password: input.password,
        UserAttributes: [{ Name: 'email', Value: input.email }, ...atributos],
        ClientMetadata: { ...metadata, [campo]: await signUpProof(proposito, input.email) },
      }),
    );
    if (!res.UserSub) throw new Error('Cognito no devolvió el identificador del usuario');
    return res.UserSub;
  } catch (err) {
    const name = (err as Error).name;
    if (name === 'UsernameExistsException') throw conflict(REGISTRO_MSG.yaExiste);
    if (name === 'InvalidPasswordException') throw badRequest(REGISTRO_MSG.password);
    if (name === 'InvalidParameterException') throw badRequest(API_MSG.datosInvalidos);
    // PreSignUp's refusal (the company data it checks), in its own Spanish words.
    if (name === 'UserLambdaValidationException') throw badRequest((err as Error).message.replace(/^PreSignUp failed with error /, '').replace(/\.$/, '') || API_MSG.datosInvalidos);
    throw err;
  }
}

/** Cognito operations of the API (users are Cognito's; records are ours). */
export const identity = {
  /**
   * Signs a staff user up (Cognito e-mails the verification code) and returns the new sub.
   * PostConfirmation then adds the user to the group of the record the caller writes.
   */
  signUpStaff(input: { email: string; password: string }): Promise<string> {
    // Only the e-mail: the company comes from the record the API writes, never from attributes.
    return signUp('registro-interno', input, [], {});
  },

  /**
   * Signs a company's admin up (`POST /registro`, once the key was checked): Cognito e-mails the code;
   * PreSignUp keeps the company data and PostConfirmation founds the company from it.
   */
  signUpEmpresa(input: { email: string; password: string; nombres: string; apellidos: string; empresa: string; puesto?: string | undefined }): Promise<string> {
    const atributos = [
      { Name: 'given_name', Value: input.nombres },
      { Name: 'family_name', Value: input.apellidos },
    ];
    return signUp('registro-empresa', input, atributos, { [SIGNUP_METADATA.empresa]: input.empresa, ...(input.puesto ? { [SIGNUP_METADATA.puesto]: input.puesto } : {}) });
  },

  /**
   * A driver's account, made with its vehicle (spec: createNewVehiculo): verified e-mail, group
   * `conductor`, and Cognito's invitation with a temporary password. Returns the new sub.
   */
  async createDriver(input: { email: string; nombre: string }): Promise<string> {
    let sub: string | undefined;
    try {
      const res = await cognito().send(
        new AdminCreateUserCommand({
          UserPoolId: userPoolId(),
          Username: input.email,
          DesiredDeliveryMediums: ['EMAIL'],
          UserAttributes: [
            { Name: 'email', Value: input.email },
            { Name: 'email_verified', Value: 'true' },
            { Name: 'given_name', Value: input.nombre },
          ],
        }),
      );
      sub = res.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
      if (!sub) throw new Error('Cognito no devolvió el identificador del conductor');
      await cognito().send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId(), Username: input.email, GroupName: 'conductor' }));
      return sub;
    } catch (err) {
      if ((err as Error).name === 'UsernameExistsException') throw conflict(VEHICULO_MSG.correoConductorEnUso);
      // Made but not in its group: not left half-made.
      if (sub) await this.deleteUser(input.email).catch(() => undefined);
      throw err;
    }
  },

  /**
   * Sends a driver's invitation again, with a new temporary password (the old one stops working).
   * Only while the driver has not signed in: 'activa' once the account is in use, 'sin-cuenta' without one.
   */
  async reenviarInvitacion(email: string): Promise<'enviada' | 'activa' | 'sin-cuenta'> {
    try {
      await cognito().send(new AdminCreateUserCommand({ UserPoolId: userPoolId(), Username: email, MessageAction: 'RESEND', DesiredDeliveryMediums: ['EMAIL'] }));
      return 'enviada';
    } catch (err) {
      if ((err as Error).name === 'UnsupportedUserStateException') return 'activa';
      if ((err as Error).name === 'UserNotFoundException') return 'sin-cuenta';
      throw err;
    }
  },

  /** Undoes a sign-up whose record could not be written, so no account is left without a record. */
  async deleteUser(email: string): Promise<void> {
    await cognito().send(new AdminDeleteUserCommand({ UserPoolId: userPoolId(), Username: email }));
  },

  /** An account's status, its sub and whether it is enabled, or null when there is none. */
  async cuenta(email: string): Promise<{ estado: string; sub: string | undefined; habilitada: boolean } | null> {
    try {
      const u = await cognito().send(new AdminGetUserCommand({ UserPoolId: userPoolId(), Username: email }));
      return { estado: u.UserStatus ?? '', sub: u.UserAttributes?.find((a) => a.Name === 'sub')?.Value, habilitada: u.Enabled !== false };
    } catch (err) {
      if ((err as Error).name === 'UserNotFoundException') return null;
      throw err;
    }
  },

  /** Cognito's status of an account ('UNCONFIRMED', 'CONFIRMED', ...), or null when there is none. */
  async status(email: string): Promise<string | null> {
    return (await identity.cuenta(email))?.estado || null;
  },
};

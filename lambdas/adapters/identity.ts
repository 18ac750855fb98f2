import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { API_MSG, REGISTRO_MSG } from '@shared/schemas/messages.js';
import { VEHICULO_MSG } from '@shared/schemas/messages-flota.js';
import { userPoolId } from '../config.js';
import { badRequest, conflict } from '../errors.js';
import { cognito } from './clients/cognito.js';

/** Cognito operations of the API (users are Cognito's; records are ours). */
export const identity = {
  /**
   * A new console account (docs/decisions/0010): made with the admin API, the password the person
   * chose, the e-mail not yet verified. The API sends the code and verifies the e-mail itself
   * (`verificarCorreo`); until then the API refuses its tokens. Returns the new sub.
   */
  async crearCuenta(input: { email: string; password: string; nombres?: string; apellidos?: string; verificada?: boolean }): Promise<string> {
    let sub: string | undefined;
    try {
      const res = await cognito().send(
        new AdminCreateUserCommand({
          UserPoolId: userPoolId(),
          Username: input.email,
          MessageAction: 'SUPPRESS',
          UserAttributes: [
            { Name: 'email', Value: input.email },
            // Verified from the start only for an invited staff member, who proved the address by its link (docs/decisions/0011).
            { Name: 'email_verified', Value: input.verificada ? 'true' : 'false' },
            ...(input.nombres ? [{ Name: 'given_name', Value: input.nombres }] : []),
            ...(input.apellidos ? [{ Name: 'family_name', Value: input.apellidos }] : []),
          ],
        }),
      );
      sub = res.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
      if (!sub) throw new Error('Cognito no devolvió el identificador del usuario');
      await cognito().send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId(), Username: input.email, Password: input.password, Permanent: true }));
      return sub;
    } catch (err) {
      const name = (err as Error).name;
      if (name === 'UsernameExistsException') throw conflict(REGISTRO_MSG.yaExiste);
      // Made but without its password: not left half-made.
      if (sub) await this.deleteUser(input.email).catch(() => undefined);
      if (name === 'InvalidPasswordException') throw badRequest(REGISTRO_MSG.password);
      if (name === 'InvalidParameterException') throw badRequest(API_MSG.datosInvalidos);
      throw err;
    }
  },

  /**
   * The code matched: the e-mail is verified (cognito-local wants the e-mail itself in the same call)
   * and the account joins its group, named by its sub (cognito-local matches members by the literal name).
   */
  async verificarCorreo(email: string, sub: string, grupo: string): Promise<void> {
    const UserAttributes = [
      { Name: 'email', Value: email },
      { Name: 'email_verified', Value: 'true' },
    ];
    await cognito().send(new AdminUpdateUserAttributesCommand({ UserPoolId: userPoolId(), Username: email, UserAttributes }));
    await this.agregarAGrupo(sub, grupo);
  },

  /** The account joins its group, named by its sub (cognito-local matches members by the literal name). */
  async agregarAGrupo(sub: string, grupo: string): Promise<void> {
    await cognito().send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId(), Username: sub, GroupName: grupo }));
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

  /** An account's status, its sub, whether it is enabled and its e-mail verified, or null when there is none. */
  async cuenta(email: string): Promise<{ estado: string; sub: string | undefined; habilitada: boolean; verificada: boolean } | null> {
    try {
      const u = await cognito().send(new AdminGetUserCommand({ UserPoolId: userPoolId(), Username: email }));
      const atributo = (nombre: string) => u.UserAttributes?.find((a) => a.Name === nombre)?.Value;
      return { estado: u.UserStatus ?? '', sub: atributo('sub'), habilitada: u.Enabled !== false, verificada: atributo('email_verified') === 'true' };
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

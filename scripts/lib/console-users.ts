import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { destinoAvisos } from '@shared/domain/avisos-vencimiento.js';
import { INITIAL_RATING } from '@shared/constants.js';
import { usuarioSchema, type Usuario } from '@shared/schemas/empresa.js';

export type NewConsoleUser = {
  email: string;
  /** null: invited and not signed in yet (a driver's account waiting for its first password). */
  password: string | null;
  nombres: string;
  apellidos: string;
  puesto?: string;
  perfil?: boolean;
} & (
  | { role: 'admin' | 'user'; empresaId: string }
  | { role: 'plataforma' }
  | { role: 'conductor'; empresaId: string; vehiculoId: string }
);

/**
 * Makes a console user with the admin API (verified e-mail, permanent password, group) and its user
 * record. Used by the demo seed and by ops' `npm run create-platform-user`. Idempotent on the e-mail.
 * Without a password the account stays as an invitation leaves it (FORCE_CHANGE_PASSWORD).
 */
export async function createConsoleUser(
  deps: { cognito: CognitoIdentityProviderClient; userPoolId: string; ddb: DynamoDBDocumentClient; usuariosTable: string },
  u: NewConsoleUser,
): Promise<Usuario> {
  const email = u.email.toLowerCase();
  let sub = await findSub(deps, email);
  if (!sub) {
    const created = await deps.cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: deps.userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'given_name', Value: u.nombres },
          { Name: 'family_name', Value: u.apellidos },
        ],
      }),
    );
    sub = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
    if (!sub) throw new Error(`Cognito no devolvió el identificador de ${email}`);
  }
  const { password: _password, ...fields } = u;
  const usuario = usuarioSchema.parse({
    ...fields,
    id: sub,
    email,
    nombres: u.nombres,
    apellidos: u.apellidos,
    puesto: u.puesto ?? '',
    role: u.role,
    rating: INITIAL_RATING,
    perfil: u.perfil ?? false,
    // The expiry alerts start on for admins and marketplace staff (docs/decisions/0015).
    avisos: destinoAvisos(u),
    creadoEn: new Date().toISOString(),
  });
  // Re-running for the same person is fine; turning another kind of user into this one is not.
  try {
    await deps.ddb.send(
      new PutCommand({
        TableName: deps.usuariosTable,
        Item: usuario,
        ConditionExpression: `attribute_not_exists(id) OR (#role = :role AND ${'empresaId' in u ? 'empresaId = :empresa' : 'attribute_not_exists(empresaId)'})`,
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: { ':role': u.role, ...('empresaId' in u ? { ':empresa': u.empresaId } : {}) },
      }),
    );
  } catch (err) {
    if ((err as Error).name === 'ConditionalCheckFailedException')
      throw new Error(`${email} ya existe con otro rol o empresa; no se modificó`);
    throw err;
  }
  if (u.password !== null) await deps.cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: deps.userPoolId, Username: email, Password: u.password, Permanent: true }));
  await deps.cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: deps.userPoolId, Username: email, GroupName: u.role }));
  return usuario;
}

async function findSub(deps: { cognito: CognitoIdentityProviderClient; userPoolId: string }, email: string): Promise<string | undefined> {
  try {
    const user = await deps.cognito.send(new AdminGetUserCommand({ UserPoolId: deps.userPoolId, Username: email }));
    return user.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
  } catch (err) {
    if ((err as Error).name === 'UserNotFoundException') return undefined;
    throw err;
  }
}

import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { usuarioSchema, type Usuario } from '../../shared/schemas/empresa.js';
import { ddb, tableName } from '../adapters/aws.js';

/** Console users: one item per Cognito sub. */
export const usuarioRepository = {
  async get(id: string): Promise<Usuario | null> {
    const { Item } = await ddb().send(new GetCommand({ TableName: tableName('usuarios'), Key: { id } }));
    return Item ? usuarioSchema.parse(Item) : null;
  },

  /** Users of one company, by e-mail (GSI byEmpresa). */
  async listByEmpresa(empresaId: string): Promise<Usuario[]> {
    const { Items = [] } = await ddb().send(
      new QueryCommand({
        TableName: tableName('usuarios'),
        IndexName: 'byEmpresa',
        KeyConditionExpression: 'empresaId = :e',
        ExpressionAttributeValues: { ':e': empresaId },
      }),
    );
    return Items.map((i) => usuarioSchema.parse(i));
  },
};

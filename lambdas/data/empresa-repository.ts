import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { empresaSchema, type Empresa, type Usuario } from '../../shared/schemas/empresa.js';
import { ddb, tableName } from '../adapters/aws.js';

export const empresaRepository = {
  async get(id: string): Promise<Empresa | null> {
    const { Item } = await ddb().send(new GetCommand({ TableName: tableName('empresas'), Key: { id } }));
    return Item ? empresaSchema.parse(Item) : null;
  },

  /**
   * A new company and its first user in one transaction, so a retry or a race can never leave a
   * user without company or create either twice.
   */
  async createWithFirstUser(empresa: Empresa, usuario: Usuario): Promise<void> {
    await ddb().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName('empresas'), Item: empresa, ConditionExpression: 'attribute_not_exists(id)' } },
          { Put: { TableName: tableName('usuarios'), Item: usuario, ConditionExpression: 'attribute_not_exists(id)' } },
        ],
      }),
    );
  },
};

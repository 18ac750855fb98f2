import { CreateTableCommand, DescribeTableCommand, DescribeTimeToLiveCommand, DynamoDBClient, ListTablesCommand, UpdateTableCommand, UpdateTimeToLiveCommand, type AttributeDefinition } from '@aws-sdk/client-dynamodb';
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { TABLES, localTableName, type TableDef } from '@shared/tables.js';
import { waitFor } from './ports.js';

const require = createRequire(import.meta.url);
const emulatorDir = join(dirname(require.resolve('amplify-dynamodb-simulator/package.json')), 'emulator');

/** DynamoDB Local (the jar shipped in amplify-dynamodb-simulator) on the machine's Java 17. */
export async function startDynamoDb(opts: { port: number; dbPath: string | null; workDir: string }): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  const args = [
    `-Djava.library.path=${join(emulatorDir, 'DynamoDBLocal_lib')}`,
    '-jar',
    join(emulatorDir, 'DynamoDBLocal.jar'),
    '-port',
    String(opts.port),
    '-disableTelemetry',
    // One database for every access key and region (the seed and the API use different ones).
    '-sharedDb',
    ...(opts.dbPath ? ['-dbPath', opts.dbPath] : ['-inMemory']),
  ];
  // Its working folder receives a metadata file even in memory, so keep it in the stack's folder.
  const proc: ChildProcess = spawn('java', args, { cwd: opts.workDir, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  proc.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  // Never leave the JVM behind, even when this process dies of an error.
  const killOnExit = () => proc.kill('SIGKILL');
  process.once('exit', killOnExit);
  proc.once('error', (err) => {
    stderr += String(err);
  });

  const endpoint = `http://127.0.0.1:${opts.port}`;
  const client = localClient(endpoint);
  try {
    await waitFor('DynamoDB Local', async () => {
      if (proc.exitCode !== null) throw new Error(`DynamoDB Local terminó: ${stderr}`);
      await client.send(new ListTablesCommand({}));
    });
  } catch (err) {
    proc.kill('SIGKILL');
    throw err;
  }
  return {
    endpoint,
    stop: async () => {
      process.off('exit', killOnExit);
      if (proc.exitCode === null) {
        proc.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
        if (proc.exitCode === null) proc.kill('SIGKILL');
      }
    },
  };
}

export const localClient = (endpoint: string) =>
  new DynamoDBClient({ endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });

/** Creates every table of shared/tables.ts that is missing (same definitions as the CDK stack). */
export async function ensureTables(endpoint: string, prefix: string): Promise<Record<string, string>> {
  const client = localClient(endpoint);
  const existing = new Set((await client.send(new ListTablesCommand({}))).TableNames ?? []);
  const names: Record<string, string> = {};
  for (const def of Object.values(TABLES)) {
    const name = localTableName(prefix, def.key);
    names[def.key] = name;
    if (!existing.has(name)) await client.send(new CreateTableCommand(createTableInput(def, name)));
    else await addMissingIndexes(client, def, name);
    if (def.ttlAttribute) {
      const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: name }));
      if (ttl.TimeToLiveDescription?.TimeToLiveStatus !== 'ENABLED')
        await client.send(new UpdateTimeToLiveCommand({ TableName: name, TimeToLiveSpecification: { Enabled: true, AttributeName: def.ttlAttribute } }));
    }
  }
  return names;
}

/** A table kept in .local/ from before an index was added gets it, as CloudFormation would add it. */
async function addMissingIndexes(client: DynamoDBClient, def: TableDef, name: string) {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
  const present = new Set((Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
  const input = createTableInput(def, name);
  for (const index of input.GlobalSecondaryIndexes ?? []) {
    if (present.has(index.IndexName)) continue;
    await client.send(
      new UpdateTableCommand({ TableName: name, AttributeDefinitions: input.AttributeDefinitions, GlobalSecondaryIndexUpdates: [{ Create: index }] }),
    );
  }
}

function createTableInput(def: TableDef, name: string) {
  const attrs = new Map<string, AttributeDefinition>();
  const add = (k?: { name: string; type: 'S' | 'N' }) => k && attrs.set(k.name, { AttributeName: k.name, AttributeType: k.type });
  add(def.partitionKey);
  add(def.sortKey);
  def.indexes.forEach((i) => (add(i.partitionKey), add(i.sortKey)));
  const keySchema = (pk: { name: string }, sk?: { name: string }) => [
    { AttributeName: pk.name, KeyType: 'HASH' as const },
    ...(sk ? [{ AttributeName: sk.name, KeyType: 'RANGE' as const }] : []),
  ];
  return {
    TableName: name,
    BillingMode: 'PAY_PER_REQUEST' as const,
    AttributeDefinitions: [...attrs.values()],
    KeySchema: keySchema(def.partitionKey, def.sortKey),
    GlobalSecondaryIndexes: def.indexes.length
      ? def.indexes.map((i) => ({ IndexName: i.indexName, KeySchema: keySchema(i.partitionKey, i.sortKey), Projection: { ProjectionType: 'ALL' as const } }))
      : undefined,
  };
}

/**
 * Ops, once, when the expiry alerts are deployed (docs/decisions/0015): puts every vehicle into the
 * alerts' index (due today: the next run sets its real day) and every company admin and marketplace
 * staff member into the recipients' index (alerts on, as for new accounts). Records already in are
 * left as they are. A scan, on purpose: it reads every record once, never again.
 * Usage: TABLE_VEHICULOS=... TABLE_USUARIOS=... AWS_REGION=... npx tsx scripts/backfill-avisos.ts [--escribir]
 * Locally add DYNAMODB_ENDPOINT (see README).
 */
import { paginateScan, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { parseArgs } from 'node:util';
import { destinoAvisos, revisarAvisos } from '../shared/domain/avisos-vencimiento.js';
import { opsTablas } from './lib/ops-clients.js';

const { tablas: env, ddb } = opsTablas(['TABLE_VEHICULOS', 'TABLE_USUARIOS']);

const { values } = parseArgs({ options: { escribir: { type: 'boolean', default: false } } });

/** Sets `campos` on the record unless it already has `clave` (conditional: a record written meanwhile wins). */
async function poner(tabla: string, id: string, campos: Record<string, string>, clave: string): Promise<boolean> {
  if (!values.escribir) return true;
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tabla,
        Key: { id },
        UpdateExpression: `SET ${Object.keys(campos).map((k, i) => `#k${i} = :v${i}`).join(', ')}`,
        ConditionExpression: `attribute_exists(id) AND attribute_not_exists(#clave)`,
        ExpressionAttributeNames: { ...Object.fromEntries(Object.keys(campos).map((k, i) => [`#k${i}`, k])), '#clave': clave },
        ExpressionAttributeValues: Object.fromEntries(Object.values(campos).map((v, i) => [`:v${i}`, v])),
      }),
    );
    return true;
  } catch (err) {
    if ((err as Error).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}

let vehiculos = 0;
// Vehicles have `empresaAliada`; the plate guards in the same table do not.
for await (const page of paginateScan({ client: ddb }, { TableName: env.TABLE_VEHICULOS, FilterExpression: 'attribute_exists(empresaAliada) AND attribute_not_exists(aviso)', ProjectionExpression: 'id' }))
  for (const v of page.Items ?? []) if (await poner(env.TABLE_VEHICULOS, String(v.id), revisarAvisos(new Date()), 'aviso')) vehiculos++;

let usuarios = 0;
for await (const page of paginateScan({ client: ddb }, { TableName: env.TABLE_USUARIOS, FilterExpression: 'attribute_not_exists(avisos)', ProjectionExpression: 'id, #r, empresaId', ExpressionAttributeNames: { '#r': 'role' } }))
  for (const u of page.Items ?? []) {
    const destino = destinoAvisos({ role: String(u.role), empresaId: u.empresaId as string | undefined });
    if (destino && (await poner(env.TABLE_USUARIOS, String(u.id), { avisos: destino }, 'avisos'))) usuarios++;
  }

console.log(`${vehiculos} vehículos y ${usuarios} usuarios ${values.escribir ? 'puestos en los avisos de vencimiento.' : 'por poner (solo lectura: agrega --escribir).'}`);

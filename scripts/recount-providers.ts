/**
 * Ops: counts the provider lists again from the records and shows the difference with the counters
 * the panel reads; `--escribir` replaces them (only if nothing moved meanwhile). For after a
 * point-in-time restore or a hand edit of a record (docs/operations.md).
 * Usage: TABLE_VEHICULOS=... TABLE_PROVEEDORES=... AWS_REGION=... npm run recount-providers [-- --escribir]
 * Locally add DYNAMODB_ENDPOINT (see README).
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { parseArgs } from 'node:util';
import { opsTablas } from './lib/ops-clients.js';
import { recontarProveedores } from './lib/recuento.js';

const { tablas: env, ddb } = opsTablas(['TABLE_VEHICULOS', 'TABLE_PROVEEDORES']);
const { values } = parseArgs({ options: { escribir: { type: 'boolean', default: false } } });

try {
  const r = await recontarProveedores(ddb, { vehiculos: env.TABLE_VEHICULOS, proveedores: env.TABLE_PROVEEDORES }, values.escribir);
  const claves = [...new Set([...Object.keys(r.antes), ...Object.keys(r.despues)])].sort();
  for (const k of claves) console.log(`${k.padEnd(28)} ${String(r.antes[k] ?? 0).padStart(6)} -> ${String(r.despues[k] ?? 0).padStart(6)}${(r.antes[k] ?? 0) === (r.despues[k] ?? 0) ? '' : '  (distinto)'}`);
  if (r.desacordes.length) console.log(`Registros en una lista que no es la de su estado (corregir a mano): ${r.desacordes.join(', ')}`);
  if (r.ilegibles.length) console.log(`Registros ilegibles, sin contar: ${r.ilegibles.join(', ')}`);
  console.log(r.escrito ? 'Contadores reemplazados.' : values.escribir ? 'Sin cambios: los contadores ya coinciden.' : 'Solo lectura: agrega --escribir para reemplazarlos.');
} catch (err) {
  if (!(err instanceof ConditionalCheckFailedException)) throw err;
  console.error('Un proveedor cambió de lista mientras se contaba: los contadores no se tocaron. Vuelve a ejecutarlo.');
  process.exitCode = 1;
}

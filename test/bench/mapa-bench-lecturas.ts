/**
 * What the map feed reads, for test/bench/mapa-bench.ts: counted by part on the API's own DynamoDB
 * client (the API runs in the bench's process), so the bench's own writes and counts are left out.
 */
import { table } from './mapa-bench-datos.js';

/** One part of what a map request reads: DynamoDB requests, items read and the capacity it reports. */
type Cuenta = { peticiones: number; items: number; rcu: number };
export const PARTES = ['pendientes', 'flota', 'propios', 'usuario', 'perfil', 'cambios', 'otras'] as const;
export type Parte = (typeof PARTES)[number];
/** (a) pendientes; (b) flota + propios; (c) usuario + perfil; (d) the change log. `recargas`: first pages of the pending feed. */
export type Lecturas = Record<Parte, Cuenta> & { recargas: number };

const vacias = (): Lecturas => ({ ...(Object.fromEntries(PARTES.map((p) => [p, { peticiones: 0, items: 0, rcu: 0 }])) as Record<Parte, Cuenta>), recargas: 0 });
export const suma = (l: Lecturas, partes: readonly Parte[]): Cuenta =>
  partes.reduce((s, p) => ({ peticiones: s.peticiones + l[p].peticiones, items: s.items + l[p].items, rcu: s.rcu + l[p].rcu }), { peticiones: 0, items: 0, rcu: 0 });
export const FEED: Parte[] = ['pendientes'];
export const EMPRESA: Parte[] = ['flota', 'propios'];
export const AUTH: Parte[] = ['usuario', 'perfil'];
export const LOG: Parte[] = ['cambios'];

/**
 * Adds up, by part of the map feed, every Query and GetItem the API's client sends: a Query's
 * ScannedCount (items examined, what DynamoDB bills), 1 per GetItem that found its item, and the
 * consumed capacity, which each of them is asked to return (DynamoDB Local reports it).
 */
export async function contarLecturas() {
  const { ddb } = await import('../../lambdas/adapters/clients/dynamodb.js');
  let actual = vacias();
  ddb().middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as { TableName?: string; IndexName?: string; ExclusiveStartKey?: unknown; ReturnConsumedCapacity?: string };
      const consulta = context.commandName === 'QueryCommand';
      const lectura = context.commandName === 'GetItemCommand';
      if (consulta || lectura) input.ReturnConsumedCapacity = 'TOTAL';
      const out = await next(args);
      const o = out.output as { ScannedCount?: number; Item?: unknown; ConsumedCapacity?: { CapacityUnits?: number } };
      const parte: Parte =
        consulta && input.IndexName === 'pendientesPorTipo' ? 'pendientes'
        : consulta && input.IndexName === 'byEmpresaAliada' && input.TableName === table('vehiculos') ? 'flota'
        : consulta && input.IndexName === 'byEmpresaAliada' && input.TableName === table('services') ? 'propios'
        : lectura && input.TableName === table('usuarios') ? 'usuario'
        : lectura && input.TableName === table('empresas') ? 'perfil'
        : consulta && input.TableName === table('cambios') ? 'cambios'
        : 'otras';
      const c = actual[parte];
      c.peticiones++;
      c.items += consulta ? (o.ScannedCount ?? 0) : lectura && o.Item ? 1 : 0;
      c.rcu += o.ConsumedCapacity?.CapacityUnits ?? 0;
      if (parte === 'pendientes' && !input.ExclusiveStartKey) actual.recargas++;
      return out;
    },
    { step: 'initialize', name: 'benchMapaLecturas' },
  );
  return {
    reiniciar: () => void (actual = vacias()),
    tomar: (): Lecturas => structuredClone(actual),
  };
}

/**
 * The data the map bench (test/bench/mapa-bench.ts) stores: services as the client app publishes them
 * and as they pile up, companies and their fleets, written in batches; the payments bench and the load
 * test (pagos-bench.ts, carga.ts) store theirs with it too.
 */
import { BatchWriteCommand, type DynamoDBDocumentClient, QueryCommand, type BatchWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { servicioItem } from '../../lambdas/data/service-repository.js';
import { EXPIRY_SECONDS } from '@shared/constants.js';
import { claveMapa, DIAS_FINALIZADOS_EN_MAPA } from '@shared/domain/mapa.js';
import { empresaSchema } from '@shared/schemas/empresa.js';
import { serviceSchema, VEHICLE_TYPES, type Service, type VehicleType } from '@shared/schemas/service.js';
import { vehicleCode, vehiculoSchema } from '@shared/schemas/vehiculo.js';
import { localTableName, type TableKey } from '@shared/tables.js';
import { vehiculoNuevo } from '../support/vehiculos.js';

/** BatchWrite calls in flight while loading (25 items each). */
export const LOTES_PARALELOS = 8;
/** Companies that won the old services (the history is spread over them). */
export const EMPRESAS_HISTORIAL = 400;

export const table = (k: TableKey) => localTableName('local', k);

// ---------------------------------------------------------------------------------------------------
// The stored services

const ORIGENES: [string, number, number][] = [
  ['Hotel Intercontinental, Av. Colombia # 2-72, Cali', 3.4486, -76.539],
  ['Terminal de Transportes, Calle 30N # 2AN-29, Cali', 3.4661, -76.521],
  ['Universidad del Valle, Sede Meléndez, Cali', 3.3755, -76.533],
  ['Centro Comercial Unicentro, Cra. 100 # 5-169, Cali', 3.3763, -76.54],
  ['Parque Caldas, Popayán', 2.4419, -76.6063],
  ['Plaza de Bolívar, Palmira', 3.5394, -76.3036],
  ['Parque Boyacá, Buga', 3.9009, -76.2978],
  ['Muelle Turístico, Buenaventura', 3.8837, -77.0311],
];
const DESTINOS = ['Aeropuerto Alfonso Bonilla Aragón, Palmira', 'Lago Calima, Darién', 'Salento, Quindío', 'Centro histórico, Popayán', 'Tuluá, Valle del Cauca', 'Jamundí, Valle del Cauca'];
const CLIENTES = ['Universidad Icesi', 'Carvajal S.A.', 'Colombina S.A.', 'Clínica Imbanaco', 'Harinera del Valle', 'Riopaila Castilla', 'Tecnoquímicas S.A.', 'Emcali'];
const CONTACTOS = ['Juliana Castro', 'Felipe Arango', 'Natalia Ospina', 'Diego Cárdenas', 'Valentina Ruiz'];
const CAPACIDAD: Record<VehicleType, number> = { Automovil: 4, Suv: 6, '4x4 Platon': 4, Minivan: 10, Van: 15, Buseta: 25, Buseton: 32, Bus: 45, Chiva: 40 };
const DIA = 86_400_000;

/** A service as `servicioItem` stores it, parsed by `serviceSchema` first (so it has the real shape). */
export function servicio(rand: () => number, campos: Partial<Service> & Pick<Service, 'id' | 'estado' | 'tipo' | 'fechaSalida' | 'creadoEn'>): Record<string, unknown> {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const [origen, lat, lng] = pick(ORIGENES);
  const cliente = pick(CLIENTES);
  return servicioItem(
    serviceSchema.parse({
      empresa: cliente, cliente, nombre: `Traslado ${cliente}`, solicitante: pick(CONTACTOS), telefonoOperador: `31${Math.floor(10_000_000 + rand() * 89_999_999)}`,
      clase: pick(['Empresarial', 'Turismo', 'Ejecutivo', 'Eventos']), origen, destino: pick(DESTINOS),
      latOrigen: +(lat + (rand() - 0.5) * 0.02).toFixed(5), lonOrigen: +(lng + (rand() - 0.5) * 0.02).toFixed(5),
      paradas: rand() < 0.3 ? [{ location: pick(ORIGENES)[0] }] : [],
      fechaRegreso: null, pasajeros: 1 + Math.floor(rand() * CAPACIDAD[campos.tipo]), ciudad: 'Cali', departamento: 'Valle del Cauca',
      observaciones: rand() < 0.4 ? 'Se requiere conductor con experiencia en carretera y vehículo con aire acondicionado.' : '',
      ...campos,
    }),
  );
}

/** Pending, published in the last 20 h (so it does not expire during the bench); a few already departed. */
export function vivo(rand: () => number, i: number, now: number, oferentes: string[]) {
  const tipo = VEHICLE_TYPES[i % VEHICLE_TYPES.length]!;
  const creado = now - Math.floor(rand() * 20 * 3600_000);
  // 3 %: the departure passed while still pending (the read's filter drops them, after reading them).
  const salida = rand() < 0.03 ? now - Math.floor((1 + rand() * 3) * 3600_000) : now + Math.floor((1 + rand() * 13) * DIA);
  return servicio(rand, {
    id: `bench-vivo-${i}`, estado: 'pendiente', tipo, creadoEn: new Date(creado).toISOString(), fechaSalida: new Date(salida).toISOString(),
    expiresAt: Math.floor(creado / 1000) + EXPIRY_SECONDS, mapa: claveMapa(tipo), oferentes: rand() < 0.3 ? oferentes.filter(() => rand() < 0.5) : [],
  });
}

/**
 * The history that piles up: pending services that expired unanswered (they keep `mapa` and sit in
 * the map index, since TTL never deletes locally) and finished trips of many companies, a share of
 * them the measured company's, older than the week its map shows.
 */
export function historico(rand: () => number, i: number, now: number, empresaMedida: string) {
  const tipo = VEHICLE_TYPES[Math.floor(rand() * VEHICLE_TYPES.length)]!;
  if (rand() < 0.65) {
    const creado = now - Math.floor((1.05 + rand() * 364) * DIA);
    return servicio(rand, {
      id: `bench-vencido-${i}`, estado: 'pendiente', tipo, creadoEn: new Date(creado).toISOString(), fechaSalida: new Date(creado + (1 + rand() * 13) * DIA).toISOString(),
      expiresAt: Math.floor(creado / 1000) + EXPIRY_SECONDS, mapa: claveMapa(tipo),
    });
  }
  const salida = now - Math.floor((DIAS_FINALIZADOS_EN_MAPA + 1 + rand() * 358) * DIA);
  const empresaAliada = rand() < 0.05 ? empresaMedida : `bench-historial-${Math.floor(rand() * EMPRESAS_HISTORIAL)}`;
  return servicio(rand, {
    id: `bench-finalizado-${i}`, estado: 'finalizado', tipo, empresaAliada, creadoEn: new Date(salida - (1 + rand() * 13) * DIA).toISOString(),
    fechaSalida: new Date(salida).toISOString(), valorOferta: 100_000 * (2 + Math.floor(rand() * 30)), metodoPago: rand() < 0.5 ? 'epayco' : 'transferencia',
    conductor: 'Jhon Jairo Paz', placas: 'VCK512', fuec: true, recorridoIniciado: true, oferentes: [empresaAliada],
  });
}

/** The measured company's work at hand: accepted, reserved and confirmed trips ahead, finished this week. */
export function propio(rand: () => number, i: number, now: number, empresaAliada: string, tipos: readonly VehicleType[]) {
  const estado = (['validar', 'reservado', 'confirmado', 'finalizado'] as const)[i % 4]!;
  const salida = estado === 'finalizado' ? now - Math.floor((0.5 + rand() * 5) * DIA) : now + Math.floor((0.5 + rand() * 13) * DIA);
  return servicio(rand, {
    id: `bench-propio-${i}`, estado, tipo: tipos[i % tipos.length]!, empresaAliada, creadoEn: new Date(salida - 3 * DIA).toISOString(), fechaSalida: new Date(salida).toISOString(),
    valorOferta: 850_000, metodoPago: 'transferencia', fuec: estado === 'confirmado' || estado === 'finalizado', oferentes: [empresaAliada],
  });
}

/** A trip under way for a vehicle (the API takes its driver's position only then), departed an hour ago. */
export function enCurso(rand: () => number, i: number, now: number, empresaAliada: string, vehiculoId: string) {
  const salida = now - 3600_000;
  return servicio(rand, {
    id: `bench-encurso-${empresaAliada}-${i}`, estado: 'confirmado', tipo: 'Van', empresaAliada, vehiculoId, creadoEn: new Date(salida - 3 * DIA).toISOString(),
    fechaSalida: new Date(salida).toISOString(), valorOferta: 850_000, metodoPago: 'transferencia', fuec: true, recorridoIniciado: true, recorridoIniciadoEn: new Date(salida - 2 * 3600_000).toISOString(),
    placas: `BEN${String(i).padStart(3, '0')}`, conductor: 'Conductor Bench', oferentes: [empresaAliada],
  });
}

/** BatchWrite, 25 items a call, `LOTES_PARALELOS` calls in flight; returns the milliseconds it took. */
export async function cargar(doc: DynamoDBDocumentClient, key: TableKey, items: Record<string, unknown>[]): Promise<number> {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: LOTES_PARALELOS }, async () => {
      while (next < items.length) {
        const lote = items.slice(next, next + 25);
        next += 25;
        let requests: NonNullable<BatchWriteCommandInput['RequestItems']>[string] = lote.map((Item) => ({ PutRequest: { Item } }));
        while (requests.length) {
          const out = await doc.send(new BatchWriteCommand({ RequestItems: { [table(key)]: requests } }));
          requests = out.UnprocessedItems?.[table(key)] ?? [];
        }
      }
    }),
  );
  return performance.now() - started;
}

/** Items of a partition (or key range) of an index, counted by the bench's own client. */
export async function contar(doc: DynamoDBDocumentClient, input: Omit<ConstructorParameters<typeof QueryCommand>[0], 'Select' | 'ExclusiveStartKey'>): Promise<number> {
  let total = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(new QueryCommand({ ...input, Select: 'COUNT', ExclusiveStartKey: start }));
    total += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return total;
}

// ---------------------------------------------------------------------------------------------------
// Companies, fleets and users

export function empresa(id: string, nombre: string, now: Date) {
  return empresaSchema.parse({
    id, empresa: nombre, ciudad: 'Cali', direccion: 'Calle 5 # 38-25, Cali', banco: 'Bancolombia', titular: nombre, rut: '900123456', cuenta: '04512345678', tipocuenta: 'corriente',
    fotosCorporativas: [`companies/${id}/fotosCorporativas/bench/corporativa1`, '', '', '', ''], perfil: true, creadoEn: now.toISOString(),
  });
}

/** Vehicles of these types (round robin) with their plate guards, as `vehiculoRepository.create` stores them. */
export function flota(empresaId: string, nombre: string, tipos: readonly VehicleType[], vehiculos: number, now: Date): Record<string, unknown>[] {
  return Array.from({ length: vehiculos }, (_, i) => {
    const id = `veh-${empresaId}-${String(i + 1).padStart(3, '0')}`;
    const placas = `BEN${String(i + 1).padStart(3, '0')}`;
    const tipo = tipos[i % tipos.length]!;
    const { terminos: _t, fotos: _f, documentos: _d, ...datos } = vehiculoNuevo({ placas, tipo, capacidad: CAPACIDAD[tipo], email: `conductor.${i + 1}@${empresaId}.bench` });
    const vehiculo = vehiculoSchema.parse({ ...datos, id, codigo: vehicleCode(id), empresaAliada: empresaId, empresa: nombre, validado: true, rating: 5, viajesRealizados: 0, fechaCreacion: now.toISOString() });
    return [vehiculo, { id: `placa#${empresaId}#${placas}`, vehiculoId: id }];
  }).flat();
}

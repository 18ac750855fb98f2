import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { BatchWriteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { S3RVER_CREDENTIALS } from '../../lambdas/adapters/clients/shared.js';
import { isExpired } from '../../shared/domain/trips.js';
import { empresaSchema, type Empresa } from '../../shared/schemas/empresa.js';
import { APP_CLIENTES, EPAYCO, nuevaEntrada, SISTEMA, type EntradaHistorial, type Quien } from '../../shared/schemas/historial.js';
import { nuevaOferta, type Oferta } from '../../shared/schemas/oferta.js';
import { normalizarBusqueda } from '../../shared/domain/proveedores.js';
import { POR_ASIGNAR, serviceSchema, type CobroSinAplicar, type Service, type VehicleType } from '../../shared/schemas/service.js';
import { servicioPendiente } from '../../shared/domain/servicios.js';
import { agendaCon, camposDeAsignacion, inicioAgenda } from '../../shared/domain/asignacion.js';
import { servicioItem } from '../../lambdas/data/service-repository.js';
import { FOTOS_VEHICULO, uploadKeys } from '../../shared/domain/uploads.js';
import { hoyEnBogota } from '../../shared/domain/vencimientos.js';
import { vehicleCode, vehiculoSchema, type Amenidad, type Vehiculo } from '../../shared/schemas/vehiculo.js';
import { localTableName, type TableKey } from '../../shared/tables.js';
import { createConsoleUser, type NewConsoleUser } from '../lib/console-users.js';
import { servicioSimulado } from './demo-data.js';
import { localClient } from './dynamodb.js';
import { solidPng } from './png.js';
import type { Stack } from './stack.js';
import { prng } from './prng.js';
import { fechaFuec, fuecPdf, textoPdf } from './fuec-pdf.js';
import { demoProveedores } from './seed-proveedores.js';
import { atributosDeEstado, conteosDe, type Proveedor } from '../../lambdas/data/proveedor-repository.js';
import type { Operador } from '../../shared/schemas/proveedores.js';
import { cuentaDe, textoCuenta, type CuentaDestino } from '../../shared/schemas/pagos.js';
import { ganaRecompensa, pagoConductor, RECOMPENSA_PENDIENTE } from '../../shared/domain/pagos.js';
import { DIRECTORIO } from '../../lambdas/data/empresa-repository.js';
import { busquedaDeRecompensa, idMovimiento, type Movimiento } from '../../lambdas/data/pago-repository.js';

/** A vehicle as the repository stores it: with the provider panel's index attributes. */
const conIndice = (v: Vehiculo) => ({ ...v, ...atributosDeEstado({ tipo: 'conductor', r: v }), ...(ganaRecompensa(v) ? { recompensa: RECOMPENSA_PENDIENTE } : {}) });
/** A small real PDF standing in for a provider's scanned document. */


export const DEMO_PASSWORD = 'Demo1234!';
export const DEMO_USERS = {
  admin: 'admin@transvalle.demo',
  staff: 'operador@transvalle.demo',
  admin2: 'admin@expresopacifico.demo',
  plataforma: 'plataforma@transaliadas.demo',
  conductor: 'jhon.paz@transvalle.demo',
  /** A second company with a complete profile: what one company must never see of another. */
  admin3: 'admin@turismoandino.demo',
} as const;

const MIN_PENDING = 30;
const table = (k: TableKey) => localTableName('local', k);

/** Demo data on first run; later runs only top up pending services (they expire after 24 h). */
export async function seed(stack: Stack, now = new Date()): Promise<{ created: boolean; pendingAdded: number }> {
  const creds = { region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
  const ddb = DynamoDBDocumentClient.from(localClient(stack.urls.dynamodb), { marshallOptions: { removeUndefinedValues: true } });
  const cognito = new CognitoIdentityProviderClient({ ...creds, endpoint: stack.urls.cognito });
  const s3 = new S3Client({ region: 'local', credentials: S3RVER_CREDENTIALS, endpoint: stack.urls.s3, forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED' });
  const deps = { cognito, userPoolId: stack.userPoolId, ddb, usuariosTable: table('usuarios') };

  const existing = await ddb.send(new QueryCommand({ TableName: table('usuarios'), IndexName: 'byEmpresa', KeyConditionExpression: 'empresaId = :e', ExpressionAttributeValues: { ':e': 'demo-transvalle' }, Limit: 1 }));
  const created = !existing.Items?.length;
  if (created) {
    const at = now.toISOString();
    // Company 1: complete profile with logo and a corporate photo, so every menu entry is open.
    const photoKey = 'companies/demo-transvalle/fotosCorporativas/demo/corporativa1';
    const logoKey = 'companies/demo-transvalle/logo/demo';
    await s3.send(new PutObjectCommand({ Bucket: stack.bucket, Key: photoKey, Body: solidPng(192, 108, [0, 128, 128]), ContentType: 'image/png' }));
    await s3.send(new PutObjectCommand({ Bucket: stack.bucket, Key: logoKey, Body: solidPng(64, 64, [200, 30, 45]), ContentType: 'image/png' }));
    const andinoPhoto = 'companies/demo-andino/fotosCorporativas/demo/corporativa1';
    await s3.send(new PutObjectCommand({ Bucket: stack.bucket, Key: andinoPhoto, Body: solidPng(192, 108, [120, 80, 30]), ContentType: 'image/png' }));
    const empresas: Empresa[] = [
      empresaSchema.parse({
        id: 'demo-transvalle', empresa: 'Transportes del Valle S.A.S.', ciudad: 'Cali', direccion: 'Calle 5 # 38-25, Cali', banco: 'Bancolombia',
        titular: 'Transportes del Valle S.A.S.', rut: '900123456', cuenta: '04512345678', tipocuenta: 'corriente', logo: logoKey,
        fotosCorporativas: [photoKey, '', '', '', ''], perfil: true, creadoEn: at,
      }),
      // Company 2: fresh sign-up, profile still to complete.
      empresaSchema.parse({ id: 'demo-expresopacifico', empresa: 'Expreso Pacífico Ltda.', creadoEn: at }),
      // Company 3: complete, in Popayán.
      empresaSchema.parse({
        id: 'demo-andino', empresa: 'Turismo Andino S.A.S.', ciudad: 'Cali', direccion: 'Carrera 9 # 4-10, Popayán', banco: 'Davivienda',
        titular: 'Turismo Andino S.A.S.', rut: '901456789', cuenta: '00987654321', tipocuenta: 'ahorros', logo: null,
        fotosCorporativas: [andinoPhoto, '', '', '', ''], perfil: true, creadoEn: at,
      }),
    ];
    for (const e of empresas) await ddb.send(new PutCommand({ TableName: table('empresas'), Item: { ...e, directorio: DIRECTORIO } }));

    await createConsoleUser(deps, { email: DEMO_USERS.admin, password: DEMO_PASSWORD, nombres: 'Laura', apellidos: 'Gómez Restrepo', role: 'admin', empresaId: 'demo-transvalle', puesto: 'CEO', perfil: true });
    await createConsoleUser(deps, { email: DEMO_USERS.staff, password: DEMO_PASSWORD, nombres: 'Andrés', apellidos: 'Mosquera', role: 'user', empresaId: 'demo-transvalle', puesto: 'COORDINADOR_COMERCIAL', perfil: true });
    await createConsoleUser(deps, { email: DEMO_USERS.admin2, password: DEMO_PASSWORD, nombres: 'Carlos', apellidos: 'Valencia', role: 'admin', empresaId: 'demo-expresopacifico', puesto: 'CFO' });
    await createConsoleUser(deps, { email: DEMO_USERS.admin3, password: DEMO_PASSWORD, nombres: 'Mónica', apellidos: 'Zúñiga', role: 'admin', empresaId: 'demo-andino', puesto: 'CEO', perfil: true });
    await createConsoleUser(deps, { email: DEMO_USERS.plataforma, password: DEMO_PASSWORD, nombres: 'Marcela', apellidos: 'Ríos', role: 'plataforma', perfil: true });

    // Accepted and validated at their trail's steps 2 and 3 (demoHistory), as the routes record them.
    const propios = ownServices(now).map((s) => ({
      ...s,
      aceptadoEn: pasoDemo(s, now, 2).toISOString(),
      ...(s.pagoValidadoEn ? { pagoValidadoEn: pasoDemo(s, now, 3).toISOString() } : {}),
      ...(s.fuec ? { fuecURL: uploadKeys.fuec(s.id), tipoFuec: 'application/pdf' } : {}),
    }));
    const fleet = FLEET.map((v, i) => demoVehiculo(v, i, now)).map(({ vehiculo, guard }) => ({ vehiculo: conAgenda(vehiculo, propios, now), guard }));
    await batchPut(ddb, 'vehiculos', fleet.flatMap(({ vehiculo, guard }) => [conIndice(vehiculo), guard]));
    // Photos for the first vehicle, so the details show the five slots filled.
    const first = fleet[0]!.vehiculo;
    const photos = await Promise.all(FOTOS_VEHICULO.map(async (slot, n) => {
      const key = uploadKeys.fotoVehiculo(first.id, slot);
      await s3.send(new PutObjectCommand({ Bucket: stack.bucket, Key: key, Body: solidPng(320, 200, [30 + n * 40, 110, 140 - n * 20]), ContentType: 'image/png' }));
      return [slot, key] as const;
    }));
    await ddb.send(new PutCommand({ TableName: table('vehiculos'), Item: conIndice({ ...first, fotos: Object.fromEntries(photos) as Vehiculo['fotos'] }) }));
    // The provider panel: referred drivers, guides and operators in every state, and every list's count.
    const proveedores = demoProveedores(now);
    // One page with text, so a viewer opens it (a PDF without pages read as a broken file).
    const documento = await textoPdf(['DOCUMENTO DE DEMOSTRACIÓN', 'Copia de ejemplo de un documento del proveedor (RUT, SOAT, licencia, tarjeta de propiedad).']);
    for (const a of proveedores.archivos) {
      const pdf = a.kind === 'pdf';
      await s3.send(new PutObjectCommand({ Bucket: stack.bucket, Key: a.key, Body: pdf ? documento : solidPng(240, 240, a.color), ContentType: pdf ? 'application/pdf' : 'image/png' }));
    }
    await batchPut(ddb, 'vehiculos', proveedores.vehiculos);
    await batchPut(ddb, 'proveedores', proveedores.registros);
    const todos: Proveedor[] = [
      ...[...fleet.map((f) => f.vehiculo), ...proveedores.vehiculos].map((r) => ({ tipo: 'conductor' as const, r })),
      ...proveedores.registros.map((r) => (r.tipo === 'guia' ? { tipo: 'guia' as const, r } : { tipo: 'operador' as const, r: r as Operador })),
    ];
    await ddb.send(new PutCommand({ TableName: table('proveedores'), Item: { id: 'contadores', ...conteosDe(todos) } }));
    // The transfer receipts the client sent for the reservations waiting for their check.
    for (const s of propios.filter((p) => p.comprobantePago)) {
      const comprobante = await textoPdf([
        'COMPROBANTE DE TRANSFERENCIA (DEMOSTRACIÓN)',
        `Ordenante: ${s.cliente}`,
        `Valor: $ ${(s.valorOferta ?? 0).toLocaleString('es-CO')}`,
        `Referencia: ${s.id.toUpperCase()}`,
      ]);
      await s3.send(new PutObjectCommand({ Bucket: stack.bucket, Key: s.comprobantePago!, Body: comprobante, ContentType: 'application/pdf' }));
    }
    const vehiculos = new Map(fleet.map((f) => [f.vehiculo.id, f.vehiculo]));
    const libro = propios.map((s) => ({ s, movimientos: demoLedger(s, vehiculos.get(s.vehiculoId ?? ''), now) }));
    await batchPut(ddb, 'pagos', libro.flatMap((l) => l.movimientos));
    // A client's ePayco charge that did not apply, recorded for its refund, as the confirmation route records it.
    await batchPut(ddb, 'pagos', propios.flatMap((s) => (s.cobrosSinAplicar ?? []).map((c) => cobroDemo(s, c))));
    // Referral rewards already paid, one with its transfer receipt.
    const recompensas = recompensasPagadas(fleet.map((f) => f.vehiculo), empresas, now);
    await batchPut(ddb, 'pagos', recompensas.map((r) => r.movimiento));
    for (const { movimiento, comprobante } of recompensas.filter((r) => r.comprobante)) {
      const pdf = await textoPdf(['COMPROBANTE DE TRANSFERENCIA (DEMOSTRACIÓN)', 'Pago de recompensa por referido', `Valor: $ ${movimiento.monto.toLocaleString('es-CO')}`, `Referencia: ${movimiento.referencia}`]);
      await s3.send(new PutObjectCommand({ Bucket: stack.bucket, Key: comprobante!, Body: pdf, ContentType: 'application/pdf' }));
    }
    // The confirmed and finished demo trips' FUEC, so their detail links a real file.
    for (const s of propios.filter((p) => p.fuec)) {
      await s3.send(new PutObjectCommand({ Bucket: stack.bucket, Key: uploadKeys.fuec(s.id), Body: await fuecDemo(s), ContentType: 'application/pdf' }));
    }
    await batchPut(ddb, 'services', propios.map(servicioItem));
    await batchPut(ddb, 'historial', libro.flatMap(({ s, movimientos }) => demoHistory(s, movimientos, now)));
    // Every demo driver has the account its vehicle's registration made (`conductorId`, as the API sets it).
    const conductor = async (vehiculoId: string, u: Omit<Extract<NewConsoleUser, { role: 'conductor' }>, 'role' | 'vehiculoId'>) => {
      const { id } = await createConsoleUser(deps, { ...u, role: 'conductor', vehiculoId, perfil: true });
      await ddb.send(new UpdateCommand({ TableName: table('vehiculos'), Key: { id: vehiculoId }, UpdateExpression: 'SET conductorId = :c', ExpressionAttributeValues: { ':c': id } }));
    };
    // The driver of the first vehicle has its account (the driver app's; refused by the console).
    await conductor('veh-demo-transvalle-001', { email: DEMO_USERS.conductor, password: DEMO_PASSWORD, nombres: 'Jhon Jairo', apellidos: 'Paz', empresaId: 'demo-transvalle' });
    // The driver of the confirmed demo trip, so the local driver simulator moves it once it starts.
    await conductor('veh-demo-transvalle-002', { email: 'luis.ortiz@transvalle.demo', password: DEMO_PASSWORD, nombres: 'Luis Fernando', apellidos: 'Ortiz', empresaId: 'demo-transvalle' });
    // The other drivers were invited with their vehicle and have not signed in yet: their vehicle's
    // details say so and offer to send the invitation again (no e-mail at seed time).
    for (const { vehiculo: v } of fleet.filter((f) => f.vehiculo.id !== 'veh-demo-transvalle-001' && f.vehiculo.id !== 'veh-demo-transvalle-002')) {
      const palabras = v.nombre.split(' ');
      await conductor(v.id, { email: v.email, password: null, nombres: palabras.slice(0, -1).join(' '), apellidos: palabras.at(-1)!, empresaId: v.empresaAliada });
    }
  }

  const pending = await ddb.send(new QueryCommand({ TableName: table('services'), IndexName: 'byEstado', KeyConditionExpression: 'estado = :e', ExpressionAttributeValues: { ':e': 'pendiente' } }));
  const live = (pending.Items ?? []).filter((s) => !isExpired(s as { expiresAt?: number }, now)).length;
  const toAdd = live < MIN_PENDING ? MIN_PENDING + 6 - live : 0;
  if (toAdd) {
    const nuevos = pendingServices(toAdd, now, now.getTime());
    // On the first run, offers already sent: orange markers for the bidder, offers for the client simulator.
    const ofertas = created ? await demoOffers(ddb, nuevos, now) : [];
    await batchPut(ddb, 'services', nuevos.map(servicioItem));
    await batchPut(ddb, 'offers', ofertas);
  }
  return { created, pendingAdded: toAdd };
}

/**
 * Offers of Transportes del Valle and Turismo Andino on a few of these pending services of their
 * fleets' types, as the offer route makes them; each service lists its bidders (`oferentes`).
 */
async function demoOffers(ddb: DynamoDBDocumentClient, services: Service[], now: Date): Promise<Oferta[]> {
  const bidders = [
    { empresaId: 'demo-transvalle', oferente: DEMO_USERS.admin, count: 2, precios: [850_000, 1_420_000] },
    { empresaId: 'demo-andino', oferente: DEMO_USERS.admin3, count: 3, precios: [690_000, 1_150_000, 2_300_000] },
  ];
  const ofertas: Oferta[] = [];
  for (const b of bidders) {
    const { Item } = await ddb.send(new GetCommand({ TableName: table('empresas'), Key: { id: b.empresaId } }));
    const empresa = empresaSchema.parse(Item);
    const tipos = new Set<VehicleType>(FLEET.filter((v) => v.empresaAliada === b.empresaId).map((v) => v.tipo));
    const elegidos = services.filter((s) => tipos.has(s.tipo)).slice(0, b.count);
    elegidos.forEach((service, i) => {
      service.oferentes = [...service.oferentes, b.empresaId];
      ofertas.push(nuevaOferta({ service, empresa, oferente: b.oferente, precio: b.precios[i]!, documentoCotizacion: null }, new Date(now.getTime() - (i + 1) * 20 * 60_000)));
    });
  }
  return ofertas;
}

async function batchPut(ddb: DynamoDBDocumentClient, key: TableKey, items: object[]) {
  for (let i = 0; i < items.length; i += 25) {
    await ddb.send(new BatchWriteCommand({ RequestItems: { [table(key)]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }));
  }
}



/** A demo service: a request as the client app publishes it (see the simulator), at the given stage. */
function makeService(rand: () => number, now: Date, overrides: Partial<Service> & Pick<Service, 'id' | 'estado'>): Service {
  const creadoEn = new Date(now.getTime() - Math.floor(rand() * 10 * 3600_000));
  const { expiresAt, mapa, ...publicado } = servicioPendiente(servicioSimulado(rand, now), creadoEn);
  // Past pendiente a service no longer expires nor sits in the map's pending index.
  // Its client payment validated 2 hours after it was published, or halfway to now when that is sooner (never in the future).
  const creado = Date.parse(overrides.creadoEn ?? publicado.creadoEn);
  const pagado = !['pendiente', 'validar', 'cancelado'].includes(overrides.estado) ? { pagoValidadoEn: new Date(creado + Math.min(2 * 3600_000, (now.getTime() - creado) / 2)).toISOString() } : {};
  return serviceSchema.parse({ ...publicado, ...(overrides.estado === 'pendiente' ? { expiresAt, mapa } : {}), ...pagado, ...overrides });
}

function pendingServices(count: number, now: Date, seedValue: number): Service[] {
  const rand = prng(seedValue);
  return Array.from({ length: count }, () => makeService(rand, now, { id: randomUUID(), estado: 'pendiente' }));
}

/**
 * Services already won by Transportes del Valle, one per later stage of the lifecycle, of types in its
 * fleet (so its map shows each stage) and driven by its vehicles of that type where one is assigned.
 */
function ownServices(now: Date): Service[] {
  const rand = prng(2026);
  const mine = { empresaAliada: 'demo-transvalle', nombreEmpresaAliada: 'Transportes del Valle S.A.S.' };
  // Assigned as the assignment route does it: the vehicle's and driver's fields copied in.
  const con = (i: number) => camposDeAsignacion(demoVehiculo(FLEET[i]!, i, now).vehiculo);
  const dias = (n: number) => new Date(now.getTime() + n * 86_400_000).toISOString();
  const confirmado = { estado: 'confirmado', fuec: true, pagarAnticipoConductor: true } as const;
  const finalizado = { estado: 'finalizado', fuec: true, recorridoIniciado: true, pagarAnticipoConductor: true, pagarSaldoConductor: true } as const;
  // Months of finished, fully paid trips behind it: the history and its totals.
  const pasados = () =>
    Array.from({ length: 10 }, (_, k) =>
    makeService(rand, now, {
      id: `demo-historico-${String(k + 1).padStart(2, '0')}`, ...mine, ...finalizado, ...con(k % 3), tipo: FLEET[k % 3]!.tipo, pasajeros: 4 + k,
      valorOferta: 480_000 + k * 137_000, metodoPago: k % 2 ? 'epayco' : 'transferencia', anticipoConductorPagado: true, saldoConductorPagado: true,
      fechaSalida: dias(-8 - k * 6), fechaRegreso: null, creadoEn: dias(-11 - k * 6),
    }),
  );
  // The first five keep their place: the random draws (dates, routes) other tests rely on stay the same.
  const servicios = [
    makeService(rand, now, { id: 'demo-validar-1', estado: 'validar', ...mine, tipo: 'Minivan', pasajeros: 9, valorOferta: 850_000, metodoPago: 'transferencia', comprobantePago: uploadKeys.comprobanteCliente('demo-validar-1', 'demo') }),
    makeService(rand, now, { id: 'demo-reservado-1', estado: 'reservado', ...mine, tipo: 'Suv', pasajeros: 5, valorOferta: 1_200_000, metodoPago: 'epayco' }),
    makeService(rand, now, { id: 'demo-reservado-2', estado: 'reservado', ...mine, tipo: 'Van', pasajeros: 12, valorOferta: 640_000, metodoPago: 'transferencia', ...con(0) }),
    makeService(rand, now, { id: 'demo-confirmado-1', ...mine, ...confirmado, tipo: 'Buseta', pasajeros: 22, valorOferta: 2_300_000, metodoPago: 'epayco', ...con(1), fechaSalida: new Date(now.getTime() + 90 * 60_000).toISOString() }),
    makeService(rand, now, { id: 'demo-finalizado-1', ...mine, ...finalizado, tipo: 'Van', pasajeros: 14, valorOferta: 980_000, metodoPago: 'transferencia', ...con(0), anticipoConductorPagado: true, fechaSalida: dias(-3), creadoEn: dias(-6) }),
    // Beyond them: transfers and card payments waiting, an advance paid, a trip under way, balances due and paid.
    makeService(rand, now, { id: 'demo-validar-2', estado: 'validar', ...mine, tipo: 'Van', pasajeros: 11, valorOferta: 1_350_000, metodoPago: 'epayco' }),
    makeService(rand, now, { id: 'demo-validar-3', estado: 'validar', ...mine, tipo: 'Suv', pasajeros: 4, valorOferta: 720_000, metodoPago: 'transferencia' }),
    makeService(rand, now, { id: 'demo-validar-4', estado: 'validar', ...mine, tipo: 'Bus', pasajeros: 38, valorOferta: 3_150_000, metodoPago: 'epayco' }),
    makeService(rand, now, { id: 'demo-confirmado-2', ...mine, ...confirmado, tipo: 'Automovil', pasajeros: 3, valorOferta: 415_000, metodoPago: 'transferencia', ...con(4), anticipoConductorPagado: true, fechaSalida: dias(2), fechaRegreso: null }),
    makeService(rand, now, { id: 'demo-encurso-1', ...mine, ...confirmado, recorridoIniciado: true, tipo: 'Minivan', pasajeros: 10, valorOferta: 1_080_000, metodoPago: 'epayco', ...con(5), anticipoConductorPagado: true, fechaSalida: new Date(now.getTime() - 60 * 60_000).toISOString(), fechaRegreso: new Date(now.getTime() + 6 * 3600_000).toISOString() }),
    makeService(rand, now, { id: 'demo-finalizado-2', ...mine, ...finalizado, tipo: 'Chiva', pasajeros: 30, valorOferta: 1_745_001, metodoPago: 'epayco', ...con(6), fechaSalida: dias(-2), fechaRegreso: null, creadoEn: dias(-5) }),
    makeService(rand, now, { id: 'demo-finalizado-3', ...mine, ...finalizado, tipo: 'Suv', pasajeros: 6, valorOferta: 890_000, metodoPago: 'transferencia', ...con(2), anticipoConductorPagado: true, saldoConductorPagado: true, fechaSalida: dias(-5), fechaRegreso: null, creadoEn: dias(-8) }),
    ...pasados(),
    // Departures that passed before the trip (reservaVencida): one still reserved, paid and without a
    // vehicle, for staff to cancel; one cancelled, whose transfer never came.
    makeService(rand, now, { id: 'demo-vencido-1', estado: 'reservado', ...mine, tipo: 'Van', pasajeros: 10, valorOferta: 760_000, metodoPago: 'epayco', fechaSalida: new Date(now.getTime() - 20 * 3600_000).toISOString(), fechaRegreso: null, creadoEn: dias(-3) }),
    makeService(rand, now, {
      id: 'demo-cancelado-1', estado: 'cancelado', ...mine, tipo: 'Minivan', pasajeros: 8, valorOferta: 530_000, metodoPago: 'transferencia', fechaSalida: dias(-4), fechaRegreso: null, creadoEn: dias(-6),
      cancelacion: { motivo: 'El cliente no envió el comprobante de la transferencia antes de la salida y el viaje no se hizo. No hubo pago que reembolsar.', at: dias(-3.8) },
    }),
  ];
  // A client who paid twice: ePayco's second charge of a paid trip, still to refund.
  return servicios.map((s) =>
    s.id === 'demo-historico-02'
      ? { ...s, cobrosSinAplicar: [{ referencia: 'ePayco 4471203', monto: s.valorOferta ?? 0, moneda: 'COP', motivo: 'la reserva ya estaba pagada', at: new Date(Date.parse(s.fechaSalida) - 86_400_000).toISOString() }] }
      : s,
  );
}

/** The ledger row of a demo charge that did not apply (lambdas/api/routes/epayco.ts, sinAplicar). */
const cobroDemo = (s: Service, c: CobroSinAplicar) => {
  const ref = c.referencia.replace('ePayco ', '');
  return {
    id: `epayco#${ref}`, tipo: 'cobro-sin-aplicar', resultado: 'sin-aplicar', servicioId: s.id, empresaAliada: s.empresaAliada, cliente: s.empresa,
    nombreEmpresaAliada: s.nombreEmpresaAliada ?? '', busqueda: normalizarBusqueda([c.referencia, s.id, s.empresa, s.nombreEmpresaAliada ?? ''].join(' ')),
    transaccion: '88120455', respuesta: '1', registradoEn: c.at, ...c,
  };
};

/** The counter and agenda the assignment route keeps on a vehicle, for the demo trips assigned to it. */
function conAgenda(v: Vehiculo, servicios: readonly Service[], now: Date): Vehiculo {
  const suyos = servicios.filter((s) => s.vehiculoId === v.id);
  if (!suyos.length) return v;
  const agenda = suyos.filter((s) => s.fechaSalida >= inicioAgenda(now)).reduce<Vehiculo['agenda']>((a, s) => agendaCon(a, s, now), []);
  return { ...v, asignaciones: suyos.length, agenda };
}

/** The account a vehicle had at a moment: the one before its last change, for a moment before it. */
const cuentaEn = (v: Vehiculo | undefined, at: string): CuentaDestino | null =>
  v?.cuentaCambiada && at < v.cuentaCambiada.en ? v.cuentaCambiada.anterior : cuentaDe(v);

/** A demo ePayco reference of its own for each reservation (six digits, from its id). */
const refEpaycoDemo = (id: string) => 100_000 + [...id].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 900_000, 7);

/**
 * The ledger rows of what a demo reservation has been paid, as the routes write them: the client's
 * payment when validated (by ePayco's confirmation or by staff), then the driver's payouts at their
 * trail's times, each naming the account paid to then.
 */
function demoLedger(s: Service, v: Vehiculo | undefined, now: Date): Movimiento[] {
  if (s.estado === 'pendiente' || s.estado === 'validar' || (s.estado === 'cancelado' && !s.pagoValidadoEn)) return [];
  const dia = (iso: string) => hoyEnBogota(new Date(iso));
  const epayco = s.metodoPago === 'epayco';
  const validado = s.pagoValidadoEn ?? pasoDemo(s, now, 3).toISOString();
  const base = { servicioId: s.id, empresaAliada: s.empresaAliada };
  const out: Movimiento[] = [
    {
      ...base, id: idMovimiento.pagoCliente(s.id), tipo: 'pago-cliente', monto: s.valorOferta ?? 0, fecha: dia(validado), registradoEn: validado, metodo: s.metodoPago ?? undefined,
      referencia: epayco ? `ePayco ${refEpaycoDemo(s.id)}` : 'Transferencia verificada', registradoPor: epayco ? EPAYCO.nombre : DEMO_USERS.plataforma,
    },
  ];
  const monto = pagoConductor(s.valorOferta ?? 0);
  const payout = (tipo: 'anticipo' | 'saldo', at: string): Movimiento => {
    const cuenta = cuentaEn(v, at);
    return {
      ...base, id: idMovimiento.conductor(tipo, s.id), tipo, monto, fecha: dia(at), registradoEn: at, registradoPor: DEMO_USERS.plataforma, vehiculoId: s.vehiculoId,
      referencia: `TRF-${s.id.slice(-4).toUpperCase()}-${tipo === 'anticipo' ? 'A' : 'S'}`, ...(cuenta ? { cuentaDestino: cuenta } : {}),
    };
  };
  if (s.anticipoConductorPagado) out.push(payout('anticipo', pasoDemo(s, now, 6).toISOString()));
  if (s.saldoConductorPagado) out.push(payout('saldo', new Date(Date.parse(s.fechaSalida) + 2 * 86_400_000).toISOString()));
  return out;
}

/** The demo trip's FUEC: its plate, dates and route, so the check finds it in order. */
const fuecDemo = (s: Service) =>
  fuecPdf({ placa: s.placas, desde: fechaFuec(s.fechaSalida), hasta: fechaFuec(s.fechaRegreso ?? s.fechaSalida), origen: s.origen, destino: s.destino });

/** When a demo reservation took its `k`-th step: the steps spread between its publication and now (or its departure, for a finished one). */
function pasoDemo(s: Service, now: Date, k: number): Date {
  const t0 = Date.parse(s.creadoEn);
  const fin = Math.min(now.getTime(), Date.parse(s.fechaSalida) - 3 * 3600_000);
  const paso = t0 + Math.max(fin - t0, 7 * 60_000) * (k / 7);
  // Never after now (a service published minutes ago): its later steps a second apart just before it.
  return new Date(Math.max(t0, Math.min(paso, now.getTime() - (7 - k) * 1000)));
}

/** The audit trail each demo reservation would have: its steps so far, an hour or so apart; its payouts as its ledger has them. */
function demoHistory(s: Service, ledger: readonly Movimiento[], now: Date): EntradaHistorial[] {
  const admin: Quien = { tipo: 'usuario', nombre: DEMO_USERS.admin, empresaId: 'demo-transvalle' };
  const at = (k: number) => pasoDemo(s, now, k);
  const out = [nuevaEntrada(s.id, 'publicacion', APP_CLIENTES, {}, { estado: 'pendiente' }, at(0))];
  out.push(nuevaEntrada(s.id, 'oferta', admin, {}, { precio: s.valorOferta ?? 0, estado: 'enviada' }, at(1)));
  out.push(nuevaEntrada(s.id, 'aceptacion', APP_CLIENTES, { estado: 'pendiente' }, { estado: 'validar', empresaAliada: 'demo-transvalle', precio: s.valorOferta ?? 0, metodoPago: s.metodoPago }, at(2)));
  if (s.comprobantePago) out.push(nuevaEntrada(s.id, 'comprobante', APP_CLIENTES, {}, { comprobante: 'application/pdf' }, at(2.5)));
  const plataforma: Quien = { tipo: 'usuario', nombre: DEMO_USERS.plataforma };
  if (s.estado !== 'validar' && (s.estado !== 'cancelado' || s.pagoValidadoEn)) out.push(nuevaEntrada(s.id, 'pago-validado', s.metodoPago === 'epayco' ? EPAYCO : plataforma, { estado: 'validar' }, { estado: 'reservado', metodoPago: s.metodoPago }, at(3)));
  if (s.placas !== POR_ASIGNAR) out.push(nuevaEntrada(s.id, 'asignacion', admin, { placas: POR_ASIGNAR, conductor: POR_ASIGNAR }, { placas: s.placas, conductor: s.conductor, vehiculoId: s.vehiculoId ?? null }, at(4)));
  if (s.fuec) out.push(nuevaEntrada(s.id, 'fuec', admin, { estado: 'reservado', fuec: false }, { estado: 'confirmado', fuec: true, tipoFuec: 'application/pdf', pagarAnticipoConductor: true }, at(5)));
  // A payout's entry as the payout route writes it: amount, reference, day and account.
  const pagoEntrada = (tipo: 'anticipo' | 'saldo', flag: 'anticipoConductorPagado' | 'saldoConductorPagado') => {
    const m = ledger.find((l) => l.tipo === tipo)!;
    const despues = { [flag]: true, monto: m.monto, referencia: m.referencia, fecha: m.fecha, cuenta: m.cuentaDestino ? textoCuenta(m.cuentaDestino) : null };
    return nuevaEntrada(s.id, tipo, plataforma, { [flag]: false }, despues, new Date(m.registradoEn));
  };
  if (s.anticipoConductorPagado) out.push(pagoEntrada('anticipo', 'anticipoConductorPagado'));
  for (const c of s.cobrosSinAplicar ?? []) out.push(nuevaEntrada(s.id, 'cobro-sin-aplicar', EPAYCO, {}, { referencia: c.referencia, monto: c.monto, motivo: c.motivo }, new Date(c.at)));
  if (s.cancelacion) out.push(nuevaEntrada(s.id, 'cancelacion', plataforma, { estado: s.pagoValidadoEn ? 'reservado' : 'validar' }, { estado: 'cancelado', motivo: s.cancelacion.motivo }, new Date(s.cancelacion.at)));
  if (s.estado === 'finalizado') {
    const salida = Date.parse(s.fechaSalida);
    out.push(nuevaEntrada(s.id, 'inicio', SISTEMA, { recorridoIniciado: false }, { recorridoIniciado: true }, new Date(salida - 2 * 3600_000)));
    out.push(nuevaEntrada(s.id, 'fin', admin, { estado: 'confirmado', pagarSaldoConductor: false }, { estado: 'finalizado', pagarSaldoConductor: true }, new Date(salida + 5 * 3600_000)));
    if (s.saldoConductorPagado) out.push(pagoEntrada('saldo', 'saldoConductorPagado'));
  }
  return out;
}

/** The demo fleet: realistic drivers and documents, expiry dates spread so every warning shows. */
type DemoVehiculo = Pick<Vehiculo, 'empresaAliada' | 'empresa' | 'nombre' | 'telefono' | 'email' | 'placas' | 'marca' | 'modelo' | 'tipo' | 'capacidad' | 'color' | 'cedula' | 'ciudad'> & {
  /** Days from today to each expiry: SOAT, revisión técnica, tarjeta de operación, licence. */
  vence: [number, number, number, number];
  amenidades?: Partial<Record<Amenidad, boolean>>;
};
const FLEET: DemoVehiculo[] = [
  { empresaAliada: 'demo-transvalle', empresa: 'Cootransvalle', nombre: 'Jhon Jairo Paz', telefono: '3154412233', email: 'jhon.paz@transvalle.demo', placas: 'VCK512', marca: 'Mercedes-Benz Sprinter', modelo: '2021', tipo: 'Van', capacidad: 15, color: 'Blanco', cedula: '16789234', ciudad: 'Cali', vence: [210, 160, 400, 900], amenidades: { aire: true, wifi: true, usb: true, sillasreclinables: true, bodega: true } },
  { empresaAliada: 'demo-transvalle', empresa: 'Cootransvalle', nombre: 'Luis Fernando Ortiz', telefono: '3007788990', email: 'luis.ortiz@transvalle.demo', placas: 'WMN318', marca: 'Chevrolet NPR', modelo: '2020', tipo: 'Buseta', capacidad: 25, color: 'Blanco y verde', cedula: '94456123', ciudad: 'Cali', vence: [12, 95, 300, 700], amenidades: { aire: true, tv: true, sillasestandard: true, bodega: true } },
  { empresaAliada: 'demo-transvalle', empresa: 'Cootransvalle', nombre: 'Ana María Lozano', telefono: '3122334455', email: 'ana.lozano@transvalle.demo', placas: 'TSQ204', marca: 'Toyota Fortuner', modelo: '2023', tipo: 'Suv', capacidad: 6, color: 'Gris', cedula: '31987654', ciudad: 'Palmira', vence: [320, 25, 500, 1200], amenidades: { aire: true, usb: true, bilingue: true } },
  { empresaAliada: 'demo-transvalle', empresa: 'Cootransvalle', nombre: 'Héctor Fabio Caicedo', telefono: '3165566778', email: 'hector.caicedo@transvalle.demo', placas: 'SXT771', marca: 'Hino AK', modelo: '2019', tipo: 'Bus', capacidad: 42, color: 'Azul', cedula: '16234987', ciudad: 'Cali', vence: [-6, 140, 5, 600], amenidades: { aire: true, tv: true, wifi: true, sillasreclinables: true, bodega: true, usb: true } },
  { empresaAliada: 'demo-transvalle', empresa: 'Cootransvalle', nombre: 'Diana Patricia Mina', telefono: '3019988776', email: 'diana.mina@transvalle.demo', placas: 'KLM903', marca: 'Renault Logan', modelo: '2022', tipo: 'Automovil', capacidad: 4, color: 'Negro', cedula: '29876543', ciudad: 'Cali', vence: [150, 240, 330, 3] },
  { empresaAliada: 'demo-transvalle', empresa: 'Cootransvalle', nombre: 'Jorge Eliécer Valencia', telefono: '3186543210', email: 'jorge.valencia@transvalle.demo', placas: 'VLC846', marca: 'Volkswagen Crafter', modelo: '2022', tipo: 'Minivan', capacidad: 12, color: 'Plata', cedula: '14567890', ciudad: 'Buga', vence: [280, 300, 420, 1500], amenidades: { aire: true, usb: true, portabicicletas: true } },
  { empresaAliada: 'demo-transvalle', empresa: 'Cootransvalle', nombre: 'Martha Lucía Rengifo', telefono: '3045566123', email: 'martha.rengifo@transvalle.demo', placas: 'CHT119', marca: 'Chevrolet Chiva', modelo: '2016', tipo: 'Chiva', capacidad: 38, color: 'Multicolor', cedula: '66123456', ciudad: 'Cali', vence: [45, 190, 210, 820], amenidades: { parrilla: true } },
  { empresaAliada: 'demo-expresopacifico', empresa: 'Cootranspacífico', nombre: 'Wilson Angulo', telefono: '3176655443', email: 'wilson.angulo@pacifico.demo', placas: 'BVN615', marca: 'Kia Carnival', modelo: '2021', tipo: 'Minivan', capacidad: 10, color: 'Plata', cedula: '16987321', ciudad: 'Buenaventura', vence: [200, 150, 380, 900] },
  { empresaAliada: 'demo-expresopacifico', empresa: 'Cootranspacífico', nombre: 'Yolanda Riascos', telefono: '3143322110', email: 'yolanda.riascos@pacifico.demo', placas: 'CHV220', marca: 'Chevrolet Chiva', modelo: '2015', tipo: 'Chiva', capacidad: 36, color: 'Multicolor', cedula: '31456789', ciudad: 'Buenaventura', vence: [90, 60, 120, 400] },
  { empresaAliada: 'demo-expresopacifico', empresa: 'Cootranspacífico', nombre: 'Óscar Hurtado', telefono: '3208877665', email: 'oscar.hurtado@pacifico.demo', placas: 'PAC884', marca: 'Ford Transit', modelo: '2022', tipo: 'Van', capacidad: 12, color: 'Blanco', cedula: '94321654', ciudad: 'Cali', vence: [300, 250, 500, 1000] },
  { empresaAliada: 'demo-andino', empresa: 'Cootransandes', nombre: 'Carlos Andrés Muñoz', telefono: '3112223344', email: 'carlos.munoz@turismoandino.demo', placas: 'AND101', marca: 'Toyota Hiace', modelo: '2023', tipo: 'Van', capacidad: 14, color: 'Blanco', cedula: '10234567', ciudad: 'Popayan', vence: [240, 200, 450, 1100], amenidades: { aire: true, wifi: true } },
  { empresaAliada: 'demo-andino', empresa: 'Cootransandes', nombre: 'Sandra Milena Ordóñez', telefono: '3129876543', email: 'sandra.ordonez@turismoandino.demo', placas: 'AND202', marca: 'Mitsubishi L200', modelo: '2020', tipo: '4x4 Platon', capacidad: 4, color: 'Rojo', cedula: '34567123', ciudad: 'Popayan', vence: [20, 180, 260, 700] },
];
/**
 * Vehicles that came through the referral programme (by fleet position): three have made the 30 trips
 * that earn their referrer the commission, one is the platform's own referral (no reward), one is not there yet.
 */
const REFERIDOS: Record<number, { por: string; viajes: number; pagada?: RecompensaDemo }> = {
  0: { por: 'veh-demo-andino-012', viajes: 12 },
  2: { por: 'veh-demo-andino-011', viajes: 31 },
  5: { por: 'veh-demo-transvalle-001', viajes: 35 },
  6: { por: 'veh-demo-andino-011', viajes: 44, pagada: { haceDias: 41, valor: 200_000, referencia: 'NEQ-7731204', conComprobante: true } },
  8: { por: 'veh-demo-transvalle-002', viajes: 30 },
  9: { por: 'veh-demo-transvalle-003', viajes: 38, pagada: { haceDias: 9, valor: 150_000, referencia: 'TRF-55120987', conComprobante: false } },
  11: { por: 'plataforma', viajes: 36 },
};

/**
 * Bank data changed lately (by fleet position), as a vehicle edit stamps it: Luis Fernando Ortiz has an
 * advance due and is owed a referral reward, so both payout forms point the change out.
 */
const CUENTA_CAMBIADA: Record<number, { haceHoras: number; por: string; anterior: CuentaDestino }> = {
  1: { haceHoras: 30, por: DEMO_USERS.admin, anterior: { banco: 'Bancolombia', tipocuenta: 'ahorros', cuenta: '04587120334', titular: 'Luis Fernando Ortiz' } },
};
/** A referral reward the demo has already paid: its ledger row, and its receipt when it had one. */
type RecompensaDemo = { haceDias: number; valor: number; referencia: string; conComprobante: boolean };

/** The ledger rows (and receipt keys) of the demo's paid rewards. */
function recompensasPagadas(vehiculos: Vehiculo[], empresas: Empresa[], now: Date): { movimiento: Movimiento; comprobante?: string }[] {
  return vehiculos.flatMap((v, i) => {
    const pagada = REFERIDOS[i]?.pagada;
    if (!pagada) return [];
    const registradoEn = new Date(now.getTime() - pagada.haceDias * 86_400_000).toISOString();
    const comprobante = pagada.conComprobante ? `${uploadKeys.comprobanteRecompensa(v.id)}-demo` : undefined;
    const aliada = empresas.find((e) => e.id === v.empresaAliada)?.empresa ?? '';
    const referente = vehiculos.find((r) => r.id === REFERIDOS[i]!.por);
    const movimiento: Movimiento = {
      id: idMovimiento.recompensa(v.id), tipo: 'recompensa', monto: pagada.valor, fecha: hoyEnBogota(new Date(registradoEn)), referencia: pagada.referencia,
      ...(comprobante ? { comprobante } : {}), registradoPor: DEMO_USERS.plataforma, registradoEn, vehiculoId: v.id, empresaAliada: v.empresaAliada,
      busqueda: busquedaDeRecompensa(v, aliada, pagada.referencia, referente),
      ...(referente?.cuenta ? { cuentaDestino: cuentaDe(referente)! } : {}),
    };
    return [{ movimiento, comprobante }];
  });
}
/** A demo vehicle as stored, with its plate guard (so the demo refuses a repeated plate as AWS would). */
function demoVehiculo(v: DemoVehiculo, i: number, now: Date): { vehiculo: Vehiculo; guard: Record<string, string> } {
  const id = `veh-${v.empresaAliada}-${String(i + 1).padStart(3, '0')}`;
  const dia = (dias: number) => hoyEnBogota(new Date(now.getTime() + dias * 86_400_000));
  const [soat, revision, operacion, licencia] = v.vence;
  const { vence: _vence, amenidades, ...datos } = v;
  const vehiculo = vehiculoSchema.parse({
    ...datos, ...amenidades, id, codigo: vehicleCode(id), numeroInterno: String(101 + i),
    direccion: `Calle ${10 + i} # ${20 + i}-${30 + i}`, licenciaDeConducir: `${v.cedula}`, vencimientoLicenciaDeConducir: dia(licencia),
    propietario: v.nombre, licencia: `LT${String(4_000_123 + i * 7919)}`, soat: `AT-${1_300_000 + i * 311}`, fechasoat: dia(soat),
    numeroRevisionTecnica: `RTM-${880_000 + i * 97}`, vencimientoRevisionTecnica: dia(revision), tarjetaOperacion: `TO-${55_000 + i * 13}`, vencimientoTarjetaOperacion: dia(operacion),
    banco: (['Bancolombia', 'Davivienda', 'BBVA', 'Nequi'] as const)[i % 4], tipocuenta: i % 2 ? 'corriente' : 'ahorros', cuenta: `04${String(512_345_678 + i * 1_234_567).padStart(9, '0')}`,
    titular: v.nombre, rut: v.cedula, validado: i % 4 !== 3, rating: 5, viajesRealizados: REFERIDOS[i]?.viajes ?? (i * 7) % 41, fechaCreacion: new Date(now.getTime() - (60 - i) * 86_400_000).toISOString(),
    ...(REFERIDOS[i] ? { referidoPor: REFERIDOS[i].por, comisionPagadaAReferente: !!REFERIDOS[i].pagada } : {}),
    ...(CUENTA_CAMBIADA[i] ? { cuentaCambiada: { en: new Date(now.getTime() - CUENTA_CAMBIADA[i].haceHoras * 3_600_000).toISOString(), por: CUENTA_CAMBIADA[i].por, anterior: CUENTA_CAMBIADA[i].anterior } } : {}),
  });
  return { vehiculo, guard: { id: `placa#${v.empresaAliada}#${v.placas}`, vehiculoId: id } };
}

import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { BatchWriteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { S3RVER_CREDENTIALS } from '../../lambdas/adapters/clients/shared.js';
import { isExpired } from '@shared/domain/trips.js';
import { empresaSchema, type Empresa } from '@shared/schemas/empresa.js';
import { nuevaOferta, type Oferta } from '@shared/schemas/oferta.js';
import { type Service, type VehicleType } from '@shared/schemas/service.js';
import { servicioItem } from '../../lambdas/data/service-repository.js';
import { FOTOS_VEHICULO, uploadKeys } from '@shared/domain/uploads.js';
import { type Vehiculo } from '@shared/schemas/vehiculo.js';
import { indice, localTableName, type TableKey } from '@shared/tables.js';
import { createConsoleUser, type NewConsoleUser } from '../lib/console-users.js';
import { localClient } from './dynamodb.js';
import { solidPng } from './png.js';
import type { Stack } from './stack.js';
import { textoPdf } from './fuec-pdf.js';
import { demoProveedores } from './seed-proveedores.js';
import { conteosDe, type Proveedor } from '../../lambdas/data/proveedor-repository.js';
import type { Operador } from '@shared/schemas/proveedores.js';
import { DIRECTORIO } from '../../lambdas/data/empresa-repository.js';
import { conAgenda, conIndice, demoVehiculo, FLEET, recompensasPagadas } from './seed-flota.js';
import { cobroDemo, demoHistory, demoLedger, fuecDemo, ownServices, pasoDemo, pendingServices } from './seed-servicios.js';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-users.js';
import { expresionSuma, mesDe, sumasDe, type Sumas } from '@shared/domain/cifras.js';


const MIN_PENDING = 30;

const table = (k: TableKey) => localTableName('local', k);

/** Demo data on first run; later runs only top up pending services (they expire after 24 h). */
export async function seed(stack: Stack, now = new Date()): Promise<{ created: boolean; pendingAdded: number }> {
  const creds = { region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
  const ddb = DynamoDBDocumentClient.from(localClient(stack.urls.dynamodb), { marshallOptions: { removeUndefinedValues: true } });
  const cognito = new CognitoIdentityProviderClient({ ...creds, endpoint: stack.urls.cognito });
  const s3 = new S3Client({ region: 'local', credentials: S3RVER_CREDENTIALS, endpoint: stack.urls.s3, forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED' });
  const ctx: Siembra = {
    ddb,
    deps: { cognito, userPoolId: stack.userPoolId, ddb, usuariosTable: table('usuarios') },
    subir: (Key, Body, ContentType) => s3.send(new PutObjectCommand({ Bucket: stack.bucket, Key, Body, ContentType })).then(() => undefined),
    now,
  };

  const existing = await ddb.send(new QueryCommand({ TableName: table('usuarios'), IndexName: indice('usuarios', 'byEmpresa'), KeyConditionExpression: 'empresaId = :e', ExpressionAttributeValues: { ':e': 'demo-transvalle' }, Limit: 1 }));
  const created = !existing.Items?.length;
  if (created) {
    const empresas = await sembrarEmpresas(ctx);
    // Accepted and validated at their trail's steps 2 and 3 (demoHistory), as the routes record them.
    const propios = ownServices(now).map((s) => ({
      ...s,
      aceptadoEn: pasoDemo(s, now, 2).toISOString(),
      ...(s.pagoValidadoEn ? { pagoValidadoEn: pasoDemo(s, now, 3).toISOString() } : {}),
      ...(s.fuec ? { fuecURL: uploadKeys.fuec(s.id), tipoFuec: 'application/pdf' } : {}),
    }));
    const fleet = await sembrarFlota(ctx, propios);
    await sembrarProveedores(ctx, fleet);
    await sembrarServiciosYPagos(ctx, propios, fleet, empresas);
    await sembrarConductores(ctx, fleet);
  }
  return { created, pendingAdded: await completarPendientes(ctx, created) };
}

/** What every seeding step writes with: the tables, the user pool, the bucket, and the seed's moment. */
type Siembra = {
  ddb: DynamoDBDocumentClient;
  deps: Parameters<typeof createConsoleUser>[0];
  subir: (key: string, body: Uint8Array, contentType: string) => Promise<void>;
  now: Date;
};

/** The three demo companies (complete, still completing its profile, complete elsewhere) and their people. */
async function sembrarEmpresas({ ddb, deps, subir, now }: Siembra): Promise<Empresa[]> {
  const at = now.toISOString();
  // Company 1: complete profile with logo and a corporate photo, so every menu entry is open.
  const photoKey = 'companies/demo-transvalle/fotosCorporativas/demo/corporativa1';
  const logoKey = 'companies/demo-transvalle/logo/demo';
  await subir(photoKey, solidPng(192, 108, [0, 128, 128]), 'image/png');
  await subir(logoKey, solidPng(64, 64, [200, 30, 45]), 'image/png');
  const andinoPhoto = 'companies/demo-andino/fotosCorporativas/demo/corporativa1';
  await subir(andinoPhoto, solidPng(192, 108, [120, 80, 30]), 'image/png');
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
  return empresas;
}

type Flota = ReturnType<typeof demoVehiculo>[];

/** The demo fleet, each vehicle's agenda holding its trips, and the first vehicle's five photos. */
async function sembrarFlota({ ddb, subir, now }: Siembra, propios: Service[]): Promise<Flota> {
  const fleet = FLEET.map((v, i) => demoVehiculo(v, i, now)).map(({ vehiculo, guard }) => ({ vehiculo: conAgenda(vehiculo, propios, now), guard }));
  await batchPut(ddb, 'vehiculos', fleet.flatMap(({ vehiculo, guard }) => [conIndice(vehiculo), guard]));
  // Photos for the first vehicle, so the details show the five slots filled.
  const first = fleet[0]!.vehiculo;
  const photos = await Promise.all(FOTOS_VEHICULO.map(async (slot, n) => {
    const key = uploadKeys.fotoVehiculo(first.id, slot);
    await subir(key, solidPng(320, 200, [30 + n * 40, 110, 140 - n * 20]), 'image/png');
    return [slot, key] as const;
  }));
  await ddb.send(new PutCommand({ TableName: table('vehiculos'), Item: conIndice({ ...first, fotos: Object.fromEntries(photos) as Vehiculo['fotos'] }) }));
  return fleet;
}

/** The provider panel: referred drivers, guides and operators in every state, and every list's count. */
async function sembrarProveedores({ ddb, subir, now }: Siembra, fleet: Flota): Promise<void> {
  const proveedores = demoProveedores(now);
  // One page with text, so a viewer opens it (a PDF without pages read as a broken file).
  const documento = await textoPdf(['DOCUMENTO DE DEMOSTRACIÓN', 'Copia de ejemplo de un documento del proveedor (RUT, SOAT, licencia, tarjeta de propiedad).']);
  for (const a of proveedores.archivos) {
    const pdf = a.kind === 'pdf';
    await subir(a.key, pdf ? documento : solidPng(240, 240, a.color), pdf ? 'application/pdf' : 'image/png');
  }
  await batchPut(ddb, 'vehiculos', proveedores.vehiculos);
  await batchPut(ddb, 'proveedores', proveedores.registros);
  const todos: Proveedor[] = [
    ...[...fleet.map((f) => f.vehiculo), ...proveedores.vehiculos].map((r) => ({ tipo: 'conductor' as const, r })),
    ...proveedores.registros.map((r) => (r.tipo === 'guia' ? { tipo: 'guia' as const, r } : { tipo: 'operador' as const, r: r as Operador })),
  ];
  await ddb.send(new PutCommand({ TableName: table('proveedores'), Item: { id: 'contadores', ...conteosDe(todos) } }));
}

/** The company's own services, their receipts and FUEC, the ledger, the paid rewards and every trail. */
async function sembrarServiciosYPagos({ ddb, subir, now }: Siembra, propios: Service[], fleet: Flota, empresas: Empresa[]): Promise<void> {
  // The transfer receipts the client sent for the reservations waiting for their check.
  for (const s of propios.filter((p) => p.comprobantePago)) {
    const comprobante = await textoPdf([
      'COMPROBANTE DE TRANSFERENCIA (DEMOSTRACIÓN)',
      `Ordenante: ${s.cliente}`,
      `Valor: $ ${(s.valorOferta ?? 0).toLocaleString('es-CO')}`,
      `Referencia: ${s.id.toUpperCase()}`,
    ]);
    await subir(s.comprobantePago!, comprobante, 'application/pdf');
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
    await subir(comprobante!, pdf, 'application/pdf');
  }
  // The confirmed and finished demo trips' FUEC, so their detail links a real file.
  for (const s of propios.filter((p) => p.fuec)) await subir(uploadKeys.fuec(s.id), await fuecDemo(s), 'application/pdf');
  await batchPut(ddb, 'services', propios.map(servicioItem));
  await batchPut(ddb, 'historial', libro.flatMap(({ s, movimientos }) => demoHistory(s, movimientos, now)));
  await sumarCifras(ddb, eventosDemo(libro, now));
}

/** Every demo driver has the account its vehicle's registration made (`conductorId`, as the API sets it). */
async function sembrarConductores({ ddb, deps }: Siembra, fleet: Flota): Promise<void> {
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

/** Tops the map's live pending services up to MIN_PENDING and a few more (on the first run, some with offers already sent). */
async function completarPendientes({ ddb, now }: Siembra, created: boolean): Promise<number> {
  const pending = await ddb.send(new QueryCommand({ TableName: table('services'), IndexName: indice('services', 'byEstado'), KeyConditionExpression: 'estado = :e', ExpressionAttributeValues: { ':e': 'pendiente' } }));
  const live = (pending.Items ?? []).filter((s) => !isExpired(s as { expiresAt?: number }, now)).length;
  const toAdd = live < MIN_PENDING ? MIN_PENDING + 6 - live : 0;
  if (toAdd) {
    const nuevos = pendingServices(toAdd, now, now.getTime());
    // On the first run, offers already sent: orange markers for the bidder, offers for the client simulator.
    const ofertas = created ? await demoOffers(ddb, nuevos, now) : [];
    await batchPut(ddb, 'services', nuevos.map(servicioItem));
    await batchPut(ddb, 'offers', ofertas);
    const publicados = new Map(nuevos.map((n) => [n.id, n.creadoEn]));
    await sumarCifras(ddb, ofertas.map((o) => ({ empresaId: o.empresaAliada, at: new Date(o.creadoEn), sumas: sumasDe.oferta(publicados.get(o.idServicio)!, new Date(o.creadoEn)) })));
  }
  return toAdd;
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

/**
 * The company figures' counters (docs/decisions/0016) for what the seed writes, as the routes' own
 * transactions would have added them at each event: `sumasDe` for each, added up per company and month.
 */
async function sumarCifras(ddb: DynamoDBDocumentClient, eventos: { empresaId: string; at: Date; sumas: Sumas | null }[]) {
  const items = new Map<string, { empresaId: string; mes: string; sumas: Sumas }>();
  for (const e of eventos) {
    if (!e.sumas) continue;
    const clave = `${e.empresaId}|${mesDe(e.at)}`;
    const item = items.get(clave) ?? { empresaId: e.empresaId, mes: mesDe(e.at), sumas: {} };
    for (const [k, v] of Object.entries(e.sumas)) item.sumas[k] = (item.sumas[k] ?? 0) + v;
    items.set(clave, item);
  }
  for (const { empresaId, mes, sumas } of items.values()) await ddb.send(new UpdateCommand({ TableName: table('cifras'), Key: { empresaId, mes }, ...expresionSuma(sumas) }));
}

/** The events of the demo's own services: each offer and acceptance, each payment and payout, each trip's end. */
function eventosDemo(libro: { s: Service; movimientos: { tipo: string; monto: number; registradoEn: string }[] }[], now: Date) {
  return libro.flatMap(({ s, movimientos }) => {
    const empresaId = s.empresaAliada!;
    return [
      { empresaId, at: pasoDemo(s, now, 1), sumas: sumasDe.oferta(s.creadoEn, pasoDemo(s, now, 1)) },
      { empresaId, at: pasoDemo(s, now, 2), sumas: sumasDe.ganada() },
      ...movimientos.map((m) => ({ empresaId, at: new Date(m.registradoEn), sumas: sumasDe.movimiento(m.tipo, m.monto) })),
      // Ended as its trail says (demoHistory): 5 hours after the departure.
      ...(s.estado === 'finalizado' ? [{ empresaId, at: new Date(Date.parse(s.fechaSalida) + 5 * 3600_000), sumas: sumasDe.viaje(s) }] : []),
    ];
  });
}

async function batchPut(ddb: DynamoDBDocumentClient, key: TableKey, items: object[]) {
  for (let i = 0; i < items.length; i += 25) {
    await ddb.send(new BatchWriteCommand({ RequestItems: { [table(key)]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }));
  }
}

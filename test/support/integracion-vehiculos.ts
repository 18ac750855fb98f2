import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { DocumentoVehiculo, FotoVehiculo, Vehiculo } from '@shared/schemas/vehiculo.js';
import type { VehiculoNuevoInput } from '@shared/schemas/vehiculo-formulario.js';
import { api, cognitoClient, docClient, newCompanyAdmin, PDF_BYTES, solidPng, stack, subOf, table, upload } from './clients.js';
import { tinyJpeg, tinyWebp, vehiculoNuevo } from './vehiculos.js';

/**
 * What the fleet API's files (test/integration/vehiculos-*.test.ts) share. Each creates its vehicles in
 * a company of its own (so other files' counts of the demo company stay put); the demo companies serve
 * for staff, cross-company and expiry cases.
 */

export type Archivo = [bytes: Uint8Array, mime: string];

export const EMPRESA_NOMBRE = 'Transportes Flota de Prueba S.A.S.';
export const SXT771 = 'veh-demo-transvalle-004';
export const VCK512 = 'veh-demo-transvalle-001';

/** A company of the file's own, completed the way the console does it (profile, then a corporate photo). */
export async function empresaDeFlota(email: string): Promise<{ admin: string; adminSub: string; empresaId: string }> {
  const admin = await newCompanyAdmin(email, 'Secreta123!', EMPRESA_NOMBRE);
  const perfil = await api('/perfil', {
    token: admin,
    method: 'PUT',
    body: {
      nombres: 'Rosa', apellidos: 'Quintero', movil: '3001112233', puesto: 'CEO', empresa: EMPRESA_NOMBRE, ciudad: 'Cali', departamento: 'Valle del Cauca',
      pais: 'Colombia', direccion: 'Cra. 4 # 5-6', banco: 'Bancolombia', tipocuenta: 'ahorros', cuenta: '12345678901', titular: EMPRESA_NOMBRE, rut: '900222333',
    },
  });
  expect(perfil.status).toBe(200);
  const foto = await upload(admin, 'fotoCorporativa', solidPng(32, 18, [0, 90, 90]), 'image/png');
  const confirm = await api('/uploads/confirm', { token: admin, body: { kind: 'fotoCorporativa', modo: 'reemplazar', uploadIds: [foto] } });
  expect(confirm.json.perfilCompleto).toBe(true);
  return { admin, adminSub: subOf(admin), empresaId: confirm.json.empresa.id as string };
}

/** Uploads files the way the form does (a ticket each, then S3) and returns the slot → uploadId maps. */
export async function subir(token: string, fotos: Partial<Record<FotoVehiculo, Archivo>>, documentos: Partial<Record<DocumentoVehiculo, Archivo>> = {}) {
  const up = async <K extends string>(kind: string, files: Partial<Record<K, Archivo>>) =>
    Object.fromEntries(await Promise.all(Object.entries<Archivo>(files as Record<K, Archivo>).map(async ([slot, [bytes, mime]]) => [slot, await upload(token, kind, bytes, mime)]))) as Partial<
      Record<K, string>
    >;
  const [f, d] = await Promise.all([up('fotoVehiculo', fotos), up('documentoVehiculo', documentos)]);
  return { fotos: f, documentos: d };
}

/**
 * A vehicle with its 5 photos and 4 documents, made as the fleet's first creation test makes one (the
 * same kinds of file in the same slots), and the bytes of each file by its path under the vehicle.
 */
export async function vehiculoConArchivos(token: string, datos: Partial<VehiculoNuevoInput>): Promise<{ vehiculo: Vehiculo; archivos: Record<string, Uint8Array> }> {
  const fotos: Record<FotoVehiculo, Archivo> = {
    frente: [solidPng(40, 30, [200, 20, 20]), 'image/png'],
    lateral: [tinyJpeg(1), 'image/jpeg'],
    interior: [tinyWebp(2), 'image/webp'],
    perspectiva: [solidPng(40, 30, [20, 200, 20]), 'image/png'],
    tablero: [tinyJpeg(3), 'image/jpeg'],
  };
  const documentos: Record<DocumentoVehiculo, Archivo> = {
    licenciaConducir: [PDF_BYTES, 'application/pdf'],
    rut: [solidPng(20, 20, [5, 5, 5]), 'image/png'],
    soat: [PDF_BYTES, 'application/pdf'],
    tarjetaPropiedad: [tinyJpeg(4), 'image/jpeg'],
  };
  const res = await api('/vehiculos', { token, body: vehiculoNuevo({ ...datos, ...(await subir(token, fotos, documentos)) }) });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  const porRuta = (grupo: string, archivos: Record<string, Archivo>) => Object.entries(archivos).map(([slot, [bytes]]) => [`${grupo}/${slot}`, bytes] as const);
  return { vehiculo: res.json as Vehiculo, archivos: Object.fromEntries([...porRuta('fotos', fotos), ...porRuta('documentos', documentos)]) };
}

/** The company's vehicles as stored, read through the fleet index (what the list route queries). */
export async function flota(empresaId: string): Promise<Vehiculo[]> {
  const res = await docClient().send(
    new QueryCommand({ TableName: table('vehiculos'), IndexName: 'byEmpresaAliada', KeyConditionExpression: 'empresaAliada = :e', ExpressionAttributeValues: { ':e': empresaId } }),
  );
  return (res.Items ?? []) as Vehiculo[];
}

/** The stored vehicle without the provider panel's index attributes (the API never shows them). */
export async function guardado(id: string): Promise<Vehiculo | undefined> {
  const item = (await docClient().send(new GetCommand({ TableName: table('vehiculos'), Key: { id } }))).Item;
  if (!item) return undefined;
  // The index attributes the API adds beside the record (provider lists, expiry alerts: docs/decisions/0015).
  const { estadoProveedor: _e, busqueda: _b, aviso: _a, proximoAviso: _p, avisosEnviados: _ae, ...vehiculo } = item;
  return vehiculo as Vehiculo;
}
export const guardaDePlaca = async (empresaId: string, placas: string) =>
  (await docClient().send(new GetCommand({ TableName: table('vehiculos'), Key: { id: `placa#${empresaId}#${placas}` } }))).Item;

/** Cognito's status of an account, or the error's name ('UserNotFoundException') when there is none. */
export const cuenta = (email: string) =>
  cognitoClient()
    .send(new AdminGetUserCommand({ UserPoolId: stack().userPoolId, Username: email }))
    .then(
      (u) => u.UserStatus ?? 'sin estado',
      (err: Error) => err.name,
    );

/** The latest outbox message to an address (the local stand-in for Cognito's e-mail), whole. */
export function ultimoCorreo(email: string): string | undefined {
  const dir = stack().outboxDir;
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.txt')).sort().reverse()) {
    const text = readFileSync(join(dir, f), 'utf8');
    if (text.startsWith(`Para: ${email.toLowerCase()}\n`)) return text;
  }
  return undefined;
}

export const bytesDe = async (url: string) => {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
};

import { avisosDebidos, clavesVigentes, proximoAviso, textoAviso, AVISOS_PLATAFORMA, type AvisoDocumento, type UmbralAviso } from '@shared/domain/avisos-vencimiento.js';
import { hoyEnBogota } from '@shared/domain/vencimientos.js';
import type { VehiculoConAviso } from '@shared/schemas/vehiculo.js';
import { correo, type Correo } from '../adapters/correo.js';
import { tableName } from '../adapters/clients/dynamodb.js';
import { batchGetAll } from '../data/batch-get.js';
import { empresaRepository } from '../data/empresa-repository.js';
import { usuarioRepository } from '../data/usuario-repository.js';
import { vehiculoRepository } from '../data/vehiculo-repository.js';
import { logger, MetricUnit, publicarMetricas } from '../observability.js';

/**
 * The expiry alerts (issue 48, docs/decisions/0015), once a day (EventBridge Scheduler in AWS, the local
 * job runner offline): for each vehicle due (the sparse index, never the fleet) the documents that
 * entered their 30, 15, 7 or 0-day threshold, each once. Each company's admins who keep them on get one
 * digest with the reservations at risk, each driver an e-mail about their own licence, marketplace
 * staff one digest of every company's. A vehicle's alerts are recorded before they are sent: a failed
 * e-mail is logged and not sent again (never twice), an edit in between wins (the next run looks again).
 */

type Vehiculo = VehiculoConAviso;
type Linea = { v: Vehiculo; avisos: AvisoDocumento[] };
type ReservaEnRiesgo = { servicioId: string; fechaSalida: string; origen: string; destino: string; placas: string; documento: string; fecha: string };

const TITULO_UMBRAL: Record<UmbralAviso, string> = {
  0: 'Vencen hoy o ya vencieron',
  7: 'Vencen en 7 días o menos',
  15: 'Vencen en 15 días o menos',
  30: 'Vencen en 30 días o menos',
};

const fechaLarga = (fecha: string) => new Intl.DateTimeFormat('es-CO', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${fecha}T00:00:00Z`));
const salidaLarga = (iso: string) => new Intl.DateTimeFormat('es-CO', { day: 'numeric', month: 'long', hour: 'numeric', minute: '2-digit', timeZone: 'America/Bogota' }).format(new Date(iso));
const lineaDocumento = (v: Vehiculo, a: AvisoDocumento) => `- ${v.placas} (${v.nombre}) · ${a.nombre}: ${textoAviso(a.dias)} (${fechaLarga(a.fecha)})`;

/** The digest's lines, the widest threshold last: what blocks first comes first. */
function cuerpoDocumentos(lineas: Linea[]): string[] {
  return ([0, 7, 15, 30] as const).flatMap((u) => {
    const de = lineas.flatMap(({ v, avisos }) => avisos.filter((a) => a.umbral === u).map((a) => lineaDocumento(v, a)));
    return de.length ? ['', `${TITULO_UMBRAL[u]}:`, ...de] : [];
  });
}

/** Whether a digest tells of a document already expired: its subject says so too. */
const algunoVencido = (lineas: Linea[]) => lineas.some((l) => l.avisos.some((a) => a.dias < 0));

const PIE = 'Puedes dejar de recibir estos avisos en tu perfil de la consola (Cuenta).';

export function correoEmpresa(to: string, lineas: Linea[], enRiesgo: ReservaEnRiesgo[]): Correo {
  const n = lineas.reduce((t, l) => t + l.avisos.length, 0);
  return {
    to,
    // One document is spoken of in the singular, subject and body alike ("Estos documentos... renuévalos" for one read wrong).
    subject: n === 1 ? (algunoVencido(lineas) ? 'Un documento de tu flota venció' : 'Un documento de tu flota vence pronto') : `${n} documentos de tu flota ${algunoVencido(lineas) ? 'vencen pronto o ya vencieron' : 'vencen pronto'}`,
    body: [
      'Hola:',
      '',
      n === 1
        ? 'Este documento de tu flota vence pronto. Un vehículo con un documento vencido no puede recibir servicios: renuévalo y actualiza la fecha en Gestiona Flota.'
        : 'Estos documentos de tu flota vencen pronto. Un vehículo con un documento vencido no puede recibir servicios: renuévalos y actualiza las fechas en Gestiona Flota.',
      ...cuerpoDocumentos(lineas),
      ...(enRiesgo.length
        ? ['', 'Reservas en riesgo (el documento vence antes del viaje):', ...enRiesgo.map((r) => `- ${salidaLarga(r.fechaSalida)}, ${r.origen} → ${r.destino}: ${r.placas}, ${r.documento} vence el ${fechaLarga(r.fecha)}`)]
        : []),
      '',
      PIE,
    ].join('\n'),
  };
}

export function correoConductor(v: Vehiculo, a: AvisoDocumento): Correo {
  return {
    to: v.email,
    subject: a.dias < 0 ? 'Tu licencia de conducción venció' : 'Tu licencia de conducción vence pronto',
    body: [
      `Hola, ${v.nombre}:`,
      '',
      `Tu licencia de conducción ${textoAviso(a.dias)} (${fechaLarga(a.fecha)}). Sin una licencia vigente tu empresa no puede asignarte viajes en ${v.placas}.`,
      'Renuévala y envíale a tu empresa la nueva fecha de vencimiento.',
    ].join('\n'),
  };
}

export function correoPlataforma(to: string, porEmpresa: Map<string, Linea[]>, nombres: Map<string, string>): Correo {
  const n = [...porEmpresa.values()].flat().reduce((t, l) => t + l.avisos.length, 0);
  return {
    to,
    subject: `Documentos de conductores ${algunoVencido([...porEmpresa.values()].flat()) ? 'por vencer o vencidos' : 'por vencer'}: ${n}`,
    body: [
      'Hola:',
      '',
      'Estos documentos de los conductores de las empresas aliadas vencen pronto.',
      ...[...porEmpresa].flatMap(([empresaId, lineas]) => ['', `== ${nombres.get(empresaId) ?? empresaId} ==`, ...cuerpoDocumentos(lineas).slice(1)]),
      '',
      PIE,
    ].join('\n'),
  };
}

/**
 * The vehicle's upcoming reservations that a document due now does not cover: its agenda's trips (no
 * extra read) whose last day comes after the expiry, confirmed as still this vehicle's reserved or
 * confirmed trip by one BatchGet.
 */
async function reservasEnRiesgo(lineas: Linea[], now: Date): Promise<Map<string, ReservaEnRiesgo[]>> {
  const hoy = hoyEnBogota(now);
  const candidatas = lineas.flatMap(({ v, avisos }) =>
    (v.agenda ?? []).flatMap((t) => {
      const fin = hoyEnBogota(new Date(t.fechaRegreso ?? t.fechaSalida));
      if (fin < hoy) return [];
      const vencido = avisos.filter((a) => a.fecha < fin);
      return vencido.length ? [{ v, t, a: vencido[0]! }] : [];
    }),
  );
  const servicios = new Map(
    (await batchGetAll(tableName('services'), [...new Set(candidatas.map((c) => c.t.servicioId))], { proyeccion: 'id, estado, vehiculoId, origen, destino, fechaSalida' })).map((s) => [String(s.id), s]),
  );
  const porEmpresa = new Map<string, ReservaEnRiesgo[]>();
  for (const { v, t, a } of candidatas) {
    const s = servicios.get(t.servicioId);
    if (!s || s.vehiculoId !== v.id || !['reservado', 'confirmado'].includes(String(s.estado))) continue;
    const lista = porEmpresa.get(v.empresaAliada) ?? [];
    lista.push({ servicioId: t.servicioId, fechaSalida: String(s.fechaSalida), origen: String(s.origen), destino: String(s.destino), placas: v.placas, documento: a.nombre, fecha: a.fecha });
    porEmpresa.set(v.empresaAliada, lista);
  }
  return porEmpresa;
}

export type ResultadoAvisos = { vehiculos: number; documentos: number; correos: number; fallidos: number };

export async function runAvisos(now = new Date()): Promise<ResultadoAvisos> {
  const debidos = await vehiculoRepository.conAvisoDebido(hoyEnBogota(now));
  const porEmpresa = new Map<string, Linea[]>();
  for (const v of debidos) {
    const enviados = new Set(v.avisosEnviados);
    const avisos = avisosDebidos(v, enviados, now);
    const todos = new Set([...enviados, ...avisos.map((a) => a.clave)]);
    // Recorded first: what is recorded is sent once at most; a vehicle edited meanwhile waits for the next run.
    if (!(await vehiculoRepository.marcarAvisos(v, clavesVigentes(v, todos), proximoAviso(v, todos, now)))) continue;
    if (avisos.length) porEmpresa.set(v.empresaAliada, [...(porEmpresa.get(v.empresaAliada) ?? []), { v, avisos }]);
  }

  const correos: Correo[] = [];
  const riesgo = await reservasEnRiesgo([...porEmpresa.values()].flat(), now);
  for (const [empresaId, lineas] of porEmpresa) {
    for (const u of await usuarioRepository.conAvisos(empresaId)) correos.push(correoEmpresa(u.email, lineas, riesgo.get(empresaId) ?? []));
    for (const { v, avisos } of lineas) for (const a of avisos) if (a.campo === 'vencimientoLicenciaDeConducir' && v.email) correos.push(correoConductor(v, a));
  }
  if (porEmpresa.size) {
    const nombres = new Map(await Promise.all([...porEmpresa.keys()].map(async (id) => [id, (await empresaRepository.get(id))?.empresa ?? id] as const)));
    for (const u of await usuarioRepository.conAvisos(AVISOS_PLATAFORMA)) correos.push(correoPlataforma(u.email, porEmpresa, nombres));
  }

  let fallidos = 0;
  for (const c of correos) {
    try {
      await correo.enviar(c);
    } catch (error) {
      fallidos++;
      logger.error('No se pudo enviar un aviso de vencimiento', { para: c.to, error: error as Error });
    }
  }
  const documentos = [...porEmpresa.values()].flat().reduce((t, l) => t + l.avisos.length, 0);
  const resultado = { vehiculos: debidos.length, documentos, correos: correos.length - fallidos, fallidos };
  if (debidos.length) logger.info('Avisos de vencimiento', resultado);
  publicarMetricas('avisos', {}, [
    { nombre: 'AvisosDocumentos', unidad: MetricUnit.Count, valor: documentos },
    { nombre: 'AvisosCorreos', unidad: MetricUnit.Count, valor: resultado.correos },
    { nombre: 'AvisosFallidos', unidad: MetricUnit.Count, valor: fallidos },
  ]);
  // The run fails when an e-mail did, so the scheduler's failure alarm sees it (those alerts are not sent again).
  if (fallidos) throw new Error(`No se pudieron enviar ${fallidos} de ${correos.length} avisos de vencimiento.`);
  return resultado;
}

export const handler = async (): Promise<ResultadoAvisos> => runAvisos();

import { ASIGNACION_MSG, OFERTA_MSG } from '../schemas/messages-servicios.js';
import { DIAS_RESERVAS_PASADAS } from '../schemas/reservas.js';
import { POR_ASIGNAR, type Service } from '../schemas/service.js';
import type { Vehiculo, VehiculoResumen } from '../schemas/vehiculo.js';
import { DOCUMENTOS_CON_VENCIMIENTO, hoyEnBogota } from './vencimientos.js';
import { textoTipoVehiculo } from './etiquetas.js';

/**
 * Vehicle assignment (docs/spec/02.md sections 2.4, 4.2 and 4.3; docs/product.md): a reserved service of the
 * company, still without driver and plates, takes one of the company's validated vehicles of the
 * service's type whose documents stay valid through the trip's last day.
 */

/** docs/spec/02.md section 4.3: reserved, no driver or plates, no FUEC. */
export const asignable = (s: Pick<Service, 'estado' | 'placas' | 'fuec'>): boolean => s.estado === 'reservado' && s.placas === POR_ASIGNAR && !s.fuec;

/** docs/spec/02.md section 4.3: reserved with driver and plates, FUEC still to upload. */
export const esperaFuec = (s: Pick<Service, 'estado' | 'placas' | 'fuec'>): boolean => s.estado === 'reservado' && s.placas !== POR_ASIGNAR && !s.fuec;

/** The trip's last calendar day in Bogotá: the return's, or the departure's without return. */
export const ultimoDiaDelViaje = (s: Pick<Service, 'fechaSalida' | 'fechaRegreso'>): string => hoyEnBogota(new Date(s.fechaRegreso ?? s.fechaSalida));

type Candidato = Pick<VehiculoResumen, 'tipo' | 'validado' | 'placas' | (typeof DOCUMENTOS_CON_VENCIMIENTO)[number]['campo']> & { suspendido?: boolean };

/** Why this vehicle cannot take the service, or null when it can (the console greys it out with this text). */
export function problemaDeVehiculo(s: Pick<Service, 'tipo' | 'fechaSalida' | 'fechaRegreso'>, v: Candidato): string | null {
  if (v.tipo !== s.tipo) return ASIGNACION_MSG.otroTipo(textoTipoVehiculo(s.tipo));
  if (!v.validado) return ASIGNACION_MSG.noValidado;
  if (v.suspendido) return ASIGNACION_MSG.suspendido;
  const ultimoDia = ultimoDiaDelViaje(s);
  for (const { campo, nombre } of DOCUMENTOS_CON_VENCIMIENTO) {
    // A date only ever compares as 'YYYY-MM-DD'; a missing one cannot prove the document valid.
    if (!v[campo] || v[campo] < ultimoDia) return ASIGNACION_MSG.documentoVence(nombre, ultimoDia);
  }
  return null;
}

/**
 * docs/product.md: no offer the company could not serve. Why none of its vehicles could take the trip as
 * assignment will ask (`problemaDeVehiculo`), or null when one could.
 */
export function sinVehiculoApto(s: Pick<Service, 'tipo' | 'fechaSalida' | 'fechaRegreso'>, flota: readonly Candidato[]): string | null {
  const delTipo = flota.filter((v) => v.tipo === s.tipo);
  if (!delTipo.length) return OFERTA_MSG.tipoFueraDeFlota;
  if (delTipo.some((v) => !problemaDeVehiculo(s, v))) return null;
  // What holds each one back (the first three), so the company knows what to fix.
  const motivos = delTipo.slice(0, 3).map((v) => `${v.placas}: ${problemaDeVehiculo(s, v)}`);
  return OFERTA_MSG.sinVehiculoApto(textoTipoVehiculo(s.tipo), ultimoDiaDelViaje(s), motivos);
}

/** A trip without return is taken to keep its vehicle this long after departure. */
export const DURACION_SIN_REGRESO_MS = 12 * 3600_000;

/** When the trip holds its vehicle: from departure to return (or 12 hours without one). */
export const ventanaDelViaje = (s: Pick<Service, 'fechaSalida' | 'fechaRegreso'>): [number, number] => {
  const salida = Date.parse(s.fechaSalida);
  return [salida, s.fechaRegreso ? Date.parse(s.fechaRegreso) : salida + DURACION_SIN_REGRESO_MS];
};

/** Whether two trips would need the same vehicle at the same time. */
export const seSolapan = (a: Pick<Service, 'fechaSalida' | 'fechaRegreso'>, b: Pick<Service, 'fechaSalida' | 'fechaRegreso'>): boolean => {
  const [a0, a1] = ventanaDelViaje(a);
  const [b0, b1] = ventanaDelViaje(b);
  return a0 < b1 && b0 < a1;
};

/** The vehicle's agenda trips that overlap `servicio` and that the index's answer (`indexados`) lacks: the ones to read from the table. */
export const agendaSinIndexar = (
  agenda: readonly (Pick<Service, 'fechaSalida' | 'fechaRegreso'> & { servicioId: string })[],
  indexados: readonly Pick<Service, 'id'>[],
  servicio: Pick<Service, 'id' | 'fechaSalida' | 'fechaRegreso'>,
): string[] => agenda.filter((a) => a.servicioId !== servicio.id && !indexados.some((o) => o.id === a.servicioId) && seSolapan(a, servicio)).map((a) => a.servicioId);

/** The first departure a vehicle's agenda keeps: the window of the company's index query; older trips cannot overlap a reservation still to assign. */
export const inicioAgenda = (now: Date): string => new Date(now.getTime() - DIAS_RESERVAS_PASADAS * 86_400_000).toISOString();

/** A vehicle's agenda once it takes this trip: its trips still in the window, and this one. */
export const agendaCon = (agenda: Vehiculo['agenda'], s: Pick<Service, 'id' | 'fechaSalida' | 'fechaRegreso'>, now: Date): NonNullable<Vehiculo['agenda']> => [
  ...(agenda ?? []).filter((a) => a.fechaSalida >= inicioAgenda(now) && a.servicioId !== s.id),
  { servicioId: s.id, fechaSalida: s.fechaSalida, fechaRegreso: s.fechaRegreso ?? null },
];

/** What the service records of its vehicle and driver (docs/spec/02.md section 3.1). */
export function camposDeAsignacion(v: Vehiculo) {
  return {
    vehiculoId: v.id,
    idConductor: v.conductorId ?? null,
    conductor: v.nombre,
    telefonoConductor: v.telefono,
    cedulaConductor: v.cedula,
    licenciaDeConducir: v.licenciaDeConducir,
    vencimientoLicenciaDeConducir: v.vencimientoLicenciaDeConducir,
    placas: v.placas,
    marca: v.marca,
    modelo: v.modelo,
    numeroInterno: v.numeroInterno,
    tarjetaOperacion: v.tarjetaOperacion,
    empresaAfiliadora: v.empresa,
    fotosVehiculo: v.fotos,
  };
}
export type CamposAsignacion = ReturnType<typeof camposDeAsignacion>;

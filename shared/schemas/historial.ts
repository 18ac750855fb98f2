import { ESTADO_SERVICIO_TEXTO, textoBanco, textoCiudad, textoTipoCuenta, textoTipoVehiculo } from '../domain/etiquetas.js';
import * as z from './zod-es.js';

/**
 * The changes the audit trail records: a service's states (issue "Reserved services", item 8) and a
 * provider's registration and validation (issue "provider validation panel", item 4).
 */
export const ACCIONES = [
  'publicacion', 'oferta', 'oferta-retirada', 'aceptacion', 'asignacion', 'fuec', 'fuec-retirado', 'inicio', 'fin',
  'registro', 'actualizacion', 'validacion', 'bienvenida', 'bienvenida-fallida', 'suspension', 'reactivacion',
  'comprobante', 'pago-validado', 'pago-rechazado', 'anticipo', 'saldo', 'recompensa', 'cancelacion', 'cobro-sin-aplicar', 'reembolso',
] as const;
export type Accion = (typeof ACCIONES)[number];

/** How the console's timeline names each change. */
export const ACCION_TEXTO: Record<Accion, string> = {
  publicacion: 'Servicio publicado por el cliente',
  oferta: 'Oferta enviada',
  'oferta-retirada': 'Oferta retirada',
  aceptacion: 'Oferta aceptada por el cliente',
  asignacion: 'Vehículo asignado',
  fuec: 'FUEC cargado',
  /** No longer written (the FUEC is now stored before the service is confirmed); kept for older trails. */
  'fuec-retirado': 'FUEC retirado: no se pudo guardar el archivo',
  inicio: 'Recorrido iniciado',
  fin: 'Viaje finalizado',
  registro: 'Proveedor registrado desde su aplicación',
  actualizacion: 'Perfil actualizado desde su aplicación',
  validacion: 'Proveedor validado',
  bienvenida: 'Correo de bienvenida enviado',
  'bienvenida-fallida': 'Correo de bienvenida no enviado: el cambio se deshizo',
  suspension: 'Proveedor suspendido',
  reactivacion: 'Proveedor reactivado',
  comprobante: 'Comprobante de transferencia recibido del cliente',
  'pago-validado': 'Pago validado',
  'pago-rechazado': 'Pago rechazado',
  anticipo: 'Anticipo pagado al conductor',
  saldo: 'Saldo pagado al conductor',
  recompensa: 'Recompensa por referido pagada',
  cancelacion: 'Reserva cancelada: su salida pasó sin viaje',
  'cobro-sin-aplicar': 'Cobro de ePayco sin aplicar: por reembolsar al cliente',
  reembolso: 'Cobro de ePayco reembolsado al cliente',
};

/** How the timeline names the fields a change touched. */
export const CAMPO_TEXTO: Record<string, string> = {
  estado: 'Estado',
  precio: 'Valor',
  metodoPago: 'Método de pago',
  placas: 'Placas',
  conductor: 'Conductor',
  fuec: 'FUEC',
  tipoFuec: 'Archivo',
  verificacion: 'Verificación del FUEC',
  pagarAnticipoConductor: 'Anticipo del conductor por pagar',
  pagarSaldoConductor: 'Saldo del conductor por pagar',
  recorridoIniciado: 'Recorrido iniciado',
  validado: 'Validado',
  documentosVehiculo: 'Documentos del vehículo',
  documentosGuia: 'Documentos del guía',
  fotosVehiculo: 'Fotos del vehículo',
  suspendido: 'Suspendido',
  motivo: 'Motivo',
  nuevo: 'Nuevo',
  perfil: 'Perfil completo',
  lista: 'Lista',
  cambiados: 'Datos cambiados',
  correo: 'Correo',
  anticipoConductorPagado: 'Anticipo pagado',
  saldoConductorPagado: 'Saldo pagado',
  comisionPagadaAReferente: 'Comisión del referente pagada',
  referencia: 'Referencia',
  valor: 'Valor',
  monto: 'Valor',
  fecha: 'Fecha del pago',
  comprobante: 'Comprobante',
  transaccion: 'Transacción',
  cuenta: 'Pagado a',
  reembolso: 'Referencia del reembolso',
  cobro: 'Cobro',
  fechaReembolso: 'Fecha del reembolso',
};

/** Recorded fields the timeline leaves out: internal ids (the plates and the company's own view say it). */
export const CAMPOS_OCULTOS = new Set(['vehiculoId', 'empresaAliada', 'archivoComprobante']);

/** How recorded values read in Spanish (states, payment methods, file types); the rest as stored. */
export const VALOR_TEXTO: Record<string, string> = {
  ...ESTADO_SERVICIO_TEXTO,
  enviada: 'Enviada',
  retirada: 'Retirada',
  epayco: 'ePayco',
  transferencia: 'Transferencia',
  'application/pdf': 'PDF',
  'image/jpeg': 'Imagen JPG',
  'image/png': 'Imagen PNG',
  'por Asignar': 'Sin asignar',
  coincide: 'Verificado',
  'no-coincide': 'Con diferencias',
  'sin-verificar': 'Sin verificar',
};

/** Recorded values read by their field: the stored enumerations by their labels (shared/domain/etiquetas.ts). */
export const VALOR_POR_CAMPO: Record<string, (v: string) => string> = { tipo: textoTipoVehiculo, banco: textoBanco, ciudad: textoCiudad, tipocuenta: textoTipoCuenta };

/** Who made the change: a console user, a driver, the client app or the server's own job. */
export const quienSchema = z.object({
  tipo: z.enum(['usuario', 'conductor', 'app-clientes', 'app-proveedores', 'sistema']),
  nombre: z.string(),
  empresaId: z.string().optional(),
});
export type Quien = z.infer<typeof quienSchema>;

/** The fields of the service (or offer) a change touched, before and after. */
const estadoSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));

/** An entry of the trail as stored and as `GET /servicios/{id}/historial` answers it. */
export const historialSchema = z.object({
  servicioId: z.string(),
  /** Sort key: the time, then a random suffix (two changes in one millisecond both stay). */
  marca: z.string(),
  accion: z.enum(ACCIONES),
  quien: quienSchema,
  antes: estadoSchema,
  despues: estadoSchema,
  at: z.iso.datetime(),
});
export type EntradaHistorial = z.infer<typeof historialSchema>;
export const historialRespuestaSchema = z.object({ items: z.array(historialSchema) });

/** An entry of the trail for a change made `now`. */
export function nuevaEntrada(servicioId: string, accion: Accion, quien: Quien, antes: EntradaHistorial['antes'], despues: EntradaHistorial['despues'], now: Date): EntradaHistorial {
  return historialSchema.parse({ servicioId, marca: `${now.toISOString()}#${crypto.randomUUID().slice(0, 8)}`, accion, quien, antes, despues, at: now.toISOString() });
}

export const SISTEMA: Quien = { tipo: 'sistema', nombre: 'Tarea programada' };
export const APP_CLIENTES: Quien = { tipo: 'app-clientes', nombre: 'Aplicación de clientes' };
export const APP_PROVEEDORES: Quien = { tipo: 'app-proveedores', nombre: 'Aplicación de proveedores' };
export const EPAYCO: Quien = { tipo: 'sistema', nombre: 'ePayco' };
/**
 * An entry as a company sees it, as the payments ledger shows it: marketplace staff as 'Plataforma',
 * not which staff member, and without the client's refused receipt.
 */
export const PLATAFORMA_NOMBRE = 'Plataforma';
/**
 * Who registered a payment as a company reads it: marketplace staff as 'Plataforma', ePayco (its signed
 * confirmation) as ePayco. Staff are recorded by their e-mail; nothing else has one.
 */
export const registradoPorParaEmpresa = (registradoPor: string): string => (registradoPor.includes('@') ? PLATAFORMA_NOMBRE : registradoPor);
/**
 * 'Registrado por' as every view says it, naming the same party to a company and to staff: 'Plataforma',
 * and for staff which of them ('Plataforma (ana@…)'); ePayco as ePayco.
 */
export const textoRegistradoPor = (registradoPor: string): string => (registradoPor.includes('@') ? `${PLATAFORMA_NOMBRE} (${registradoPor})` : registradoPor);
/** The author of a trail's entry, said as 'Registrado por' says it: marketplace staff as the platform. */
export const textoQuien = (q: Quien): string => (q.tipo === 'usuario' && !q.empresaId ? textoRegistradoPor(q.nombre) : q.nombre);
export const vistaDeEmpresa = (e: EntradaHistorial): EntradaHistorial => {
  const { archivoComprobante: _a, ...antes } = e.antes;
  const { archivoComprobante: _d, ...despues } = e.despues;
  return { ...e, antes, despues, quien: e.quien.tipo === 'usuario' && !e.quien.empresaId ? { tipo: 'usuario', nombre: PLATAFORMA_NOMBRE } : e.quien };
};

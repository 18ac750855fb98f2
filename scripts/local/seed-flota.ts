import { revisarAvisos } from '@shared/domain/avisos-vencimiento.js';
import { type Empresa } from '@shared/schemas/empresa.js';
import { type Service } from '@shared/schemas/service.js';
import { agendaCon, inicioAgenda } from '@shared/domain/asignacion.js';
import { uploadKeys } from '@shared/domain/uploads.js';
import { hoyEnBogota } from '@shared/domain/vencimientos.js';
import { vehicleCode, vehiculoSchema, type Amenidad, type Vehiculo } from '@shared/schemas/vehiculo.js';
import { cuentaDe, type CuentaDestino } from '@shared/schemas/pagos.js';
import { ganaRecompensa, RECOMPENSA_PENDIENTE } from '@shared/domain/pagos.js';
import { busquedaDeRecompensa, idMovimiento, type Movimiento } from '../../lambdas/data/pago-repository.js';
import { atributosDeEstado } from '../../lambdas/data/proveedor-repository.js';
import { DEMO_USERS } from './demo-users.js';

/** The demo fleet (docs/operations.md, demo data): vehicles and drivers, their referrals and paid rewards. */

/** A vehicle as the repository stores it: with the provider panel's index attributes. */
export const conIndice = (v: Vehiculo) => ({
  ...v,
  ...atributosDeEstado({ tipo: 'conductor', r: v }),
  ...(ganaRecompensa(v) ? { recompensa: RECOMPENSA_PENDIENTE } : {}),
  // As the vehicle routes leave it: the first run of the expiry alerts looks at it.
  ...revisarAvisos(new Date()),
});

/** The demo fleet: realistic drivers and documents, expiry dates spread so every warning shows. */
export type DemoVehiculo = Pick<Vehiculo, 'empresaAliada' | 'empresa' | 'nombre' | 'telefono' | 'email' | 'placas' | 'marca' | 'modelo' | 'tipo' | 'capacidad' | 'color' | 'cedula' | 'ciudad'> & {
  /** Days from today to each expiry: SOAT, revisión técnica, tarjeta de operación, licence. */
  vence: [number, number, number, number];
  amenidades?: Partial<Record<Amenidad, boolean>>;
};

export const FLEET: DemoVehiculo[] = [
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
export const REFERIDOS: Record<number, { por: string; viajes: number; pagada?: RecompensaDemo }> = {
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
export const CUENTA_CAMBIADA: Record<number, { haceHoras: number; por: string; anterior: CuentaDestino }> = {
  1: { haceHoras: 30, por: DEMO_USERS.admin, anterior: { banco: 'Bancolombia', tipocuenta: 'ahorros', cuenta: '04587120334', titular: 'Luis Fernando Ortiz' } },
};

/** A demo vehicle as stored, with its plate guard (so the demo refuses a repeated plate as AWS would). */
export function demoVehiculo(v: DemoVehiculo, i: number, now: Date): { vehiculo: Vehiculo; guard: Record<string, string> } {
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

/** The counter and agenda the assignment route keeps on a vehicle, for the demo trips assigned to it. */
export function conAgenda(v: Vehiculo, servicios: readonly Service[], now: Date): Vehiculo {
  const suyos = servicios.filter((s) => s.vehiculoId === v.id);
  if (!suyos.length) return v;
  const agenda = suyos.filter((s) => s.fechaSalida >= inicioAgenda(now)).reduce<Vehiculo['agenda']>((a, s) => agendaCon(a, s, now), []);
  return { ...v, asignaciones: suyos.length, agenda };
}

/** A referral reward the demo has already paid: its ledger row, and its receipt when it had one. */
export type RecompensaDemo = { haceDias: number; valor: number; referencia: string; conComprobante: boolean };

/** The ledger rows (and receipt keys) of the demo's paid rewards. */
export function recompensasPagadas(vehiculos: Vehiculo[], empresas: Empresa[], now: Date): { movimiento: Movimiento; comprobante?: string }[] {
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

/** The account a vehicle had at a moment: the one before its last change, for a moment before it. */
export const cuentaEn = (v: Vehiculo | undefined, at: string): CuentaDestino | null =>
  v?.cuentaCambiada && at < v.cuentaCambiada.en ? v.cuentaCambiada.anterior : cuentaDe(v);

import { hoyEnBogota } from '@shared/domain/vencimientos.js';
import type { Vehiculo } from '@shared/schemas/vehiculo.js';
import type { VehiculoEdicionInput, VehiculoNuevoInput } from '@shared/schemas/vehiculo-formulario.js';

/** Vehicle bodies for the API tests and the bench (no vitest import here: the bench runs it too). */

/** The calendar date `dias` days from today in Bogota ('YYYY-MM-DD'), as the API counts dates. */
export const enDias = (dias: number): string => hoyEnBogota(new Date(Date.now() + dias * 86_400_000));

/** A complete `POST /vehiculos` body without files: every field valid, the terms accepted. */
export function vehiculoNuevo(overrides: Partial<VehiculoNuevoInput> = {}): VehiculoNuevoInput {
  return {
    placas: 'PRB101',
    marca: 'Mercedes-Benz Sprinter',
    modelo: '2022',
    tipo: 'Van',
    capacidad: 15,
    color: 'Blanco',
    email: 'conductor.prueba@flota.demo',
    licencia: 'LT4001234',
    numeroInterno: '201',
    nombre: 'Pedro Pablo Prieto',
    cedula: '16123456',
    telefono: '3151234567',
    direccion: 'Calle 10 # 20-30',
    ciudad: 'Cali',
    licenciaDeConducir: '16123456',
    vencimientoLicenciaDeConducir: enDias(700),
    propietario: 'Pedro Pablo Prieto',
    soat: 'AT-1300999',
    fechasoat: enDias(200),
    numeroRevisionTecnica: 'RTM-880999',
    vencimientoRevisionTecnica: enDias(150),
    tarjetaOperacion: 'TO-55999',
    vencimientoTarjetaOperacion: enDias(300),
    banco: 'Bancolombia',
    tipocuenta: 'ahorros',
    cuenta: '04512345678',
    titular: 'Pedro Pablo Prieto',
    rut: '16123456',
    aire: true,
    wifi: true,
    terminos: true,
    fotos: {},
    documentos: {},
    ...overrides,
  };
}

/** The editable fields of a stored vehicle, as the edit form sends them back (`PUT /vehiculos/{id}`). */
export function edicionDe(v: Vehiculo, overrides: Partial<VehiculoEdicionInput> = {}): VehiculoEdicionInput {
  return {
    numeroInterno: v.numeroInterno,
    nombre: v.nombre,
    cedula: v.cedula,
    telefono: v.telefono,
    direccion: v.direccion,
    ciudad: v.ciudad as VehiculoEdicionInput['ciudad'],
    licenciaDeConducir: v.licenciaDeConducir,
    vencimientoLicenciaDeConducir: v.vencimientoLicenciaDeConducir,
    propietario: v.propietario,
    soat: v.soat,
    fechasoat: v.fechasoat,
    numeroRevisionTecnica: v.numeroRevisionTecnica,
    vencimientoRevisionTecnica: v.vencimientoRevisionTecnica,
    tarjetaOperacion: v.tarjetaOperacion,
    vencimientoTarjetaOperacion: v.vencimientoTarjetaOperacion,
    banco: v.banco as VehiculoEdicionInput['banco'],
    tipocuenta: v.tipocuenta as VehiculoEdicionInput['tipocuenta'],
    cuenta: v.cuenta,
    titular: v.titular,
    rut: v.rut,
    aire: v.aire,
    wifi: v.wifi,
    tv: v.tv,
    usb: v.usb,
    sillasreclinables: v.sillasreclinables,
    sillasestandard: v.sillasestandard,
    bodega: v.bodega,
    parrilla: v.parrilla,
    portabicicletas: v.portabicicletas,
    bilingue: v.bilingue,
    ...overrides,
  };
}

/** Small real images of the kinds vehicle photos take (the API checks the bytes, not the name). */
export function tinyJpeg(seed = 0): Uint8Array {
  // SOI, an APP0/JFIF header and EOI: enough for the signature check (FF D8 FF), distinct per seed.
  return new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, seed & 0xff, 0xff, 0xd9]);
}

export function tinyWebp(seed = 0): Uint8Array {
  // RIFF size WEBP, then a VP8L chunk header and a few payload bytes.
  const payload = [0x2f, 0x00, 0x00, 0x00, seed & 0xff, 0x00];
  const chunk = [...'VP8L'].map((c) => c.charCodeAt(0)).concat([payload.length, 0, 0, 0], payload);
  const body = [...'WEBP'].map((c) => c.charCodeAt(0)).concat(chunk);
  const size = body.length;
  return new Uint8Array([...'RIFF'].map((c) => c.charCodeAt(0)).concat([size & 0xff, (size >> 8) & 0xff, 0, 0], body));
}

import { randomUUID } from 'node:crypto';
import type { ServicioPublicado } from '@shared/schemas/integracion.js';
import type { VehicleType } from '@shared/schemas/service.js';

/**
 * Realistic requests around Cali, shared by the demo seed (scripts/local/seed.ts) and the local client
 * simulator (scripts/local/client-simulator.ts): landmarks with their coordinates, destinations in the
 * region, client companies, their contacts and a plausible number of passengers per vehicle type.
 */

/** Pickup landmarks in Cali: address, latitude, longitude. */
export const ORIGINS: [string, number, number][] = [
  ['Hotel Intercontinental, Av. Colombia # 2-72, Cali', 3.4486, -76.539],
  ['Centro Comercial Chipichape, Calle 38N # 6N-35, Cali', 3.476, -76.527],
  ['Universidad del Valle, Sede Meléndez, Cali', 3.3755, -76.533],
  ['Terminal de Transportes, Calle 30N # 2AN-29, Cali', 3.4661, -76.521],
  ['Barrio Granada, Av. 9N # 15-20, Cali', 3.4585, -76.5355],
  ['Fundación Valle del Lili, Cra. 98 # 18-49, Cali', 3.3734, -76.527],
  ['Centro Comercial Unicentro, Cra. 100 # 5-169, Cali', 3.3763, -76.54],
  ['Estadio Pascual Guerrero, Calle 5 # 34-00, Cali', 3.4302, -76.5424],
  ['Plaza de Caycedo, Centro, Cali', 3.4515, -76.5325],
  ['Zoológico de Cali, Cra. 2A Oeste # 14-00', 3.4467, -76.5531],
  ['Hotel Dann Carlton, Cra. 2 # 1-60, Cali', 3.439, -76.541],
  ['Parque del Perro, San Fernando, Cali', 3.437, -76.544],
  ['Universidad Icesi, Calle 18 # 122-135, Cali', 3.3417, -76.5306],
  ['Clínica Imbanaco, Cra. 38Bis # 5B2-04, Cali', 3.4265, -76.5441],
  ['Centro Comercial Jardín Plaza, Cra. 98 # 16-200, Cali', 3.369, -76.5275],
];
export const DESTINATIONS = [
  'Aeropuerto Alfonso Bonilla Aragón, Palmira', 'Basílica del Señor de los Milagros, Buga', 'Lago Calima, Darién', 'Muelle Turístico, Buenaventura',
  'Hacienda El Paraíso, El Cerrito', 'Centro histórico, Popayán', 'Río Pance, Cali', 'Salento, Quindío', 'Parque Nacional de la Salsa, Cali',
  'Zona franca del Pacífico, Palmira', 'Ginebra, Valle del Cauca', 'Tuluá, Valle del Cauca', 'Jamundí, Valle del Cauca', 'Santander de Quilichao, Cauca',
];
export const CLIENTS = ['Universidad Icesi', 'Carvajal S.A.', 'Colombina S.A.', 'Clínica Imbanaco', 'Harinera del Valle', 'Riopaila Castilla', 'Tecnoquímicas S.A.', 'Banco de Occidente', 'Smurfit Westrock Colombia', 'Emcali'];
export const CONTACTS = ['Juliana Castro', 'Felipe Arango', 'Natalia Ospina', 'Diego Cárdenas', 'Valentina Ruiz', 'Santiago Mejía', 'Camila Herrera'];
export const CLASES = ['Empresarial', 'Turismo', 'Ejecutivo', 'Eventos'];
/** Passengers a request of each type plausibly carries: [least, most]. */
export const PASSENGERS: Record<VehicleType, [number, number]> = {
  Automovil: [1, 4], Suv: [2, 6], '4x4 Platon': [2, 4], Minivan: [5, 10], Van: [8, 15], Buseta: [15, 25], Buseton: [20, 32], Bus: [30, 45], Chiva: [20, 40],
};
export const TYPES = Object.keys(PASSENGERS) as VehicleType[];
export const OBSERVACION_DEMO = 'Se requiere conductor con experiencia en carretera y vehículo con aire acondicionado.';

/** A realistic request around Cali, departing 1 to 10 days ahead between 07:00 and 18:30 in Bogotá (UTC-5, no DST). */
export function servicioSimulado(rand: () => number = Math.random, now = new Date(), tipos: readonly VehicleType[] = TYPES): ServicioPublicado {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const [origen, lat, lng] = pick(ORIGINS);
  const tipo = pick(tipos);
  const [minP, maxP] = PASSENGERS[tipo];
  const bogota = new Date(now.getTime() - 5 * 3600_000 + (1 + Math.floor(rand() * 10)) * 86_400_000);
  const salida = new Date(Date.UTC(bogota.getUTCFullYear(), bogota.getUTCMonth(), bogota.getUTCDate(), 7 + 5 + Math.floor(rand() * 12), rand() < 0.5 ? 0 : 30));
  const cliente = pick(CLIENTS);
  return {
    id: randomUUID(),
    cliente,
    nombre: `Traslado ${cliente}`,
    solicitante: pick(CONTACTS),
    telefonoOperador: `31${Math.floor(10_000_000 + rand() * 89_999_999)}`,
    tipo,
    clase: pick(CLASES),
    origen,
    destino: pick(DESTINATIONS),
    // Spread a little around each landmark so markers do not overlap on the map.
    latOrigen: +(lat + (rand() - 0.5) * 0.01).toFixed(5),
    lonOrigen: +(lng + (rand() - 0.5) * 0.01).toFixed(5),
    paradas: rand() < 0.3 ? [{ location: pick(ORIGINS)[0] }] : [],
    fechaSalida: salida.toISOString(),
    fechaRegreso: rand() < 0.6 ? new Date(salida.getTime() + (6 + Math.floor(rand() * 30)) * 3600_000).toISOString() : null,
    pasajeros: minP + Math.floor(rand() * (maxP - minP + 1)),
    ciudad: 'Cali',
    departamento: 'Valle del Cauca',
    observaciones: rand() < 0.4 ? OBSERVACION_DEMO : '',
  };
}

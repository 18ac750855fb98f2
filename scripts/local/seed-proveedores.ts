import { DOCUMENTOS_VEHICULO, FOTOS_VEHICULO, uploadKeys } from '@shared/domain/uploads.js';
import { hoyEnBogota } from '@shared/domain/vencimientos.js';
import { guiaSchema, operadorSchema, type Guia, type Operador } from '@shared/schemas/proveedores.js';
import { vehicleCode, vehiculoSchema, type Vehiculo } from '@shared/schemas/vehiculo.js';
import type { VehicleType } from '@shared/schemas/service.js';
import { atributosDeEstado } from '../../lambdas/data/proveedor-repository.js';

/**
 * The provider panel's demo (issue "provider validation panel", item 5): drivers who signed up in the
 * driver app through the referral programme (no company yet, spec: the placeholder company), tour
 * guides and tour operators, at least five in every list, with photos and documents where their
 * state says they sent them.
 */
export const EMPRESA_REFERIDOS = { id: 'plataforma-referidos', nombre: 'Programa de referidos' } as const;

const dias = (now: Date, n: number) => new Date(now.getTime() - n * 86_400_000 - n * 3_731_000).toISOString();
const hoyMas = (now: Date, n: number) => hoyEnBogota(new Date(now.getTime() + n * 86_400_000));

type Referido = { nombre: string; telefono: string; email: string; placas: string; marca: string; modelo: string; tipo: VehicleType; capacidad: number; ciudad: string; cedula: string; referidoPor: string };
/** Six new (no photos, no documents yet) and three that sent everything and wait for validation. */
const REFERIDOS: Referido[] = [
  { nombre: 'Fredy Alexander Quiñones', telefono: '3157788441', email: 'fredy.quinones@correo.demo', placas: 'FQA231', marca: 'Nissan Urvan', modelo: '2019', tipo: 'Van', capacidad: 14, ciudad: 'Cali', cedula: '16777123', referidoPor: 'veh-demo-transvalle-001' },
  { nombre: 'Luz Dary Cuero', telefono: '3128899001', email: 'luzdary.cuero@correo.demo', placas: 'LDC774', marca: 'Chevrolet Spark', modelo: '2020', tipo: 'Automovil', capacidad: 4, ciudad: 'Jamundi', cedula: '31222987', referidoPor: 'plataforma' },
  { nombre: 'Edwin Mauricio Lasso', telefono: '3016655332', email: 'edwin.lasso@correo.demo', placas: 'EML512', marca: 'Toyota Prado', modelo: '2021', tipo: 'Suv', capacidad: 6, ciudad: 'Palmira', cedula: '94112345', referidoPor: 'veh-demo-andino-011' },
  { nombre: 'Gloria Inés Sinisterra', telefono: '3184433221', email: 'gloria.sinisterra@correo.demo', placas: 'GIS908', marca: 'Hyundai H1', modelo: '2018', tipo: 'Minivan', capacidad: 11, ciudad: 'Cali', cedula: '29555111', referidoPor: 'plataforma' },
  { nombre: 'Jair Alberto Mosquera', telefono: '3109988112', email: 'jair.mosquera@correo.demo', placas: 'JAM406', marca: 'Chevrolet NQR', modelo: '2017', tipo: 'Buseta', capacidad: 28, ciudad: 'Buenaventura', cedula: '16444777', referidoPor: 'veh-demo-expresopacifico-008' },
  { nombre: 'Ruby Esperanza Caicedo', telefono: '3142211009', email: 'ruby.caicedo@correo.demo', placas: 'REC119', marca: 'Renault Duster', modelo: '2022', tipo: 'Suv', capacidad: 5, ciudad: 'Tulua', cedula: '38111222', referidoPor: 'plataforma' },
  { nombre: 'Harold Stiven Ibarra', telefono: '3175544667', email: 'harold.ibarra@correo.demo', placas: 'HSI655', marca: 'Mercedes-Benz Sprinter', modelo: '2022', tipo: 'Van', capacidad: 19, ciudad: 'Cali', cedula: '1144055667', referidoPor: 'veh-demo-transvalle-002' },
  { nombre: 'Nancy Viviana Perea', telefono: '3023344556', email: 'nancy.perea@correo.demo', placas: 'NVP310', marca: 'Kia Sorento', modelo: '2021', tipo: 'Suv', capacidad: 6, ciudad: 'Cali', cedula: '66987001', referidoPor: 'plataforma' },
  { nombre: 'Arley Fernando Bonilla', telefono: '3196677889', email: 'arley.bonilla@correo.demo', placas: 'AFB827', marca: 'Hino FC', modelo: '2019', tipo: 'Bus', capacidad: 40, ciudad: 'Cartago', cedula: '6555444', referidoPor: 'veh-demo-transvalle-003' },
];
const NUEVOS_REFERIDOS = 6;

const GUIAS = [
  ['Camila Andrea Valencia', 'camila.valencia@guias.demo', '3157001122'],
  ['Juan Sebastián Arboleda', 'juan.arboleda@guias.demo', '3128002233'],
  ['María Fernanda Chará', 'mafe.chara@guias.demo', '3009003344'],
  ['Kevin Andrés Rentería', 'kevin.renteria@guias.demo', '3181004455'],
  ['Paola Andrea Ospina', 'paola.ospina@guias.demo', '3112005566'],
  ['Julián David Sarria', 'julian.sarria@guias.demo', '3163006677'],
  ['Daniela Castaño Ruiz', 'daniela.castano@guias.demo', '3014007788'],
  ['Esteban Mejía Londoño', 'esteban.mejia@guias.demo', '3145008899'],
  ['Lina Marcela Tovar', 'lina.tovar@guias.demo', '3176009900'],
  ['Cristian Camilo Otero', 'cristian.otero@guias.demo', '3107001212'],
  ['Isabella Gómez Cifuentes', 'isabella.gomez@guias.demo', '3198002323'],
  ['Mauricio Benítez Largo', 'mauricio.benitez@guias.demo', '3049003434'],
  ['Sofía Alejandra Muñoz', 'sofia.munoz@guias.demo', '3150004545'],
  ['Andrés Felipe Lucumí', 'andres.lucumi@guias.demo', '3121005656'],
  ['Valeria Rojas Hurtado', 'valeria.rojas@guias.demo', '3182006767'],
  ['Nicolás Bermúdez Rey', 'nicolas.bermudez@guias.demo', '3013007878'],
] as const;
/** Guides: 6 new (only their sign-up), 5 with profile and documents to validate, 5 active (one suspended). */
const GUIAS_POR_ESTADO = [6, 5, 5] as const;

const OPERADORES = [
  ['Viajes Pacífico Verde', 'Ricardo Balanta', 'reservas@pacificoverde.demo', '3158881100', 'Calle 8 # 3-45, Buenaventura'],
  ['Cali Travel Tours', 'Mariana López', 'ventas@calitravel.demo', '3127772200', 'Avenida 6N # 23-61, Cali'],
  ['Ecoturismo Farallones', 'Hernán Collazos', 'info@farallones.demo', '3186663300', 'Vía Pance km 12, Cali'],
  ['Andes Aventura', 'Catalina Duque', 'hola@andesaventura.demo', '3005554400', 'Carrera 23 # 45-10, Manizales'],
  ['Ruta del Café Expediciones', 'Gustavo Marín', 'contacto@rutacafe.demo', '3134445500', 'Calle 21 # 15-30, Armenia'],
  ['Salsa y Ciudad Tours', 'Yuliana Caicedo', 'tours@salsayciudad.demo', '3163336600', 'Carrera 4 # 9-17, Cali'],
  ['Buga Colonial Viajes', 'Fabio Restrepo', 'reservas@bugacolonial.demo', '3172227700', 'Calle 6 # 14-22, Buga'],
  ['Pacífico Ballenas Tours', 'Ximena Angulo', 'ballenas@pacificotours.demo', '3141118800', 'Muelle turístico, Buenaventura'],
  ['Valle Encantado Travel', 'Oswaldo Giraldo', 'info@valleencantado.demo', '3019990011', 'Calle 10 # 5-80, Tuluá'],
  ['San Cipriano Aventura', 'Leidy Carabalí', 'aventura@sancipriano.demo', '3195550022', 'Córdoba, Buenaventura'],
  ['Popayán Blanca Tours', 'Felipe Chicangana', 'tours@popayanblanca.demo', '3126660033', 'Calle 5 # 7-30, Popayán'],
] as const;
const OPERADORES_NUEVOS = 5;

export type ArchivoDemo = { key: string; kind: 'png' | 'pdf'; color: [number, number, number] };

/** The demo's providers as stored (with their index attributes) and the files their records point to. */
export function demoProveedores(now: Date): { vehiculos: (Vehiculo & Record<string, unknown>)[]; registros: ((Guia | Operador) & Record<string, unknown>)[]; archivos: ArchivoDemo[] } {
  const archivos: ArchivoDemo[] = [];
  const vehiculos = REFERIDOS.map((r, i) => {
    const id = `veh-referido-${String(i + 1).padStart(3, '0')}`;
    const envio = i >= NUEVOS_REFERIDOS;
    const fotos = Object.fromEntries(FOTOS_VEHICULO.map((slot, n) => {
      if (!envio) return [slot, ''];
      const key = uploadKeys.fotoVehiculo(id, slot);
      archivos.push({ key, kind: 'png', color: [40 + n * 35, 90 + i * 10, 150 - n * 20] });
      return [slot, key];
    }));
    const documentos = Object.fromEntries(DOCUMENTOS_VEHICULO.map((slot) => {
      if (!envio) return [slot, ''];
      const key = uploadKeys.documentoVehiculo(id, slot);
      archivos.push({ key, kind: 'pdf', color: [0, 0, 0] });
      return [slot, key];
    }));
    const vehiculo = vehiculoSchema.parse({
      ...r, id, codigo: vehicleCode(id), empresaAliada: EMPRESA_REFERIDOS.id, empresa: EMPRESA_REFERIDOS.nombre, color: 'Blanco', numeroInterno: '',
      direccion: `Carrera ${30 + i} # ${12 + i}-${40 + i}`, licenciaDeConducir: envio ? r.cedula : '', vencimientoLicenciaDeConducir: envio ? hoyMas(now, 700) : '',
      propietario: r.nombre, soat: envio ? `AT-${2_100_000 + i * 173}` : '', fechasoat: envio ? hoyMas(now, 200 + i * 10) : '',
      numeroRevisionTecnica: envio ? `RTM-${910_000 + i * 31}` : '', vencimientoRevisionTecnica: envio ? hoyMas(now, 150) : '',
      tarjetaOperacion: envio ? `TO-${61_000 + i}` : '', vencimientoTarjetaOperacion: envio ? hoyMas(now, 400) : '',
      banco: envio ? 'Nequi' : '', tipocuenta: envio ? 'ahorros' : '', cuenta: envio ? `30${r.telefono.slice(2)}` : '', titular: envio ? r.nombre : '', rut: envio ? r.cedula : '',
      fotos, documentos, validado: false, fotosVehiculo: envio, documentosVehiculo: envio, perfil: envio, rating: 5, viajesRealizados: 0,
      fechaCreacion: dias(now, i + 1),
    });
    return { ...vehiculo, referidoPor: r.referidoPor, ...atributosDeEstado({ tipo: 'conductor', r: vehiculo }) };
  });

  const [nuevosG, porValidarG] = GUIAS_POR_ESTADO;
  const guias = GUIAS.map(([nombre, email, telefono], i) => {
    const id = `guia-demo-${String(i + 1).padStart(3, '0')}`;
    const estado = i < nuevosG ? 'nuevo' : i < nuevosG + porValidarG ? 'por-validar' : 'activo';
    const conPerfil = estado !== 'nuevo';
    const documentos: Record<string, string> = {};
    let imagen = '';
    if (conPerfil) {
      imagen = uploadKeys.archivoProveedor('guia', id, 'foto');
      archivos.push({ key: imagen, kind: 'png', color: [180 - i * 6, 120, 60 + i * 8] });
      for (const slot of ['rnt', 'rut', 'cedula']) {
        documentos[slot] = uploadKeys.archivoProveedor('guia', id, slot);
        archivos.push({ key: documentos[slot], kind: 'pdf', color: [0, 0, 0] });
      }
    }
    const suspendido = estado === 'activo' && i === GUIAS.length - 1;
    const guia = guiaSchema.parse({
      tipo: 'guia', id, nombre, email, telefono, imagen, rating: conPerfil ? 4 + ((i * 3) % 11) / 10 : 5,
      direccion: conPerfil ? `Calle ${20 + i} # ${5 + i}-${10 + i}, Cali` : '', rnt: conPerfil ? String(45_000 + i * 137) : '', rut: conPerfil ? String(1_107_000_000 + i * 9_731) : '',
      banco: conPerfil ? (['Bancolombia', 'Davivienda', 'Nequi', 'BBVA'] as const)[i % 4] : '', tipocuenta: conPerfil ? 'ahorros' : '', cuenta: conPerfil ? `31${telefono.slice(2)}` : '', titular: conPerfil ? nombre : '',
      perfil: conPerfil, validado: estado === 'activo', documentosGuia: estado === 'activo', documentos,
      suspendido, ...(suspendido ? { motivoSuspension: 'Queja de un cliente por no presentarse al recorrido del 2 de noviembre; en revisión.' } : {}),
      fechaCreacion: dias(now, i * 2 + 1),
      // One new guide already welcomed, still without documents: the list marks it.
      ...(i === nuevosG - 1 ? { bienvenidaEnviada: dias(now, 2) } : {}),
    });
    return { ...guia, ...atributosDeEstado({ tipo: 'guia', r: guia }) };
  });

  const operadores = OPERADORES.map(([empresa, nombre, email, telefono, direccion], i) => {
    const id = `operador-demo-${String(i + 1).padStart(3, '0')}`;
    const nuevo = i < OPERADORES_NUEVOS;
    const operador = operadorSchema.parse({
      tipo: 'operador', id, nombre, email, telefono, empresa, direccion, nuevo, perfil: true, rating: nuevo ? 5 : 4.5 + (i % 5) / 10,
      ...(nuevo ? {} : { bienvenidaEnviada: dias(now, i) }), fechaCreacion: dias(now, i * 3 + 1),
    });
    return { ...operador, ...atributosDeEstado({ tipo: 'operador', r: operador }) };
  });

  return { vehiculos, registros: [...guias, ...operadores], archivos };
}

import { API_MSG, REGISTRO_MSG } from '@shared/schemas/messages.js';
import { VEHICULO_MSG } from '@shared/schemas/messages-flota.js';
import { confirmarCodigoSchema, registroEmpresaSchema, validarInvitacionSchema } from '@shared/schemas/auth.js';
import { avisosBodySchema, perfilBodySchema, perfilSchema, registroInternoSchema } from '@shared/schemas/profile.js';
import { confirmUploadSchema, uploadRequestSchema } from '@shared/schemas/upload.js';
import { vehiculoEdicionSchema, vehiculoNuevoSchema } from '@shared/schemas/vehiculo-formulario.js';
import { aceptarOfertaSchema, servicioPublicadoSchema } from '@shared/schemas/integracion.js';
import { asignacionBodySchema } from '@shared/schemas/asignacion.js';
import { fuecBodySchema } from '@shared/schemas/fuec.js';
import { posicionSchema } from '@shared/schemas/recorrido.js';
import { ofertaBodySchema } from '@shared/schemas/oferta.js';
import { guiaPerfilSchema, operadorPerfilSchema, suspensionBodySchema, validacionBodySchema } from '@shared/schemas/proveedores.js';
import { cancelacionBodySchema, comprobanteClienteSchema, consultaEpaycoSchema, decisionPagoSchema, pagoConductorBodySchema, recompensaBodySchema, reembolsoBodySchema } from '@shared/schemas/pagos.js';
import { appRoute, cuentaRoute, publicRoute, route } from './define-route.js';
import { confirmacionEpayco, consultarEpayco } from './routes/epayco.js';
import { confirmarRegistro, pedirCodigo, registrarEmpresa, validarInvitacion } from './routes/registro.js';
import { historialServicios, listarEmpresas, listarServicios } from './routes/listas.js';
import { cancelarReserva, decidirPago, listarPagosPorValidar, resumenPagos, verPagosDeServicio } from './routes/pagos.js';
import { listarPagosConductor, pagarConductor } from './routes/pagos-conductor.js';
import { listarRecompensas, listarRecompensasPagadas, pagarRecompensa } from './routes/recompensas.js';
import { listarCobrosPorReembolsar, reembolsarCobro } from './routes/reembolsos.js';
import { bienvenidaProveedor, listarProveedores, resumenProveedores, suspenderProveedor, validarProveedor, verProveedor } from './routes/proveedores.js';
import { guardarGuia, guardarOperador } from './routes/integracion-proveedores.js';
import { aceptarOferta, listarOfertas, publicarServicio, subirComprobante } from './routes/integracion-cliente.js';
import { verMapa } from './routes/mapa.js';
import { verResumen } from './routes/resumen.js';
import { seguimientoParaCliente, verSeguimiento } from './routes/seguimiento.js';
import { finalizarComoConductor, reportarPosicion, verConductores, verRecorridosEnCurso } from './routes/recorridos.js';
import { asignarVehiculo, finalizarViaje, listarReservas, ofertar, retirarOferta, subirFuec, verHistorial, verServicio } from './routes/servicios.js';
import { quitarFotoCorporativa } from './routes/fotos.js';
import { getMe } from './routes/me.js';
import { putAvisos, putPerfil } from './routes/perfil.js';
import { confirmUpload, presignAppUpload, presignUpload } from './routes/uploads.js';
import { registrarUsuario } from './routes/usuarios.js';
import { crearVehiculo, editarVehiculo, listarVehiculos, placaDisponible, reenviarInvitacion, tiposDeVehiculo, verVehiculo } from './routes/vehiculos.js';

/** Everyone who signs in to the console: company admins and staff, marketplace staff. */
const CONSOLA = ['admin', 'user', 'plataforma'] as const;
/** A company's people: its admins and staff (the fleet is theirs alone). */
const EMPRESA = ['admin', 'user'] as const;

/**
 * Every API route and who may call it: the app mounts exactly these, and the authorization test
 * calls each of them as every kind of caller. A new route is a new row.
 */
export const ROUTES = [
  publicRoute({ ruta: 'GET /health', handler: (c) => c.json({ ok: true }) }),
  publicRoute({ ruta: 'POST /registro', body: registroEmpresaSchema, handler: registrarEmpresa }),
  cuentaRoute({ ruta: 'POST /registro/confirmar', body: confirmarCodigoSchema, handler: confirmarRegistro }),
  cuentaRoute({ ruta: 'POST /registro/codigo', handler: pedirCodigo }),
  publicRoute({ ruta: 'POST /registro/invitacion', body: validarInvitacionSchema, handler: validarInvitacion }),
  /** The live trip link's page (docs/decisions/0014): the token is the capability. */
  publicRoute({ ruta: 'GET /seguimiento/:token', handler: verSeguimiento }),
  route({ ruta: 'GET /me', access: CONSOLA, handler: getMe }),
  route({
    ruta: 'PUT /perfil',
    access: CONSOLA,
    body: perfilBodySchema,
    bodyFor: (caller) => (caller.role === 'admin' ? perfilSchema : perfilBodySchema),
    handler: putPerfil,
  }),
  /** The company's figures (docs/decisions/0016): its admins only. */
  route({ ruta: 'GET /resumen', access: ['admin'], perfilCompleto: true, denied: API_MSG.sinPermiso, handler: verResumen }),
  route({ ruta: 'PUT /perfil/avisos', access: ['admin', 'plataforma'], body: avisosBodySchema, handler: putAvisos }),
  route({
    ruta: 'POST /usuarios',
    access: ['admin'],
    perfilCompleto: true,
    denied: REGISTRO_MSG.soloAdmin,
    body: registroInternoSchema,
    handler: registrarUsuario,
  }),
  route({ ruta: 'POST /uploads', access: CONSOLA, body: uploadRequestSchema, handler: presignUpload }),
  route({ ruta: 'POST /uploads/confirm', access: CONSOLA, body: confirmUploadSchema, handler: confirmUpload }),
  route({ ruta: 'DELETE /fotos-corporativas', access: ['admin'], denied: API_MSG.soloAdminEmpresa, handler: quitarFotoCorporativa }),
  // Fleet (docs/spec/02.md sections 2.7, 5.3, 6). Static paths before `/vehiculos/{id}`.
  route({ ruta: 'GET /vehiculos', access: EMPRESA, perfilCompleto: true, handler: listarVehiculos }),
  route({ ruta: 'GET /vehiculos/tipos', access: EMPRESA, perfilCompleto: true, handler: tiposDeVehiculo }),
  route({ ruta: 'GET /vehiculos/placas/:placas', access: EMPRESA, perfilCompleto: true, handler: placaDisponible }),
  route({ ruta: 'GET /vehiculos/:id', access: EMPRESA, perfilCompleto: true, handler: verVehiculo }),
  route({ ruta: 'POST /vehiculos', access: ['admin'], perfilCompleto: true, denied: VEHICULO_MSG.soloAdmin, body: vehiculoNuevoSchema, handler: crearVehiculo }),
  route({ ruta: 'PUT /vehiculos/:id', access: EMPRESA, perfilCompleto: true, body: vehiculoEdicionSchema, handler: editarVehiculo }),
  route({ ruta: 'POST /vehiculos/:id/invitacion', access: EMPRESA, perfilCompleto: true, handler: reenviarInvitacion }),
  // Monitor map, service detail and offers (docs/spec/02.md sections 2.1 to 2.3, 4.4, 5.1, 6).
  route({ ruta: 'GET /mapa', access: EMPRESA, perfilCompleto: true, handler: verMapa }),
  route({ ruta: 'GET /mapa/conductores', access: EMPRESA, perfilCompleto: true, handler: verConductores }),
  route({ ruta: 'GET /recorridos/en-curso', access: EMPRESA, handler: verRecorridosEnCurso }),
  route({ ruta: 'GET /reservas', access: EMPRESA, perfilCompleto: true, handler: listarReservas }),
  // Service lists, history and payments (docs/spec/01.md section 2): a company's own, or every company's for staff.
  // Not behind the complete profile: docs/spec/01.md locks only the map, the fleet and internal registration, so
  // these screens open for a company still completing its profile (empty lists, or its own services if
  // its profile became incomplete again). What the profile gates is taking part: offers, vehicles, FUEC.
  route({ ruta: 'GET /servicios', access: CONSOLA, handler: listarServicios }),
  route({ ruta: 'GET /historial', access: CONSOLA, handler: historialServicios }),
  route({ ruta: 'GET /pagos', access: CONSOLA, handler: listarPagosConductor }),
  route({ ruta: 'GET /pagos/resumen', access: CONSOLA, handler: resumenPagos }),
  route({ ruta: 'GET /servicios/:servicioId/pagos', access: CONSOLA, handler: verPagosDeServicio }),
  route({ ruta: 'GET /servicios/:servicioId', access: EMPRESA, perfilCompleto: true, handler: verServicio }),
  route({ ruta: 'GET /servicios/:servicioId/historial', access: CONSOLA, perfilCompleto: true, handler: verHistorial }),
  route({ ruta: 'POST /servicios/:servicioId/ofertas', access: EMPRESA, perfilCompleto: true, body: ofertaBodySchema, handler: ofertar }),
  route({ ruta: 'POST /servicios/:servicioId/ofertas/retiro', access: EMPRESA, perfilCompleto: true, handler: retirarOferta }),
  route({ ruta: 'POST /servicios/:servicioId/fuec', access: EMPRESA, perfilCompleto: true, body: fuecBodySchema, handler: subirFuec }),
  route({ ruta: 'POST /servicios/:servicioId/finalizar', access: EMPRESA, perfilCompleto: true, handler: finalizarViaje }),
  route({ ruta: 'PUT /servicios/:servicioId/vehiculo', access: EMPRESA, perfilCompleto: true, body: asignacionBodySchema, handler: asignarVehiculo }),
  // The provider panel (docs/spec/01.md section 2, "Admin users panel"): marketplace staff only.
  route({ ruta: 'GET /plataforma/proveedores/resumen', access: ['plataforma'], handler: resumenProveedores }),
  route({ ruta: 'GET /plataforma/proveedores/listas/:lista', access: ['plataforma'], handler: listarProveedores }),
  route({ ruta: 'GET /plataforma/proveedores/:tipo/:id', access: ['plataforma'], handler: verProveedor }),
  route({ ruta: 'POST /plataforma/proveedores/:tipo/:id/validar', access: ['plataforma'], body: validacionBodySchema, handler: validarProveedor }),
  route({ ruta: 'POST /plataforma/proveedores/:tipo/:id/bienvenida', access: ['plataforma'], handler: bienvenidaProveedor }),
  route({ ruta: 'POST /plataforma/proveedores/:tipo/:id/suspension', access: ['plataforma'], body: suspensionBodySchema, handler: suspenderProveedor }),
  // Payments to validate, payouts and referral rewards: marketplace staff only.
  route({ ruta: 'GET /plataforma/empresas', access: ['plataforma'], handler: listarEmpresas }),
  route({ ruta: 'GET /plataforma/pagos-por-validar/:metodo', access: ['plataforma'], handler: listarPagosPorValidar }),
  route({ ruta: 'POST /plataforma/servicios/:servicioId/pago', access: ['plataforma'], body: decisionPagoSchema, handler: decidirPago }),
  // A reservation whose departure passed before its trip: cancelled with the reason and the refund.
  route({ ruta: 'POST /plataforma/servicios/:servicioId/cancelacion', access: ['plataforma'], body: cancelacionBodySchema, handler: cancelarReserva }),
  route({ ruta: 'POST /plataforma/servicios/:servicioId/pago-conductor', access: ['plataforma'], body: pagoConductorBodySchema, handler: pagarConductor }),
  // An ePayco payment whose confirmation never arrived: staff ask ePayco by the transaction's reference.
  route({ ruta: 'POST /plataforma/servicios/:servicioId/pago-epayco', access: ['plataforma'], body: consultaEpaycoSchema, handler: consultarEpayco }),
  // ePayco charges that did not apply (a second charge, one after a cancellation): refunded by staff.
  route({ ruta: 'GET /plataforma/cobros-por-reembolsar', access: ['plataforma'], handler: listarCobrosPorReembolsar }),
  route({ ruta: 'POST /plataforma/cobros-por-reembolsar/:ref/reembolso', access: ['plataforma'], body: reembolsoBodySchema, handler: reembolsarCobro }),
  route({ ruta: 'GET /plataforma/recompensas', access: ['plataforma'], handler: listarRecompensas }),
  route({ ruta: 'GET /plataforma/recompensas/pagadas', access: ['plataforma'], handler: listarRecompensasPagadas }),
  route({ ruta: 'POST /plataforma/recompensas/:vehiculoId', access: ['plataforma'], body: recompensaBodySchema, handler: pagarRecompensa }),
  // ePayco's confirmation (docs/product.md): no token, its own signature checked by the handler.
  publicRoute({ ruta: 'POST /integracion/epayco/confirmacion', handler: confirmacionEpayco }),
  // The driver app (docs/product.md): its drivers' own accounts (group conductor), only for their vehicle.
  route({ ruta: 'POST /integracion/conductor/posicion', access: ['conductor'], body: posicionSchema, handler: reportarPosicion }),
  route({ ruta: 'POST /integracion/conductor/servicios/:servicioId/finalizar', access: ['conductor'], handler: finalizarComoConductor }),
  // The client app's integration (docs/product.md): its own signature, no console token.
  appRoute({ app: 'cliente', ruta: 'POST /integracion/cliente/servicios', body: servicioPublicadoSchema, handler: publicarServicio }),
  appRoute({ app: 'cliente', ruta: 'GET /integracion/cliente/servicios/:servicioId/ofertas', handler: listarOfertas }),
  appRoute({ app: 'cliente', ruta: 'GET /integracion/cliente/servicios/:servicioId/seguimiento', handler: seguimientoParaCliente }),
  appRoute({ app: 'cliente', ruta: 'POST /integracion/cliente/servicios/:servicioId/aceptar', body: aceptarOfertaSchema, handler: aceptarOferta }),
  appRoute({ app: 'cliente', ruta: 'POST /integracion/cliente/uploads', body: uploadRequestSchema, handler: presignAppUpload('cliente') }),
  appRoute({ app: 'cliente', ruta: 'POST /integracion/cliente/servicios/:servicioId/comprobante', body: comprobanteClienteSchema, handler: subirComprobante }),
  // The guides' and tour operators' apps (docs/product.md): their own signature, no console token.
  appRoute({ app: 'proveedores', ruta: 'POST /integracion/proveedores/uploads', body: uploadRequestSchema, handler: presignAppUpload('proveedores') }),
  appRoute({ app: 'proveedores', ruta: 'PUT /integracion/proveedores/guias/:id', body: guiaPerfilSchema, handler: guardarGuia }),
  appRoute({ app: 'proveedores', ruta: 'PUT /integracion/proveedores/operadores/:id', body: operadorPerfilSchema, handler: guardarOperador }),
];

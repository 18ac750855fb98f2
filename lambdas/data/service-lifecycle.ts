import { agendaCon, type CamposAsignacion } from '@shared/domain/asignacion.js';
import type { VerificacionFuec } from '@shared/domain/fuec.js';
import { tripStartCutoff } from '@shared/domain/trips.js';
import { INICIO_PENDIENTE, POR_ASIGNAR } from '@shared/schemas/service.js';
import { type Service } from '@shared/schemas/service.js';
import type { Vehiculo } from '@shared/schemas/vehiculo.js';
import { tableName } from '../adapters/clients/dynamodb.js';
import { APP_CLIENTES, SISTEMA, type Quien } from '@shared/schemas/historial.js';
import { cambios } from './cambios.js';
import { entradaHistorial } from './historial-repository.js';
import { vehiculoRepository } from './vehiculo-repository.js';
import { queryAll } from './query-all.js';
import { cancellationCodes, transact } from './transact.js';
import { logger } from '../logger.js';
import { cambiarServicio, cambioDeServicio, servicioItem } from './service-items.js';
import { indice } from '@shared/tables.js';
import { secretoSeguimiento } from './seguimiento-secreto.js';
import { sumasDe } from '@shared/domain/cifras.js';
import { cifrasRepository } from './cifras-repository.js';

/** A service's lifecycle writes (docs/product.md, "The service lifecycle"): published, assigned, confirmed by its FUEC, started, ended. */
export const serviceLifecycle = {
  /** A new pending service; false when one with this id exists (the client app retried). */
  async publicar(service: Service, now: Date): Promise<boolean> {
    try {
      await transact({
        TransactItems: [
          { Put: { TableName: tableName('services'), Item: servicioItem(service), ConditionExpression: 'attribute_not_exists(id)' } },
          entradaHistorial(service.id, 'publicacion', APP_CLIENTES, {}, { estado: 'pendiente' }, now),
        ],
      });
      return true;
    } catch (err) {
      if (cancellationCodes(err)?.[0] === 'ConditionalCheckFailed') return false;
      throw err;
    }
  },

  /**
   * The vehicle and driver onto the company's reserved service, only while it still has none and no
   * FUEC (docs/spec/02.md section 4.3), with its history entry. The vehicle's `asignaciones` must still be what
   * the caller read (when it checked the vehicle's other trips) and moves by one, its agenda gains the
   * trip: of two assignments of one vehicle at once, one wins and the other is told the vehicle changed.
   */
  async asignar(service: Service, campos: CamposAsignacion, vehiculo: Pick<Vehiculo, 'id' | 'asignaciones' | 'agenda'>, quien: Quien, now: Date): Promise<'ok' | 'servicio-cambio' | 'vehiculo-cambio'> {
    const empresaId = service.empresaAliada!;
    const leidas = vehiculo.asignaciones;
    const agenda = agendaCon(vehiculo.agenda, service, now);
    try {
      await transact({
        TransactItems: [
          cambioDeServicio(service, campos, [], {
            expresion: 'estado = :cr AND empresaAliada = :ce AND placas = :cpor AND fuec = :cno',
            valores: { ':cr': 'reservado', ':ce': empresaId, ':cpor': POR_ASIGNAR, ':cno': false },
          }),
          entradaHistorial(service.id, 'asignacion', quien, { placas: POR_ASIGNAR, conductor: POR_ASIGNAR }, { placas: campos.placas, conductor: campos.conductor, vehiculoId: campos.vehiculoId }, now),
          {
            Update: {
              TableName: tableName('vehiculos'),
              Key: { id: vehiculo.id },
              UpdateExpression: 'SET asignaciones = :nuevas, agenda = :agenda',
              ConditionExpression: `empresaAliada = :ce AND ${leidas === undefined ? 'attribute_not_exists(asignaciones)' : 'asignaciones = :leidas'}`,
              ExpressionAttributeValues: { ':nuevas': (leidas ?? 0) + 1, ':agenda': agenda, ':ce': empresaId, ...(leidas === undefined ? {} : { ':leidas': leidas }) },
            },
          },
        ],
      });
    } catch (err) {
      const codes = cancellationCodes(err);
      if (codes?.[2] === 'ConditionalCheckFailed') return 'vehiculo-cambio';
      if (codes?.some((c) => c === 'ConditionalCheckFailed')) return 'servicio-cambio';
      throw err;
    }
    await cambios.anunciar({ tipo: 'empresa', id: empresaId });
    return 'ok';
  },

  /**
   * The FUEC's upload confirms the company's reservation (docs/spec/02.md section 4.2): only a reserved service
   * with its vehicle and without FUEC, so of two uploads at once one wins. Whether it won.
   */
  async confirmarConFuec(service: Service, fuec: { fuecURL: string; tipoFuec: string; verificacion: VerificacionFuec }, quien: Quien, now: Date): Promise<boolean> {
    const empresaId = service.empresaAliada!;
    return cambiarServicio(empresaId, [
      cambioDeServicio(
        service,
        { estado: 'confirmado', fuec: true, fuecURL: fuec.fuecURL, tipoFuec: fuec.tipoFuec, pagarAnticipoConductor: true, confirmadoEn: now.toISOString(), inicio: INICIO_PENDIENTE, verificacionFuec: fuec.verificacion },
        [],
        { expresion: 'estado = :cr AND empresaAliada = :ce AND placas <> :cpor AND fuec = :cno', valores: { ':cr': 'reservado', ':ce': empresaId, ':cpor': POR_ASIGNAR, ':cno': false } },
      ),
      entradaHistorial(service.id, 'fuec', quien, { estado: 'reservado', fuec: false }, { estado: 'confirmado', fuec: true, tipoFuec: fuec.tipoFuec, pagarAnticipoConductor: true, verificacion: fuec.verificacion.estado }, now),
    ]);
  },

  /**
   * The end of a started trip (docs/product.md, the service lifecycle): finalizado with the driver's balance due, and
   * the vehicle's trip count up by one, together; only once, only after the departure.
   */
  async finalizar(s: Service, quien: Quien, now: Date): Promise<boolean> {
    const empresaId = s.empresaAliada!;
    const hecho = await cambiarServicio(empresaId, [
      // The advance as read: whether the balance is due now or after it decides the list.
      cambioDeServicio(s, { estado: 'finalizado', pagarSaldoConductor: true, finalizadoEn: now.toISOString() }, ['inicio'], {
        expresion: 'estado = :cc AND recorridoIniciado = :csi AND empresaAliada = :ce AND fechaSalida <= :cat AND anticipoConductorPagado = :cap',
        valores: { ':cc': 'confirmado', ':csi': true, ':cat': now.toISOString(), ':ce': empresaId, ':cap': s.anticipoConductorPagado },
      }),
      ...(s.vehiculoId
        ? [
            {
              Update: {
                TableName: tableName('vehiculos'),
                Key: { id: s.vehiculoId },
                UpdateExpression: 'ADD viajesRealizados :uno',
                ConditionExpression: 'empresaAliada = :e',
                ExpressionAttributeValues: { ':uno': 1, ':e': empresaId },
              },
            },
          ]
        : []),
      entradaHistorial(s.id, 'fin', quien, { estado: 'confirmado', pagarSaldoConductor: false }, { estado: 'finalizado', pagarSaldoConductor: true }, now),
      // The company's figures: one more trip, by vehicle and by route (docs/decisions/0016).
      cifrasRepository.sumar(empresaId, now, sumasDe.viaje(s)),
    ]);
    // The trip may be the one that earns the vehicle's referrer the reward.
    if (hecho && s.vehiculoId) await vehiculoRepository.revisarRecompensa(s.vehiculoId).catch((err: unknown) => logger.error('No se pudo revisar la recompensa', { vehiculoId: s.vehiculoId, error: err as Error }));
    return hecho;
  },

  /** Confirmed, not yet started trips departing within the start lead (GSI byEstado). */
  listDueTrips(now: Date): Promise<Pick<Service, 'id' | 'empresaAliada' | 'fechaSalida'>[]> {
    // The sparse index holds only trips still to start: a started one leaves it, so a run reads the
    // due ones and nothing of the backlog, however many trips were confirmed.
    return queryAll(
      {
        TableName: tableName('services'),
        IndexName: indice('services', 'porIniciar'),
        KeyConditionExpression: 'inicio = :p AND fechaSalida <= :cutoff',
        ExpressionAttributeValues: { ':p': INICIO_PENDIENTE, ':cutoff': tripStartCutoff(now) },
        ProjectionExpression: 'id, empresaAliada, fechaSalida',
      },
      (i) => ({ id: String(i.id), empresaAliada: i.empresaAliada as string | undefined, fechaSalida: String(i.fechaSalida) }),
    );
  },

  /**
   * Idempotent: only a confirmed, not started trip changes (and leaves the job's index). Returns whether
   * this call started it. The trip's live link for the passengers is made here (shared/domain/seguimiento.ts).
   */
  async markTripStarted(id: string, empresaId: string | undefined, now = new Date()): Promise<boolean> {
    try {
      await transact({
        TransactItems: [
          {
            Update: {
              TableName: tableName('services'),
              Key: { id },
              UpdateExpression: 'SET recorridoIniciado = :yes, recorridoIniciadoEn = :now, seguimiento = :sec REMOVE inicio',
              ConditionExpression: 'estado = :e AND recorridoIniciado = :no',
              ExpressionAttributeValues: { ':yes': true, ':no': false, ':e': 'confirmado', ':now': now.toISOString(), ':sec': secretoSeguimiento() },
            },
          },
          entradaHistorial(id, 'inicio', SISTEMA, { recorridoIniciado: false }, { recorridoIniciado: true }, now),
        ],
      });
      // The company's map shows the start (and its console the toast).
      if (empresaId) await cambios.anunciar({ tipo: 'empresa', id: empresaId });
      return true;
    } catch (err) {
      if (cancellationCodes(err)?.[0] === 'ConditionalCheckFailed') return false;
      throw err;
    }
  },
};

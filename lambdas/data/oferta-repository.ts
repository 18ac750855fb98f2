import { sumasDe } from '@shared/domain/cifras.js';
import { cifrasRepository } from './cifras-repository.js';
import { GetCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { MetodoPago, Service } from '@shared/schemas/service.js';
import { ofertaSchema, type Oferta } from '@shared/schemas/oferta.js';
import { ddb, tableName } from '../adapters/clients/dynamodb.js';
import { APP_CLIENTES, type Quien } from '@shared/schemas/historial.js';
import { cambios } from './cambios.js';
import { entradaHistorial } from './historial-repository.js';
import { queryAll } from './query-all.js';
import { cambioDeServicio } from './service-repository.js';
import { transactORechazo } from './transact.js';

const nowSeconds = (now: Date) => Math.floor(now.getTime() / 1000);

/** Why an offer could not be stored. */
export type RechazoOferta = 'repetida' | 'servicio-cerrado';
/** Why a withdrawal could not be made. */
export type RechazoRetiro = 'no-vigente' | 'servicio-cerrado';
/** Why an acceptance could not be made. */
export type RechazoAceptacion = 'servicio-cerrado' | 'oferta-no-vigente';

/** `abiertoAOfertas` as a condition: pending, within its 24 hours and not yet departed. */
const ABIERTO = 'estado = :p AND expiresAt > :now AND fechaSalida > :salida';

export const ofertaRepository = {
  async get(idServicio: string, empresaId: string, { consistente = false } = {}): Promise<Oferta | null> {
    const { Item } = await ddb().send(new GetCommand({ TableName: tableName('offers'), Key: { idServicio, empresaAliada: empresaId }, ConsistentRead: consistente }));
    return Item ? ofertaSchema.parse(Item) : null;
  },

  /** A service's offers (one per company, so a bounded set), oldest first. */
  async delServicio(idServicio: string, { consistente = false } = {}): Promise<Oferta[]> {
    const items = await queryAll(
      { TableName: tableName('offers'), KeyConditionExpression: 'idServicio = :s', ExpressionAttributeValues: { ':s': idServicio }, ConsistentRead: consistente },
      (i) => ofertaSchema.parse(i),
    );
    return items.sort((a, b) => a.creadoEn.localeCompare(b.creadoEn));
  },

  /**
   * The offer and the service's list of offering companies, in one transaction: the offer only if the
   * company has none on the service (the key is service + company), the service only while it is
   * pending, within its 24 hours and before its departure. Twenty sends at once store one offer.
   */
  crear(oferta: Oferta, quien: Quien, now: Date, publicadoEn: string): Promise<RechazoOferta | null> {
    return transactORechazo<RechazoOferta>(
      {
        TransactItems: [
          { Put: { TableName: tableName('offers'), Item: oferta, ConditionExpression: 'attribute_not_exists(idServicio)' } },
          {
            Update: {
              TableName: tableName('services'),
              Key: { id: oferta.idServicio },
              UpdateExpression: 'ADD oferentes :yo',
              ConditionExpression: ABIERTO,
              ExpressionAttributeValues: { ':yo': new Set([oferta.empresaAliada]), ':p': 'pendiente', ':now': nowSeconds(now), ':salida': now.toISOString() },
            },
          },
          entradaHistorial(oferta.idServicio, 'oferta', quien, {}, { precio: oferta.precio, estado: 'enviada' }, now),
          // The company's figures: one more offer, and how long after the request (docs/decisions/0016).
          cifrasRepository.sumar(oferta.empresaAliada, now, sumasDe.oferta(publicadoEn, now)),
        ],
      },
      ['repetida', 'servicio-cerrado'],
    );
  },

  /**
   * The company withdraws its offer (beyond the spec): only while it is 'enviada' and unexpired and the
   * service still takes offers, in one transaction with its trail entry; the acceptance is conditioned
   * on 'enviada' too, so of a withdrawal and an acceptance at once exactly one wins. The company
   * leaves the service's offerers (its map shows a request again); its offer record, kept, refuses
   * another offer from it.
   */
  retirar(oferta: Oferta, quien: Quien, now: Date): Promise<RechazoRetiro | null> {
    const at = now.toISOString();
    return transactORechazo<RechazoRetiro>(
      {
        TransactItems: [
          {
            Update: {
              TableName: tableName('offers'),
              Key: { idServicio: oferta.idServicio, empresaAliada: oferta.empresaAliada },
              UpdateExpression: 'SET estado = :r, retiradaEn = :at',
              ConditionExpression: 'estado = :enviada AND expiresAt > :now',
              ExpressionAttributeValues: { ':r': 'retirada', ':enviada': 'enviada', ':at': at, ':now': nowSeconds(now) },
            },
          },
          {
            // Off the service's offerers: its map shows the request as pending again (its offer record
            // still refuses another).
            Update: {
              TableName: tableName('services'),
              Key: { id: oferta.idServicio },
              UpdateExpression: 'DELETE oferentes :yo',
              ConditionExpression: ABIERTO,
              ExpressionAttributeValues: { ':yo': new Set([oferta.empresaAliada]), ':p': 'pendiente', ':now': nowSeconds(now), ':salida': at },
            },
          },
          entradaHistorial(oferta.idServicio, 'oferta-retirada', quien, { estado: 'enviada' }, { estado: 'retirada', precio: oferta.precio }, now),
        ],
      },
      ['no-vigente', 'servicio-cerrado'],
    );
  },

  /**
   * The client accepts one company's offer: the service goes to 'validar' for that company and leaves
   * the map's pending index and the offer becomes 'aceptada' (and stops expiring), in one transaction
   * conditioned on the service still being pending, so of two acceptances at once exactly one wins.
   * Then the others still 'enviada' close: read after the service closed, when no offer nor withdrawal
   * can land any more (both are conditioned on it being open), so a withdrawal or a new offer made while
   * the client chose is neither overwritten nor left open. Until then the client app already reads them
   * as closed (the service no longer takes offers).
   */
  async aceptar(args: { servicio: Service; oferta: Oferta; metodoPago: MetodoPago }, now: Date): Promise<RechazoAceptacion | null> {
    const { servicio, oferta, metodoPago } = args;
    const idServicio = servicio.id;
    const offers = tableName('offers');
    const at = now.toISOString();
    const input: TransactWriteCommandInput = {
      TransactItems: [
        cambioDeServicio(
          servicio,
          { estado: 'validar', empresaAliada: oferta.empresaAliada, nombreEmpresaAliada: oferta.empresa, valorOferta: oferta.precio, metodoPago, aceptadoEn: at },
          ['mapa', 'expiresAt'],
          { expresion: ABIERTO, valores: { ':p': 'pendiente', ':now': nowSeconds(now), ':salida': at } },
        ),
        {
          Update: {
            TableName: offers,
            Key: { idServicio, empresaAliada: oferta.empresaAliada },
            UpdateExpression: 'SET estado = :a, aceptadaEn = :at REMOVE expiresAt',
            ConditionExpression: 'estado = :enviada AND expiresAt > :now',
            ExpressionAttributeValues: { ':a': 'aceptada', ':enviada': 'enviada', ':at': at, ':now': nowSeconds(now) },
          },
        },
        entradaHistorial(idServicio, 'aceptacion', APP_CLIENTES, { estado: 'pendiente' }, { estado: 'validar', empresaAliada: oferta.empresaAliada, precio: oferta.precio, metodoPago }, now),
        cifrasRepository.sumar(oferta.empresaAliada, now, sumasDe.ganada()),
      ],
    };
    const rechazo = await transactORechazo<RechazoAceptacion>(input, ['servicio-cerrado', 'oferta-no-vigente']);
    if (rechazo) return rechazo;
    const abiertas = (await ofertaRepository.delServicio(idServicio, { consistente: true })).filter((o) => o.estado === 'enviada' && o.empresaAliada !== oferta.empresaAliada);
    await Promise.all(
      abiertas.map((o) =>
        ddb()
          .send(
            new UpdateCommand({
              TableName: offers,
              Key: { idServicio, empresaAliada: o.empresaAliada },
              UpdateExpression: 'SET estado = :c, cerradaEn = :at',
              ConditionExpression: 'estado = :enviada',
              ExpressionAttributeValues: { ':c': 'cerrada', ':at': at, ':enviada': 'enviada' },
            }),
          )
          .catch((err: unknown) => {
            // Not 'enviada' any more (it expired and went): nothing to close.
            if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
          }),
      ),
    );
    // The service joins the winner's own part of the map.
    await cambios.anunciar({ tipo: 'empresa', id: oferta.empresaAliada });
    return null;
  },
};

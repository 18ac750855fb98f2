import { GetCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { MetodoPago, Service } from '../../shared/schemas/service.js';
import { ofertaSchema, type Oferta } from '../../shared/schemas/oferta.js';
import { ddb, tableName } from '../adapters/clients/dynamodb.js';
import { APP_CLIENTES, type Quien } from '../../shared/schemas/historial.js';
import { cambios } from './cambios.js';
import { entradaHistorial } from './historial-repository.js';
import { queryAll } from './query-all.js';
import { cambioDeServicio } from './service-repository.js';
import { cancellationCodes, transact } from './transact.js';

const nowSeconds = (now: Date) => Math.floor(now.getTime() / 1000);

/** Why an offer could not be stored. */
export type RechazoOferta = 'repetida' | 'servicio-cerrado';
/** Why a withdrawal could not be made. */
export type RechazoRetiro = 'no-vigente' | 'servicio-cerrado';
/** Why an acceptance could not be made. */
export type RechazoAceptacion = 'servicio-cerrado' | 'oferta-no-vigente';

/** One transaction holds at most 100 items: the service, the chosen offer, its trail entry and this many others. */
const OTRAS_EN_TRANSACCION = 97;

/** `abiertoAOfertas` as a condition: pending, within its 24 hours and not yet departed. */
const ABIERTO = 'estado = :p AND expiresAt > :now AND fechaSalida > :salida';

export const ofertaRepository = {
  async get(idServicio: string, empresaId: string, { consistente = false } = {}): Promise<Oferta | null> {
    const { Item } = await ddb().send(new GetCommand({ TableName: tableName('offers'), Key: { idServicio, empresaAliada: empresaId }, ConsistentRead: consistente }));
    return Item ? ofertaSchema.parse(Item) : null;
  },

  /** A service's offers (one per company, so a bounded set), oldest first. */
  async delServicio(idServicio: string): Promise<Oferta[]> {
    const items = await queryAll(
      { TableName: tableName('offers'), KeyConditionExpression: 'idServicio = :s', ExpressionAttributeValues: { ':s': idServicio } },
      (i) => ofertaSchema.parse(i),
    );
    return items.sort((a, b) => a.creadoEn.localeCompare(b.creadoEn));
  },

  /**
   * The offer and the service's list of offering companies, in one transaction: the offer only if the
   * company has none on the service (the key is service + company), the service only while it is
   * pending, within its 24 hours and before its departure. Twenty sends at once store one offer.
   */
  async crear(oferta: Oferta, quien: Quien, now: Date): Promise<RechazoOferta | null> {
    try {
      await transact({
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
        ],
      });
      return null;
    } catch (err) {
      const codes = cancellationCodes(err);
      if (codes?.[0] === 'ConditionalCheckFailed') return 'repetida';
      if (codes?.[1] === 'ConditionalCheckFailed') return 'servicio-cerrado';
      throw err;
    }
  },

  /**
   * The company withdraws its offer (beyond the spec): only while it is 'enviada' and unexpired and the
   * service still takes offers, in one transaction with its trail entry; the acceptance is conditioned
   * on 'enviada' too, so of a withdrawal and an acceptance at once exactly one wins. The company stays
   * among the service's offerers: it sends no other offer for it.
   */
  async retirar(oferta: Oferta, quien: Quien, now: Date): Promise<RechazoRetiro | null> {
    const at = now.toISOString();
    try {
      await transact({
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
            ConditionCheck: {
              TableName: tableName('services'),
              Key: { id: oferta.idServicio },
              ConditionExpression: ABIERTO,
              ExpressionAttributeValues: { ':p': 'pendiente', ':now': nowSeconds(now), ':salida': at },
            },
          },
          entradaHistorial(oferta.idServicio, 'oferta-retirada', quien, { estado: 'enviada' }, { estado: 'retirada', precio: oferta.precio }, now),
        ],
      });
      return null;
    } catch (err) {
      const codes = cancellationCodes(err);
      if (codes?.[0] === 'ConditionalCheckFailed') return 'no-vigente';
      if (codes?.[1] === 'ConditionalCheckFailed') return 'servicio-cerrado';
      throw err;
    }
  },

  /**
   * The client accepts one company's offer: the service goes to 'validar' for that company and leaves
   * the map's pending index, the offer becomes 'aceptada' (and stops expiring), the others close, all
   * in one transaction conditioned on the service still being pending, so of two acceptances at once
   * exactly one wins.
   */
  async aceptar(
    args: { servicio: Service; oferta: Oferta; otras: readonly Oferta[]; metodoPago: MetodoPago },
    now: Date,
  ): Promise<RechazoAceptacion | null> {
    const { servicio, oferta, otras, metodoPago } = args;
    const idServicio = servicio.id;
    const offers = tableName('offers');
    const at = now.toISOString();
    const cerrar = (o: Oferta) => ({
      TableName: offers,
      Key: { idServicio, empresaAliada: o.empresaAliada },
      UpdateExpression: 'SET estado = :c, cerradaEn = :at',
      ConditionExpression: 'attribute_exists(idServicio)',
      ExpressionAttributeValues: { ':c': 'cerrada', ':at': at },
    });
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
        ...otras.slice(0, OTRAS_EN_TRANSACCION).map((o) => ({ Update: cerrar(o) })),
      ],
    };
    try {
      await transact(input);
    } catch (err) {
      const codes = cancellationCodes(err);
      if (codes?.[0] === 'ConditionalCheckFailed') return 'servicio-cerrado';
      if (codes?.[1] === 'ConditionalCheckFailed') return 'oferta-no-vigente';
      throw err;
    }
    // Beyond one transaction's size: the service is no longer pending, so these can no longer win.
    for (const o of otras.slice(OTRAS_EN_TRANSACCION)) await ddb().send(new UpdateCommand(cerrar(o)));
    // The service joins the winner's own part of the map.
    await cambios.anunciar({ tipo: 'empresa', id: oferta.empresaAliada });
    return null;
  },
};

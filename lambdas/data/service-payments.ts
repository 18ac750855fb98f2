import { type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { type CobroSinAplicar } from '@shared/schemas/service.js';
import { type Service } from '@shared/schemas/service.js';
import { tableName } from '../adapters/clients/dynamodb.js';
import { EPAYCO, type Quien } from '@shared/schemas/historial.js';
import { cambios } from './cambios.js';
import { entradaHistorial } from './historial-repository.js';
import { movimientoPut, TIPO_POR_REEMBOLSAR, TIPO_REEMBOLSADO, type Movimiento } from './pago-repository.js';
import { transactORechazo } from './transact.js';
import { sumasDe, type Sumas } from '@shared/domain/cifras.js';
import { cifrasRepository } from './cifras-repository.js';
import { cambiarServicio, cambioDeServicio, MAX_COBROS_EN_SERVICIO, type Condicion, type Registro } from './service-items.js';

/** A service's payment writes (docs/product.md, "Money"): each with its ledger rows and trail entry in one transaction. */
export const servicePayments = {
  /**
   * A change of the service's payments (the client's payment confirmed or refused, a receipt attached,
   * a payout made) with its ledger rows and trail entry, in one transaction on `condicion`: false when
   * the service changed meanwhile or the payment was already recorded.
   */
  async cambiarPago(antes: Service, cambio: { cambios: Partial<Service>; quitar?: (keyof Service)[]; condicion: Condicion; movimientos?: Movimiento[]; extra?: NonNullable<TransactWriteCommandInput['TransactItems']> }, registro: Registro, now: Date): Promise<boolean> {
    // The company's figures: what the client paid and what its drivers were paid, with the ledger (docs/decisions/0016).
    const sumas: Sumas = {};
    for (const m of cambio.movimientos ?? []) for (const [k, v] of Object.entries(sumasDe.movimiento(m.tipo, m.monto) ?? {})) sumas[k] = (sumas[k] ?? 0) + v;
    return cambiarServicio(antes.empresaAliada!, [
      cambioDeServicio(antes, cambio.cambios, cambio.quitar ?? [], cambio.condicion),
      ...(cambio.movimientos ?? []).map(movimientoPut),
      ...(Object.keys(sumas).length && antes.empresaAliada ? [cifrasRepository.sumar(antes.empresaAliada, now, sumas)] : []),
      ...(cambio.extra ?? []),
      entradaHistorial(antes.id, registro.accion, registro.quien, registro.antes, registro.despues, now),
    ]);
  },

  /**
   * An ePayco charge that did not apply, recorded once for its refund: its ledger row (so a replay
   * changes nothing), on the service, and in its trail (by ePayco's confirmation, or by the staff member
   * who asked ePayco). False when the row exists (a replay won).
   */
  async registrarCobroSinAplicar(s: Service, cobro: CobroSinAplicar, registro: Record<string, unknown>, now: Date, quien: Quien = EPAYCO): Promise<boolean> {
    const items = (alServicio: boolean) => ({
      TransactItems: [
        movimientoPut(registro),
        ...(alServicio
          ? [
              {
                Update: {
                  TableName: tableName('services'),
                  Key: { id: s.id },
                  UpdateExpression: 'SET cobrosSinAplicar = list_append(if_not_exists(cobrosSinAplicar, :vacia), :cobro)',
                  ConditionExpression: 'attribute_exists(id) AND (attribute_not_exists(cobrosSinAplicar) OR size(cobrosSinAplicar) < :max)',
                  ExpressionAttributeValues: { ':vacia': [], ':cobro': [cobro], ':max': MAX_COBROS_EN_SERVICIO },
                },
              },
            ]
          : []),
        entradaHistorial(s.id, 'cobro-sin-aplicar', quien, {}, { referencia: cobro.referencia, monto: cobro.monto, motivo: cobro.motivo }, now),
      ],
    });
    // The service keeps the first ones (an item has 400 KB), its cap held in the write itself, so
    // charges at once cannot pass it; past it, or with the service gone, the ledger and the trail keep
    // every one.
    let rechazo = (s.cobrosSinAplicar?.length ?? 0) < MAX_COBROS_EN_SERVICIO ? await transactORechazo(items(true), ['repetido', 'sinLugar', null]) : 'sinLugar';
    if (rechazo === 'sinLugar') rechazo = await transactORechazo(items(false), ['repetido', null]);
    if (rechazo) return false;
    if (s.empresaAliada) await cambios.anunciar({ tipo: 'empresa', id: s.empresaAliada });
    return true;
  },

  /**
   * The refund of an ePayco charge that did not apply, once: its ledger row changes kind (it leaves the
   * list of charges to refund) only while still to refund; the service's entry, if it lists it, and
   * the trail say so. False when it was already refunded.
   */
  reembolsarCobro(fila: { id: string; servicioId: string; referencia: string; monto: number }, s: Service | null, reembolso: NonNullable<CobroSinAplicar['reembolso']>, quien: Quien, now: Date): Promise<boolean> {
    const i = s?.cobrosSinAplicar?.findIndex((c) => c.referencia === fila.referencia) ?? -1;
    return cambiarServicio(s?.empresaAliada, [
      {
        Update: {
          TableName: tableName('pagos'),
          Key: { id: fila.id },
          UpdateExpression: 'SET tipo = :reembolsado, reembolso = :r',
          ConditionExpression: 'tipo = :pendiente',
          ExpressionAttributeValues: { ':reembolsado': TIPO_REEMBOLSADO, ':pendiente': TIPO_POR_REEMBOLSAR, ':r': reembolso },
        },
      },
      ...(s && i >= 0
        ? [
            {
              Update: {
                TableName: tableName('services'),
                Key: { id: s.id },
                UpdateExpression: `SET cobrosSinAplicar[${i}].reembolso = :r`,
                ConditionExpression: `cobrosSinAplicar[${i}].referencia = :ref`,
                ExpressionAttributeValues: { ':r': reembolso, ':ref': fila.referencia },
              },
            },
          ]
        : []),
      entradaHistorial(fila.servicioId, 'reembolso', quien, {}, { cobro: fila.referencia, monto: fila.monto, fechaReembolso: reembolso.fecha, reembolso: reembolso.referencia }, now),
    ]);
  },
};

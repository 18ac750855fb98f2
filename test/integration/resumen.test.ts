import { beforeAll, describe, expect, it } from 'vitest';
import { mesDe, rutaDe } from '@shared/domain/cifras.js';
import { hoyEnBogota } from '@shared/domain/vencimientos.js';
import { api } from '../support/clients.js';
import { aceptado, enviarComprobante, esperarCache, guardado, sesionesPagos, TRANSVALLE, type SesionesPagos } from '../support/integracion-pagos.js';
import { servicioReservado } from '../support/servicios.js';

/**
 * The company's figures (issue 48, docs/decisions/0016): counters added in the transactions that change
 * the data (an offer sent and won, the client's payment, a driver's payout, a trip's end), read by
 * 'Resumen' as at most twelve items. In the SOLAS group: the demo company's counters move only here.
 */
let s: SesionesPagos;
beforeAll(async () => {
  s = await sesionesPagos();
});

type Resumen = { meses: { mes: string; ofertas: number; ganadas: number; cobrado: number; pagadoConductores: number; viajes: number }[]; porVehiculo: { placas: string; viajes: number }[]; porRuta: { ruta: string; viajes: number }[]; totales: { tasaExito: number | null } };
const resumen = async (token: string): Promise<Resumen> => {
  const res = await api('/resumen', { token });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as Resumen;
};
const esteMes = (r: Resumen) => r.meses.find((m) => m.mes === mesDe(new Date()))!;
const viajesDe = (r: Resumen, placas: string) => r.porVehiculo.find((v) => v.placas === placas)?.viajes ?? 0;

describe("the company's figures", () => {
  it('count an offer sent and won and the payment confirmed, in their own transactions, for that company only', async () => {
    const [antes, otraAntes] = [await resumen(s.admin), await resumen(s.andino)];
    expect(antes.meses).toHaveLength(12);
    expect(antes.meses.at(-1)!.mes).toBe(mesDe(new Date()));
    const id = await aceptado('transferencia', 1_000_000);
    expect((await enviarComprobante(id)).status).toBe(201);
    expect((await api(`/plataforma/servicios/${id}/pago`, { token: s.plataforma, body: { decision: 'confirmar' } })).status).toBe(200);
    const despues = await resumen(s.admin);
    expect(esteMes(despues)).toMatchObject({ ofertas: esteMes(antes).ofertas + 1, ganadas: esteMes(antes).ganadas + 1, cobrado: esteMes(antes).cobrado + 1_000_000 });
    // Another company's figures did not move.
    expect(await resumen(s.andino)).toEqual(otraAntes);
  });

  it("count a driver's payouts and the trip's end by vehicle and by route", async () => {
    const salida = new Date(Date.now() - 30 * 60_000).toISOString();
    const id = await servicioReservado(TRANSVALLE, { tipo: 'Van', destino: 'Aeropuerto Alfonso Bonilla Aragón, Palmira' }, 3, {
      estado: 'confirmado', fuec: true, pagarAnticipoConductor: true, recorridoIniciado: true, fechaSalida: salida,
      vehiculoId: 'veh-demo-transvalle-001', placas: 'VCK512', conductor: 'Jhon Jairo Paz', valorOferta: 1_000_000,
    });
    const ruta = rutaDe((await guardado('services', id)) as { ciudad: string; destino: string });
    await esperarCache();
    const antes = await resumen(s.admin);
    const fila = (await api('/pagos?lista=anticipo&limite=100', { token: s.staff })).json.items.find((f: { id: string }) => f.id === id);
    const pago = { tipo: 'anticipo', fecha: hoyEnBogota(), referencia: 'TRF-CIFRAS-1', cuentaVista: { banco: fila.banco, tipocuenta: fila.tipocuenta, cuenta: fila.cuenta, titular: fila.titular } };
    expect((await api(`/plataforma/servicios/${id}/pago-conductor`, { token: s.plataforma, body: pago })).status).toBe(201);
    expect((await api(`/servicios/${id}/finalizar`, { token: s.admin, method: 'POST' })).status).toBe(200);
    const despues = await resumen(s.admin);
    expect(esteMes(despues).pagadoConductores).toBe(esteMes(antes).pagadoConductores + fila.monto);
    expect(esteMes(despues).viajes).toBe(esteMes(antes).viajes + 1);
    expect(viajesDe(despues, 'VCK512')).toBe(viajesDe(antes, 'VCK512') + 1);
    expect(despues.porRuta.find((r) => r.ruta === ruta)?.viajes).toBe((antes.porRuta.find((r) => r.ruta === ruta)?.viajes ?? 0) + 1);
  });

  it("are the company admin's alone: staff, marketplace staff and drivers are refused", async () => {
    for (const token of [s.staff, s.plataforma]) {
      const res = await api('/resumen', { token });
      expect(res.status).toBe(403);
      expect(res.json.error.message).toMatch(/permiso/);
    }
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENTOS_VEHICULO, FOTOS_VEHICULO } from '@shared/domain/uploads.js';
import { VEHICULO_MSG } from '@shared/schemas/messages-flota.js';
import { VEHICULO_CAMPOS, type Vehiculo } from '@shared/schemas/vehiculo.js';
import { FECHAS_CON_DOCUMENTO, SOLO_LECTURA } from '@shared/schemas/vehiculo-formulario.js';
import { api, listKeys, PDF_BYTES, solidPng, upload } from '../support/clients.js';
import { turnoDe } from '../support/integracion-turnos.js';
import { bytesDe, empresaDeFlota, guardado, subir, vehiculoConArchivos } from '../support/integracion-vehiculos.js';
import { edicionDe, enDias, tinyJpeg, vehiculoNuevo } from '../support/vehiculos.js';

/**
 * Editing a vehicle through the fleet API (docs/spec/02.md sections 2.7, 6): the fields an edit changes and
 * those it refuses, the bank data's stamp, and photos and documents replaced, also by edits at once.
 * Vehicles are created in a company of this file's own. One stack, tests in order on one vehicle.
 */

// Some tests write vehicles' files while others' list every one: the fleet's files take turns (integracion-turnos.ts).
turnoDe('vehiculos');

describe('fleet API', () => {
  let admin: string;
  let adminSub: string;
  /** A vehicle with its 5 photos and 4 documents, edited test after test. */
  let creado: Vehiculo;
  let archivosCreados: Record<string, Uint8Array>;

  beforeAll(async () => {
    ({ admin, adminSub } = await empresaDeFlota('flota.admin@flotaprueba.demo'));
    ({ vehiculo: creado, archivos: archivosCreados } = await vehiculoConArchivos(admin, { placas: 'PRB101', email: 'conductor.editado@flotaprueba.demo' }));
  });

  it('refuses each read-only field on an edit, naming it, and changes nothing', async () => {
    const before = (await guardado(creado.id))!;
    const otros: Record<(typeof SOLO_LECTURA)[number], unknown> = {
      placas: 'ZZZ999', marca: 'Otra', modelo: '1999', tipo: 'Bus', capacidad: 30, color: 'Rojo', email: 'otro@flotaprueba.demo', licencia: 'LT0000001',
    };
    for (const campo of SOLO_LECTURA) {
      for (const valor of [otros[campo], before[campo]]) {
        const res = await api(`/vehiculos/${creado.id}`, { token: admin, method: 'PUT', body: { ...edicionDe(before, { telefono: '3009998877' }), [campo]: valor } });
        const message = VEHICULO_MSG.soloLectura(VEHICULO_CAMPOS[campo]);
        expect(res.status, campo).toBe(400);
        expect(res.json.error.message, campo).toBe(message);
        expect(res.json.error.details.fields, campo).toEqual([{ path: campo, message }]);
      }
    }
    expect(VEHICULO_MSG.soloLectura(VEHICULO_CAMPOS.placas)).toBe('El campo Placas no se puede modificar');
    expect(await guardado(creado.id)).toEqual(before);
  });

  it('takes a later SOAT or licence expiry only with the new document uploaded with it', async () => {
    for (const [campo, slot] of Object.entries(FECHAS_CON_DOCUMENTO) as [keyof typeof FECHAS_CON_DOCUMENTO, 'soat' | 'licenciaConducir'][]) {
      const before = (await guardado(creado.id))!;
      const despues = new Date(Date.parse(`${before[campo]}T12:00:00Z`) + 365 * 86_400_000).toISOString().slice(0, 10);
      const sinDocumento = await api(`/vehiculos/${creado.id}`, { token: admin, method: 'PUT', body: edicionDe(before, { [campo]: despues }) });
      expect(sinDocumento.status, campo).toBe(400);
      expect(sinDocumento.json.error.details.fields, campo).toEqual([{ path: campo, message: VEHICULO_MSG.documentoParaFecha[campo] }]);
      expect(await guardado(creado.id)).toEqual(before);
      const documento = await upload(admin, 'documentoVehiculo', PDF_BYTES, 'application/pdf');
      const conDocumento = await api(`/vehiculos/${creado.id}`, { token: admin, method: 'PUT', body: edicionDe(before, { [campo]: despues, documentos: { [slot]: documento } }) });
      expect(conDocumento.status, JSON.stringify(conDocumento.json)).toBe(200);
      expect((await guardado(creado.id))![campo]).toBe(despues);
    }
  });

  it('edits only the editable fields and stamps updatedAt', async () => {
    const before = (await guardado(creado.id))!;
    const t = Date.now();
    // An earlier SOAT date needs no new document (a later one does, below).
    const cambios = { nombre: 'Pedro Pablo Prieto Díaz', telefono: '3009998877', direccion: 'Avenida 6N # 25-10', aire: false, tv: true, fechasoat: enDias(100) };
    // Fields the API keeps to itself are dropped, not written (the company, the rating, the validation...).
    const ajenos = { empresaAliada: 'demo-andino', empresa: 'Otra', rating: 1, validado: false, viajesRealizados: 7, conductorId: 'x', fechaCreacion: new Date(0).toISOString(), updatedAt: new Date(0).toISOString() };
    const res = await api(`/vehiculos/${creado.id}`, { token: admin, method: 'PUT', body: { ...edicionDe(before, cambios), ...ajenos } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const after = (await guardado(creado.id))!;
    expect(res.json.vehiculo).toEqual(after);
    expect(Date.parse(after.updatedAt!)).toBeGreaterThanOrEqual(t - 1000);
    const changed = Object.keys({ ...before, ...after }).filter((k) => JSON.stringify(before[k as keyof Vehiculo]) !== JSON.stringify(after[k as keyof Vehiculo]));
    expect(changed.sort()).toEqual([...Object.keys(cambios), 'updatedAt'].sort());
    expect(after).toMatchObject(cambios);
  });

  it("stamps a change of the bank data with when and who, and only a change", async () => {
    const before = (await guardado(creado.id))!;
    expect(before.cuentaCambiada).toBeUndefined();
    const t = Date.now();
    const res = await api(`/vehiculos/${creado.id}`, { token: admin, method: 'PUT', body: edicionDe(before, { cuenta: '99887766554', titular: 'Otra Persona' }) });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const stamp = (await guardado(creado.id))!.cuentaCambiada!;
    expect(stamp.por).toBe('flota.admin@flotaprueba.demo');
    // The account before, for staff to compare with.
    expect(stamp.anterior).toEqual({ banco: before.banco, tipocuenta: before.tipocuenta, cuenta: before.cuenta, titular: before.titular });
    expect(Date.parse(stamp.en)).toBeGreaterThanOrEqual(t - 1000);
    expect(res.json.vehiculo.cuentaCambiada).toEqual(stamp);
    // Another edit that leaves the account as it is keeps the stamp of the change.
    const otra = await api(`/vehiculos/${creado.id}`, { token: admin, method: 'PUT', body: edicionDe((await guardado(creado.id))!, { telefono: '3001231234' }) });
    expect(otra.status).toBe(200);
    expect((await guardado(creado.id))!.cuentaCambiada).toEqual(stamp);
  });

  it('replaces one photo under a new key and deletes the one it replaced, leaving the other files as they were', async () => {
    const keys = await listKeys(`vehiculos/${creado.id}/`);
    const nueva = tinyJpeg(77);
    const { fotos } = await subir(admin, { frente: [nueva, 'image/jpeg'] });
    const before = (await guardado(creado.id))!;
    const res = await api(`/vehiculos/${creado.id}`, { token: admin, method: 'PUT', body: edicionDe(before, { fotos }) });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const after = (await guardado(creado.id))!;
    const nuevaClave = `vehiculos/${creado.id}/fotos/frente-${fotos.frente}`;
    expect(after.fotos).toEqual({ ...before.fotos, frente: nuevaClave });
    expect(after.documentos).toEqual(before.documentos);
    expect(after.updatedAt! > before.updatedAt!).toBe(true);
    expect(await listKeys(`vehiculos/${creado.id}/`)).toEqual(keys.map((k) => (k === before.fotos.frente ? nuevaClave : k)).sort());
    expect(await listKeys(`uploads/${adminSub}/`)).not.toContain(`uploads/${adminSub}/${fotos.frente}`);

    const urls = res.json.archivos;
    const frente = await bytesDe(urls.fotos.frente);
    expect(frente.equals(Buffer.from(nueva))).toBe(true);
    expect(frente.equals(Buffer.from(archivosCreados['fotos/frente']!))).toBe(false);
    for (const s of FOTOS_VEHICULO.filter((x) => x !== 'frente')) expect((await bytesDe(urls.fotos[s])).equals(Buffer.from(archivosCreados[`fotos/${s}`]!)), s).toBe(true);
    for (const s of DOCUMENTOS_VEHICULO) expect((await bytesDe(urls.documentos[s])).equals(Buffer.from(archivosCreados[`documentos/${s}`]!)), s).toBe(true);
  });

  it('keeps both files of two edits at once that fill different slots, and leaves no orphan', async () => {
    const res = await api('/vehiculos', { token: admin, body: vehiculoNuevo({ placas: 'CON123', email: 'concurrente@flota.demo' }) });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const id = res.json.id as string;
    const [a, b] = await Promise.all([subir(admin, { lateral: [tinyJpeg(5), 'image/jpeg'] }), subir(admin, {}, { soat: [PDF_BYTES, 'application/pdf'] })]);
    const stored = (await guardado(id))!;
    const both = await Promise.all([
      api(`/vehiculos/${id}`, { token: admin, method: 'PUT', body: edicionDe(stored, { fotos: a.fotos }) }),
      api(`/vehiculos/${id}`, { token: admin, method: 'PUT', body: edicionDe(stored, { documentos: b.documentos }) }),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const after = (await guardado(id))!;
    expect(after.fotos.lateral).toBe(`vehiculos/${id}/fotos/lateral-${a.fotos.lateral}`);
    expect(after.documentos.soat).toBe(`vehiculos/${id}/documentos/soat-${b.documentos.soat}`);
    // Every object under the vehicle is recorded in its slots.
    const recorded = [...Object.values(after.fotos), ...Object.values(after.documentos)].filter(Boolean).sort();
    expect(await listKeys(`vehiculos/${id}/`)).toEqual(recorded);
  });

  it('edits racing for one slot: the stored photo is one whose edit answered 200, a refused edit leaves no file', async () => {
    const res = await api('/vehiculos', { token: admin, body: vehiculoNuevo({ placas: 'CON124', email: 'concurrente.dos@flota.demo' }) });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const id = res.json.id as string;
    const N = 10;
    let refusadas = 0;
    for (let ronda = 0; ronda < 4 && !refusadas; ronda++) {
      const fotos = Array.from({ length: N }, (_, i) => solidPng(8, 8, [ronda * 40, i * 20, 0]));
      const subidas = await Promise.all(fotos.map((f) => subir(admin, { frente: [f, 'image/png'] })));
      const stored = (await guardado(id))!;
      const results = await Promise.all(subidas.map((s) => api(`/vehiculos/${id}`, { token: admin, method: 'PUT', body: edicionDe(stored, { fotos: s.fotos }) })));
      expect([...new Set(results.map((r) => r.status))].sort(), JSON.stringify(results.filter((r) => r.status !== 200).map((r) => r.json))).toEqual(
        results.some((r) => r.status === 409) ? [200, 409] : [200],
      );
      for (const r of results.filter((x) => x.status === 409)) expect(r.json.error.message).toBe(VEHICULO_MSG.edicionConcurrente);
      refusadas += results.filter((r) => r.status === 409).length;
      const after = (await guardado(id))!;
      const ganadoras = subidas.filter((_, i) => results[i]!.status === 200).map((s) => `vehiculos/${id}/fotos/frente-${s.fotos.frente}`);
      expect(ganadoras).toContain(after.fotos.frente);
      // What the vehicle shows is the photo of an edit that answered 200, never a refused one's.
      const mostrada = await bytesDe((await api(`/vehiculos/${id}`, { token: admin })).json.archivos.fotos.frente as string);
      const cual = fotos.findIndex((f) => mostrada.equals(Buffer.from(f)));
      expect(results[cual]?.status).toBe(200);
      // Every object under the vehicle is recorded: the replaced photos and the refused edits' are gone.
      const recorded = [...Object.values(after.fotos), ...Object.values(after.documentos)].filter(Boolean).sort();
      expect(await listKeys(`vehiculos/${id}/`)).toEqual(recorded);
    }
    expect(refusadas, 'ninguna edición fue rechazada: la carrera no probó el camino del 409').toBeGreaterThan(0);
  });

  it('keeps the characteristics an edit leaves out, and answers 404 to an id no vehicle could have', async () => {
    const stored = (await guardado(creado.id))!;
    const body: Record<string, unknown> = { ...edicionDe(stored, { telefono: '3001230000' }) };
    for (const k of ['aire', 'wifi', 'tv', 'usb', 'sillasreclinables', 'sillasestandard', 'bodega', 'parrilla', 'portabicicletas', 'bilingue']) delete body[k];
    const res = await api(`/vehiculos/${creado.id}`, { token: admin, method: 'PUT', body });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const after = (await guardado(creado.id))!;
    expect(after.telefono).toBe('3001230000');
    expect({ aire: after.aire, wifi: after.wifi }).toEqual({ aire: stored.aire, wifi: stored.wifi });

    for (const id of ['x'.repeat(2049), encodeURIComponent('ü'.repeat(1100)), 'placa%23demo-transvalle%23VCK512']) {
      const got = await api(`/vehiculos/${id}`, { token: admin });
      expect(got.status).toBe(404);
      expect(got.json.error.message).toBe(VEHICULO_MSG.noEncontrado);
    }
  });
});

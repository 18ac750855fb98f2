import { beforeAll, describe, expect, it } from 'vitest';
import { pendingUploadKey } from '@shared/domain/uploads.js';
import { UPLOAD_MSG } from '@shared/schemas/messages.js';
import { REVISIONES_POR_TICKET } from '@shared/domain/uploads.js';
import { FUEC_MSG, MAPA_MSG } from '@shared/schemas/messages-servicios.js';
import { api, listKeys, PDF_BYTES, solidPng, stack, subOf, upload } from '../support/clients.js';
import { asignar, guardado, PRIMER_DIA, sesiones, TRANSVALLE, VAN } from '../support/integracion-asignacion.js';
import { turnoDe } from '../support/integracion-turnos.js';
import { pdfCon, pdfFormas } from '../support/pdfs.js';
import { servicioReservado } from '../support/servicios.js';
import { fechaFuec, fuecPdf } from '../../scripts/local/fuec-pdf.js';

/**
 * The FUEC of a reserved service with its vehicle assigned (docs/spec/02.md sections 4.2, 4.3;
 * docs/product.md): stored under the service, checked against the reservation, and confirming it.
 * The demo fleet is in test/support/integracion-asignacion.ts.
 */

// The assignment's files take turns: one lists the company's reservations twice, unchanged, while the others reserve.
turnoDe('asignacion');

let admin: string;
let staff: string;
let andino: string;

/** Each test's reservation departs on a day of its own (PRIMER_DIA.fuec, the next, ... days ahead). */
let dia: number = PRIMER_DIA.fuec;
const reservado = (overrides: Parameters<typeof servicioReservado>[1]) => servicioReservado(TRANSVALLE, overrides, dia++);

beforeAll(async () => {
  ({ admin, staff, andino } = await sesiones());
});

describe('POST /servicios/{id}/fuec', () => {
  const reservadoConVehiculo = async () => {
    const id = await reservado({ tipo: 'Van' });
    expect((await asignar(admin, id, VAN)).status).toBe(200);
    return id;
  };
  const subir = (token: string, id: string, archivo: unknown) => api(`/servicios/${id}/fuec`, { token, body: { archivo } });

  it('stores the FUEC under fuecs/{id}/ and confirms the reservation with the advance due; only the owner gets its link', async () => {
    const id = await reservadoConVehiculo();
    const archivo = await upload(staff, 'fuec', PDF_BYTES, 'application/pdf');
    const res = await subir(staff, id, archivo);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ id, estado: 'confirmado', fuec: true, tipoFuec: 'application/pdf' });
    // Under the upload's own key, stored before the service was confirmed.
    expect(await guardado(id)).toMatchObject({ estado: 'confirmado', fuec: true, fuecURL: `fuecs/${id}/fuec-${archivo}`, tipoFuec: 'application/pdf', pagarAnticipoConductor: true });
    expect(await listKeys(`fuecs/${id}/`)).toEqual([`fuecs/${id}/fuec-${archivo}`]);

    const detail = await api(`/servicios/${id}`, { token: admin });
    expect(detail.json).toMatchObject({ estadoMapa: 'confirmado', fuec: true });
    const stored = Buffer.from(await (await fetch(detail.json.fuecUrl)).arrayBuffer());
    expect(stored.equals(Buffer.from(PDF_BYTES))).toBe(true);
    expect(JSON.stringify(detail.json)).not.toContain('"fuecURL"');
    expect((await api(`/servicios/${id}`, { token: andino })).status).toBe(404);

    const again = await subir(admin, id, await upload(admin, 'fuec', PDF_BYTES, 'application/pdf'));
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe(FUEC_MSG.noAdmite);
  });

  it('refuses a service without vehicle, another company, a file that is not PDF/JPG/PNG, and a missing file, leaving nothing behind', async () => {
    const sinVehiculo = await reservado({ tipo: 'Van' });
    const res = await subir(admin, sinVehiculo, await upload(admin, 'fuec', PDF_BYTES, 'application/pdf'));
    expect(res.status).toBe(409);
    expect(res.json.error.message).toBe(FUEC_MSG.sinVehiculo);

    const id = await reservadoConVehiculo();
    const ajena = await subir(andino, id, await upload(andino, 'fuec', PDF_BYTES, 'application/pdf'));
    expect(ajena.status).toBe(404);
    expect(ajena.json.error.message).toBe(MAPA_MSG.servicioNoEncontrado);

    // HTML declared as a PDF: refused by its bytes.
    const html = await upload(admin, 'fuec', new TextEncoder().encode('<!doctype html><html><body>FUEC</body></html>'), 'application/pdf');
    const falso = await subir(admin, id, html);
    expect(falso.status).toBe(400);
    expect(falso.json.error.message).toBe(UPLOAD_MSG.fuecTipo);

    // A file that only starts like a PDF: refused, not accepted unread (a scan reads as a PDF without text).
    const ilegible = await upload(admin, 'fuec', new TextEncoder().encode('%PDF-1.4\n1 0 obj\n%dañado \x00\x01 stream endstream\nendobj\n%%EOF'), 'application/pdf');
    const danado = await subir(admin, id, ilegible);
    expect(danado.status).toBe(400);
    expect(danado.json.error.message).toBe(FUEC_MSG.pdfIlegible);
    // Refused for good, by its bytes or by its reading: the waiting file deleted, its ticket used up.
    for (const rechazado of [html, ilegible]) {
      expect(await listKeys(pendingUploadKey(subOf(admin), rechazado))).toEqual([]);
      expect((await subir(admin, id, rechazado)).json.error.message).toBe(UPLOAD_MSG.archivoNoSubido);
    }
    // A header and an end marker with nothing between them: no document, said before anything reads it.
    const vacio = await subir(admin, id, await upload(admin, 'fuec', new TextEncoder().encode('%PDF-%%EOF'), 'application/pdf'));
    expect(vacio.status).toBe(400);
    expect(vacio.json.error.message).toBe(UPLOAD_MSG.pdfIncompleto('archivo'));
    // 100 KB that would decode to 100 MB of page content: refused before it is decoded.
    const bomba = await subir(admin, id, await upload(admin, 'fuec', pdfCon({ relleno: 100 * 1024 * 1024 }), 'application/pdf'));
    expect(bomba.status).toBe(400);
    expect(bomba.json.error.message).toBe(FUEC_MSG.pdfPesado);

    // Another user's ticket (the company's staff) is not the admin's to use: refused, and still the staff's.
    const deOtro = await upload(staff, 'fuec', PDF_BYTES, 'application/pdf');
    const ajeno = await subir(admin, id, deOtro);
    expect(ajeno.status).toBe(400);
    expect(ajeno.json.error.message).toBe(UPLOAD_MSG.archivoNoSubido);
    expect(await guardado(id)).toMatchObject({ estado: 'reservado', fuec: false });

    // A ticket whose file never reached storage: refused as a file not uploaded.
    const ticket = await api('/uploads', { token: admin, body: { kind: 'fuec', contentType: 'application/pdf', size: 100, fileName: 'fuec.pdf' } });
    const noSubido = await subir(admin, id, ticket.json.uploadId);
    expect(noSubido.status).toBe(400);
    expect(noSubido.json.error.message).toBe(UPLOAD_MSG.archivoNoSubido);

    const sinArchivo = await api(`/servicios/${id}/fuec`, { token: admin, body: {} });
    expect(sinArchivo.status).toBe(400);
    expect(sinArchivo.json.error.message).toBe(FUEC_MSG.archivoRequerido);

    for (const s of [sinVehiculo, id]) {
      expect(await guardado(s)).toMatchObject({ estado: 'reservado', fuec: false, pagarAnticipoConductor: false });
      expect(await listKeys(`fuecs/${s}/`)).toEqual([]);
    }
  });

  it('checks a PDF FUEC against the reservation: a match confirms, differences are shown first and recorded if confirmed', async () => {
    const id = await reservadoConVehiculo();
    const s = await guardado(id);
    const datos = { placa: 'VCK-512', desde: fechaFuec(s.fechaSalida), hasta: fechaFuec(s.fechaSalida, 1), origen: 'CALI', destino: 'AEROPUERTO ALFONSO BONILLA ARAGON, PALMIRA' };

    // Another plate: refused with the differences, the ticket still usable, nothing written.
    const otraPlaca = await upload(admin, 'fuec', await fuecPdf({ ...datos, placa: 'ABC 123' }), 'application/pdf');
    const refusal = await subir(admin, id, otraPlaca);
    expect(refusal.status).toBe(409);
    expect(refusal.json.error).toMatchObject({ code: 'fuec-no-coincide', message: FUEC_MSG.noCoincide, details: { verificacion: { estado: 'no-coincide', problemas: [FUEC_MSG.placaNoCoincide('VCK512')] } } });
    expect(await guardado(id)).toMatchObject({ estado: 'reservado', fuec: false });
    expect(await listKeys(`fuecs/${id}/`)).toEqual([]);
    // Confirmed all the same with the same ticket: stored, and the differences recorded.
    const confirmado = await api(`/servicios/${id}/fuec`, { token: admin, body: { archivo: otraPlaca, confirmarDiferencias: true } });
    expect(confirmado.status, JSON.stringify(confirmado.json)).toBe(200);
    expect(confirmado.json.verificacion).toEqual({ estado: 'no-coincide', problemas: [FUEC_MSG.placaNoCoincide('VCK512')] });
    expect(await guardado(id)).toMatchObject({ estado: 'confirmado', verificacionFuec: { estado: 'no-coincide' } });
    const trail = await api(`/servicios/${id}/historial`, { token: admin });
    expect(trail.json.items.at(-1)).toMatchObject({ accion: 'fuec', despues: { verificacion: 'no-coincide' } });

    // A matching FUEC on another reservation confirms at once, verified.
    const otro = await reservadoConVehiculo();
    const o = await guardado(otro);
    const bueno = await upload(admin, 'fuec', await fuecPdf({ ...datos, desde: fechaFuec(o.fechaSalida), hasta: fechaFuec(o.fechaSalida, 1) }), 'application/pdf');
    const ok = await subir(admin, otro, bueno);
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(ok.json.verificacion).toEqual({ estado: 'coincide', problemas: [] });
    const detalle = await api(`/servicios/${otro}`, { token: admin });
    expect(detalle.json.verificacionFuec).toEqual({ estado: 'coincide', problemas: [] });
  });

  it('reads a hostile PDF away from the request loop: stopped at its deadline with the Spanish message while /health answers at once', async () => {
    const id = await reservadoConVehiculo();
    // 12 forms drawn 5 levels deep (1.4 KB): minutes of work for pdf.js, on the API's loop before issue 46.
    const hostil = await upload(admin, 'fuec', pdfFormas({ veces: 12, niveles: 5 }), 'application/pdf');
    const inicio = performance.now();
    let listo = false;
    const envio = subir(admin, id, hostil).finally(() => (listo = true));
    const demoras: number[] = [];
    while (!listo) {
      const t = performance.now();
      expect((await fetch(`${stack().apiUrl}/health`)).status).toBe(200);
      demoras.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 50));
    }
    const res = await envio;
    const ms = performance.now() - inicio;
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe(FUEC_MSG.pdfPesado);
    // The reading's deadline is 4 s (LIMITES_PDF.plazoMs), plus the upload's own checks.
    expect(ms).toBeLessThan(9000);
    demoras.sort((a, b) => a - b);
    console.info(`FUEC hostil: ${Math.round(ms)} ms; /health ×${demoras.length}: mediana ${Math.round(demoras[demoras.length >> 1]!)} ms, máx ${Math.round(demoras.at(-1)!)} ms`);
    expect(demoras.length).toBeGreaterThan(5);
    expect(demoras[demoras.length >> 1]).toBeLessThan(100);
    expect(await guardado(id)).toMatchObject({ estado: 'reservado', fuec: false });
  });

  it('checks one upload at most three times: then its ticket is spent and its file deleted', async () => {
    const id = await reservadoConVehiculo();
    const s = await guardado(id);
    const otraPlaca = await fuecPdf({ placa: 'ABC 123', desde: fechaFuec(s.fechaSalida), hasta: fechaFuec(s.fechaSalida, 1), origen: 'CALI', destino: 'PALMIRA' });
    const archivo = await upload(admin, 'fuec', otraPlaca, 'application/pdf');
    for (let i = 0; i < REVISIONES_POR_TICKET; i++) expect((await subir(admin, id, archivo)).json.error.code).toBe('fuec-no-coincide');
    const agotado = await subir(admin, id, archivo);
    expect(agotado.status).toBe(400);
    expect(agotado.json.error.message).toBe(UPLOAD_MSG.revisionesAgotadas(REVISIONES_POR_TICKET));
    expect(await listKeys(pendingUploadKey(subOf(admin), archivo))).toEqual([]);
    // Spent for good: not even a confirmation takes it.
    const confirmado = await api(`/servicios/${id}/fuec`, { token: admin, body: { archivo, confirmarDiferencias: true } });
    expect(confirmado.json.error.message).toBe(UPLOAD_MSG.archivoNoSubido);
    expect(await guardado(id)).toMatchObject({ estado: 'reservado', fuec: false });
  });

  it('takes a PNG FUEC too, and of 5 simultaneous uploads exactly one confirms', async () => {
    const id = await reservadoConVehiculo();
    const archivos = await Promise.all(Array.from({ length: 5 }, () => upload(admin, 'fuec', solidPng(40, 40, [10, 20, 30]), 'image/png')));
    const results = await Promise.all(archivos.map((a) => subir(admin, id, a)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(4);
    // Only the winner's file stays: each loser deleted its own.
    const guardadoFinal = await guardado(id);
    expect(guardadoFinal).toMatchObject({ estado: 'confirmado', tipoFuec: 'image/png', verificacionFuec: { estado: 'sin-verificar' } });
    expect(await listKeys(`fuecs/${id}/`)).toEqual([guardadoFinal.fuecURL]);
    expect(archivos.map((a) => `fuecs/${id}/fuec-${a}`)).toContain(guardadoFinal.fuecURL);
  });
});

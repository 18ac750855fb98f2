import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/seed.js';
import { API_MSG, PERFIL_MSG } from '../../shared/schemas/messages.js';
import { api, idToken, listKeys, newCompanyAdmin, PDF_BYTES, solidPng, upload } from '../support/clients.js';

describe('uploads (presigned POST, then confirm checks the real bytes)', () => {
  let admin: string;
  let empresaId: string;
  beforeAll(async () => {
    admin = await newCompanyAdmin('fotos.admin@ermita.demo');
    empresaId = (await api('/me', { token: admin })).json.empresa.id;
  });

  it('records a profile photo at the spec path and serves it through a short-lived URL', async () => {
    const png = solidPng(40, 40, [10, 120, 120]);
    const uploadId = await upload(admin, 'fotoPerfil', png, 'image/png');
    const res = await api('/uploads/confirm', { token: admin, body: { kind: 'fotoPerfil', uploadId } });
    expect(res.status).toBe(200);
    expect(res.json.usuario.fotoPerfil).toBe(`companies/${empresaId}/profile-pictures/${res.json.usuario.id}`);
    const image = await fetch(res.json.archivos.fotoPerfil);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true);
    expect(await listKeys(`uploads/${empresaId}/`)).toEqual([]);
  });

  it('refuses a declared size or type over the limits before any upload', async () => {
    const big = await api('/uploads', { token: admin, body: { kind: 'logo', contentType: 'image/png', size: 1024 * 1024 + 1 } });
    expect(big.status).toBe(400);
    expect(big.json.error.message).toBe(PERFIL_MSG.logoGrande);
    const pdf = await api('/uploads', { token: admin, body: { kind: 'fotoCorporativa', contentType: 'application/pdf', size: 100 } });
    expect(pdf.status).toBe(400);
    expect(pdf.json.error.message).toBe(PERFIL_MSG.tipoImagen);
  });

  it('refuses a .png that is really a PDF: object deleted, nothing recorded', async () => {
    const uploadId = await upload(admin, 'logo', PDF_BYTES, 'image/png');
    const res = await api('/uploads/confirm', { token: admin, body: { kind: 'logo', uploadId } });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe(PERFIL_MSG.tipoImagen);
    expect((await api('/me', { token: admin })).json.empresa.logo).toBeNull();
    expect(await listKeys(`uploads/${empresaId}/`)).toEqual([]);
    expect(await listKeys(`companies/${empresaId}/logo/`)).toEqual([]);
  });

  it('refuses a stored file over the limit even when the declared size lied (the local S3 checks no policy)', async () => {
    // Ask for a ticket declaring a small file, then send 1.5 MB: only the confirm check can catch it.
    const ticket = await api('/uploads', { token: admin, body: { kind: 'fotoPerfil', contentType: 'image/png', size: 1000 } });
    const form = new FormData();
    for (const [k, v] of Object.entries(ticket.json.fields as Record<string, string>)) form.append(k, v);
    const big = new Uint8Array(1.5 * 1024 * 1024);
    big.set(solidPng(2, 2, [0, 0, 0]));
    form.append('file', new Blob([big], { type: 'image/png' }));
    await fetch(ticket.json.url, { method: 'POST', body: form });
    const res = await api('/uploads/confirm', { token: admin, body: { kind: 'fotoPerfil', uploadId: ticket.json.uploadId } });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe(PERFIL_MSG.fotoPerfilGrande);
    expect(await listKeys(`uploads/${empresaId}/`)).toEqual([]);
  });

  it('replaces the corporate gallery as a whole and deletes photos no longer used', async () => {
    const three = await Promise.all([1, 2, 3].map((n) => upload(admin, 'fotoCorporativa', solidPng(32, 18, [n * 40, 80, 80]), 'image/png')));
    const first = await api('/uploads/confirm', { token: admin, body: { kind: 'fotoCorporativa', uploadIds: three } });
    expect(first.status).toBe(200);
    expect(first.json.empresa.fotosCorporativas.filter(Boolean)).toHaveLength(3);
    expect(first.json.archivos.fotosCorporativas.filter(Boolean)).toHaveLength(3);

    const one = await upload(admin, 'fotoCorporativa', solidPng(32, 18, [200, 10, 10]), 'image/png');
    const second = await api('/uploads/confirm', { token: admin, body: { kind: 'fotoCorporativa', uploadIds: [one] } });
    expect(second.json.empresa.fotosCorporativas).toEqual([expect.stringMatching(/corporativa1$/), '', '', '', '']);
    expect(await listKeys(`companies/${empresaId}/fotosCorporativas/`)).toHaveLength(1);
  });

  it('refuses the whole batch when one corporate photo is bad, keeping the current gallery', async () => {
    const before = (await api('/me', { token: admin })).json.empresa.fotosCorporativas;
    const good = await upload(admin, 'fotoCorporativa', solidPng(8, 8, [1, 2, 3]), 'image/png');
    const bad = await upload(admin, 'fotoCorporativa', PDF_BYTES, 'image/jpeg');
    const res = await api('/uploads/confirm', { token: admin, body: { kind: 'fotoCorporativa', uploadIds: [good, bad] } });
    expect(res.status).toBe(400);
    expect(res.json.error.details.items).toEqual([
      { index: 0, message: null },
      { index: 1, message: PERFIL_MSG.tipoImagen },
    ]);
    expect((await api('/me', { token: admin })).json.empresa.fotosCorporativas).toEqual(before);
    expect(await listKeys(`uploads/${empresaId}/`)).toEqual([]);
  });

  it('refuses more than 5 corporate photos', async () => {
    const ids = Array.from({ length: 6 }, (_, i) => `00000000-0000-4000-8000-00000000000${i}`);
    const res = await api('/uploads/confirm', { token: admin, body: { kind: 'fotoCorporativa', uploadIds: ids } });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe(PERFIL_MSG.maxFotos);
  });

  it("cannot confirm another user's upload (keys are scoped to the caller)", async () => {
    const uploadId = await upload(admin, 'fotoPerfil', solidPng(4, 4, [9, 9, 9]), 'image/png');
    const other = await idToken(DEMO_USERS.admin, DEMO_PASSWORD);
    const res = await api('/uploads/confirm', { token: other, body: { kind: 'fotoPerfil', uploadId } });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe(PERFIL_MSG.fotoNoSubida);
  });

  it('keeps company images for admins: staff may not upload a logo or corporate photos', async () => {
    const staff = await idToken(DEMO_USERS.staff, DEMO_PASSWORD);
    const res = await api('/uploads', { token: staff, body: { kind: 'logo', contentType: 'image/png', size: 100 } });
    expect(res.status).toBe(403);
    expect(res.json.error.message).toBe(API_MSG.soloAdminEmpresa);
    expect((await api('/uploads', { token: staff, body: { kind: 'fotoPerfil', contentType: 'image/png', size: 100 } })).status).toBe(200);
    expect((await api('/uploads', { body: { kind: 'fotoPerfil', contentType: 'image/png', size: 100 } })).status).toBe(401);
  });
});

describe('upload tickets: single use, and only the checked bytes are recorded', () => {
  let admin: string;
  beforeAll(async () => {
    admin = await newCompanyAdmin('carrera.admin@ermita.demo');
  });

  const post = async (ticket: Record<string, any>, bytes: Uint8Array, type: string) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(ticket.fields as Record<string, string>)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(bytes)], { type }));
    return (await fetch(ticket.url as string, { method: 'POST', body: form })).status;
  };

  it('never records bytes re-posted with the same presigned POST while confirm runs (10 races)', async () => {
    const png = solidPng(24, 24, [0, 140, 140]);
    const html = new TextEncoder().encode('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const outcomes: number[] = [];
    for (let round = 0; round < 10; round++) {
      const ticket = (await api('/uploads', { token: admin, body: { kind: 'fotoPerfil', contentType: 'image/png', size: png.length, fileName: 'yo.png' } })).json;
      expect(await post(ticket, png, 'image/png')).toBeLessThan(300);
      // Re-post other bytes over and over while the confirm runs, starting a little later each round,
      // so the re-posts land before, during and after the confirm reads the upload.
      let racing = true;
      const reposts = (async () => {
        await new Promise((r) => setTimeout(r, round * 4));
        while (racing) await post(ticket, html, 'image/png');
      })();
      const res = await api('/uploads/confirm', { token: admin, body: { kind: 'fotoPerfil', uploadId: ticket.uploadId } });
      racing = false;
      await reposts;
      outcomes.push(res.status);
      if (res.status === 200) {
        const stored = Buffer.from(await (await fetch(res.json.archivos.fotoPerfil)).arrayBuffer());
        expect(stored.equals(Buffer.from(png)), `ronda ${round}: se registraron otros bytes`).toBe(true);
      } else {
        // The HTML landed before the confirm read it (refused as what it is), or while it read (cut off).
        expect([PERFIL_MSG.tipoImagen, PERFIL_MSG.fotoNoSubida]).toContain(res.json.error.message);
      }
    }
    console.log(`[carrera] respuestas de confirmación en 10 rondas: ${outcomes.join(', ')}`);
  });

  it('confirms a ticket once: a second confirm, even after a re-post, records nothing', async () => {
    const first = solidPng(10, 10, [1, 200, 1]);
    const ticket = (await api('/uploads', { token: admin, body: { kind: 'fotoPerfil', contentType: 'image/png', size: first.length } })).json;
    await post(ticket, first, 'image/png');
    expect((await api('/uploads/confirm', { token: admin, body: { kind: 'fotoPerfil', uploadId: ticket.uploadId } })).status).toBe(200);
    const recorded = (await api('/me', { token: admin })).json.archivos.fotoPerfil as string;
    const before = Buffer.from(await (await fetch(recorded)).arrayBuffer());

    await post(ticket, solidPng(10, 10, [200, 1, 1]), 'image/png');
    const again = await api('/uploads/confirm', { token: admin, body: { kind: 'fotoPerfil', uploadId: ticket.uploadId } });
    expect(again.status).toBe(400);
    expect(again.json.error.message).toBe(PERFIL_MSG.fotoNoSubida);
    const after = Buffer.from(await (await fetch((await api('/me', { token: admin })).json.archivos.fotoPerfil)).arrayBuffer());
    expect(after.equals(before)).toBe(true);
  });

  it('confirms only the kind the ticket was issued for', async () => {
    const png = solidPng(6, 6, [9, 9, 9]);
    const uploadId = await upload(admin, 'fotoPerfil', png, 'image/png');
    const res = await api('/uploads/confirm', { token: admin, body: { kind: 'logo', uploadId } });
    expect(res.status).toBe(400);
    expect((await api('/me', { token: admin })).json.empresa.logo).toBeNull();
  });
});

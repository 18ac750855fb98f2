import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../scripts/local/demo-users.js';
import { API_MSG, GALERIA_MSG, PERFIL_MSG } from '@shared/schemas/messages.js';
import { expirarEsperando } from '../../scripts/local/s3.js';
import { api, idToken, listKeys, newCompanyAdmin, PDF_BYTES, solidPng, stack, subOf, upload } from '../support/clients.js';

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
    const first = await api('/uploads/confirm', { token: admin, body: { kind: 'fotoCorporativa', modo: 'reemplazar', uploadIds: three } });
    expect(first.status).toBe(200);
    expect(first.json.empresa.fotosCorporativas.filter(Boolean)).toHaveLength(3);
    expect(first.json.archivos.fotosCorporativas.filter(Boolean)).toHaveLength(3);

    const one = await upload(admin, 'fotoCorporativa', solidPng(32, 18, [200, 10, 10]), 'image/png');
    const second = await api('/uploads/confirm', { token: admin, body: { kind: 'fotoCorporativa', modo: 'reemplazar', uploadIds: [one] } });
    expect(second.json.empresa.fotosCorporativas).toEqual([expect.stringMatching(/corporativa1$/), '', '', '', '']);
    expect(await listKeys(`companies/${empresaId}/fotosCorporativas/`)).toHaveLength(1);
  });

  it('refuses the whole batch when one corporate photo is bad, keeping the current gallery', async () => {
    const before = (await api('/me', { token: admin })).json.empresa.fotosCorporativas;
    const good = await upload(admin, 'fotoCorporativa', solidPng(8, 8, [1, 2, 3]), 'image/png');
    const bad = await upload(admin, 'fotoCorporativa', PDF_BYTES, 'image/jpeg');
    const res = await api('/uploads/confirm', { token: admin, body: { kind: 'fotoCorporativa', modo: 'reemplazar', uploadIds: [good, bad] } });
    expect(res.status).toBe(400);
    expect(res.json.error.details.items).toEqual([
      { index: 0, message: null },
      { index: 1, message: PERFIL_MSG.tipoImagen },
    ]);
    expect((await api('/me', { token: admin })).json.empresa.fotosCorporativas).toEqual(before);
    // The refused file is deleted; the good one waits under its ticket, so a retry without the bad one takes it.
    expect(await listKeys(`uploads/${empresaId}/`)).toHaveLength(1);
    const retry = await api('/uploads/confirm', { token: admin, body: { kind: 'fotoCorporativa', modo: 'reemplazar', uploadIds: [good] } });
    expect(retry.status).toBe(200);
    expect(retry.json.empresa.fotosCorporativas.filter(Boolean)).toHaveLength(1);
    expect(await listKeys(`uploads/${empresaId}/`)).toEqual([]);
  });

  it("expires waiting uploads after a day on the local stack too, as the bucket's lifecycle rule does in AWS", async () => {
    const { S3Client, PutObjectCommand } = await import('@aws-sdk/client-s3');
    const s3 = new S3Client({ region: 'local', endpoint: stack().s3Endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    // A prefix of its own: the other tests' waiting uploads are not this test's to expire.
    const prefix = `uploads/expira-${Date.now()}/`;
    for (const n of [1, 2]) await s3.send(new PutObjectCommand({ Bucket: stack().bucket, Key: `${prefix}${n}`, Body: PDF_BYTES }));
    const opts = { endpoint: stack().s3Endpoint, bucket: stack().bucket, prefix };
    expect(await expirarEsperando(opts)).toBe(0);
    expect(await listKeys(prefix)).toHaveLength(2);
    expect(await expirarEsperando({ ...opts, now: new Date(Date.now() + 25 * 3_600_000) })).toBe(2);
    expect(await listKeys(prefix)).toEqual([]);
  });

  it('refuses more than 5 corporate photos', async () => {
    const ids = Array.from({ length: 6 }, (_, i) => `00000000-0000-4000-8000-00000000000${i}`);
    const res = await api('/uploads/confirm', { token: admin, body: { kind: 'fotoCorporativa', modo: 'reemplazar', uploadIds: ids } });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe(PERFIL_MSG.maxFotos);
  });

  it('asks how corporate photos join the gallery (added or replacing it)', async () => {
    const res = await api('/uploads/confirm', { token: admin, body: { kind: 'fotoCorporativa', uploadIds: ['00000000-0000-4000-8000-000000000000'] } });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe(GALERIA_MSG.modo);
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
      // The recorded object's address, without the signature that changes on every read.
      const recorded = async () => ((await api('/me', { token: admin })).json.archivos.fotoPerfil as string | undefined)?.split('?')[0];
      const recordedBefore = await recorded();
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
      } else if (res.status === 500) {
        // s3rver, the local S3, rewrites an object in place: a read that meets a re-post fails with
        // InternalError even after the SDK's retries (real S3 swaps objects whole). Nothing is recorded.
        expect(res.json.error.message).toBe(API_MSG.interno);
        expect(await recorded(), `ronda ${round}`).toBe(recordedBefore);
      } else {
        // The HTML landed before the confirm read it (refused as what it is), or while it read (cut off).
        expect([PERFIL_MSG.tipoImagen, PERFIL_MSG.fotoNoSubida]).toContain(res.json.error.message);
      }
    }
    console.log(`[carrera] respuestas de confirmación en 10 rondas: ${outcomes.join(', ')}`);
    // Ten rounds of a confirm under a flood of re-posts, each read retried by the SDK: 19 s on an idle
    // 2-core machine, so the file's 30 s would not hold on a busy one.
  }, 90_000);

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

describe('corporate gallery, one photo at a time', () => {
  let admin: string;
  let empresaId: string;
  let waiting: string;
  const gallery = () => `companies/${empresaId}/fotosCorporativas/`;
  const slots = async (token = admin): Promise<string[]> => (await api('/me', { token })).json.empresa.fotosCorporativas;
  const photo = (n: number) => solidPng(32, 18, [n * 40, 90, 160]);
  const add = async (bytes: Uint8Array, token = admin) =>
    api('/uploads/confirm', { token, body: { kind: 'fotoCorporativa', modo: 'agregar', uploadIds: [await upload(token, 'fotoCorporativa', bytes, 'image/png')] } });
  const remove = (foto: string, token = admin) => api(`/fotos-corporativas?${new URLSearchParams({ foto })}`, { token, method: 'DELETE' });

  beforeAll(async () => {
    admin = await newCompanyAdmin('galeria.admin@ermita.demo');
    empresaId = (await api('/me', { token: admin })).json.empresa.id;
    waiting = `uploads/${subOf(admin)}/`;
  });

  it('adds one photo into the first free slot, with its own object, and shows it', async () => {
    const res = await add(photo(1));
    expect(res.status).toBe(200);
    expect(res.json.empresa.fotosCorporativas).toEqual([expect.stringMatching(new RegExp(`^companies/${empresaId}/fotosCorporativas/[0-9a-f-]{36}/corporativa1$`)), '', '', '', '']);
    const image = await fetch(res.json.archivos.fotosCorporativas[0]);
    expect(Buffer.from(await image.arrayBuffer()).equals(photo(1))).toBe(true);
    expect(await listKeys(gallery())).toEqual([res.json.empresa.fotosCorporativas[0]]);
    expect(await listKeys(waiting)).toEqual([]);
  });

  it('keeps adding up to 5 (two at once both land), then refuses a 6th with the spec message before taking it: it lands once there is room', async () => {
    expect((await add(photo(2))).status).toBe(200);
    // Two admins adding at once: each takes its own slot, none overwrites the other.
    const both = await Promise.all([add(photo(3)), add(photo(4))]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect((await add(photo(5))).status).toBe(200);
    const full = await slots();
    expect(full.filter(Boolean)).toHaveLength(5);
    expect(new Set(full).size).toBe(5);

    const sexta = await upload(admin, 'fotoCorporativa', photo(6), 'image/png');
    const agregar = () => api('/uploads/confirm', { token: admin, body: { kind: 'fotoCorporativa', modo: 'agregar', uploadIds: [sexta] } });
    const sixth = await agregar();
    expect(sixth.status).toBe(400);
    expect(sixth.json.error.message).toBe(PERFIL_MSG.maxFotos);
    expect(await slots()).toEqual(full);
    expect(await listKeys(gallery())).toEqual([...full].sort());
    // Refused before its file was taken: the upload waits, and lands once a photo is removed.
    expect(await listKeys(waiting)).toEqual([`${waiting}${sexta}`]);
    expect((await remove(full[4]!)).status).toBe(200);
    const retry = await agregar();
    expect(retry.status).toBe(200);
    expect(retry.json.empresa.fotosCorporativas.filter(Boolean)).toHaveLength(5);
    expect(await listKeys(waiting)).toEqual([]);
  });

  it('removes one photo: the later ones move up and its object is deleted', async () => {
    const before = await slots();
    const res = await remove(before[1]!);
    expect(res.status).toBe(200);
    expect(res.json.empresa.fotosCorporativas).toEqual([before[0], before[2], before[3], before[4], '']);
    expect(res.json.archivos.fotosCorporativas.filter(Boolean)).toHaveLength(4);
    expect(await listKeys(gallery())).toEqual([before[0], before[2], before[3], before[4]].sort());

    // Removing photo 1 keeps photo 1 filled (the profile gate reads it).
    const first = await remove(before[0]!);
    expect(first.json.empresa.fotosCorporativas).toEqual([before[2], before[3], before[4], '', '']);
  });

  it('answers a photo already gone, or never there, with a Spanish 404 and changes nothing', async () => {
    const before = await slots();
    const gone = await remove(`companies/${empresaId}/fotosCorporativas/00000000-0000-4000-8000-000000000000/corporativa1`);
    expect(gone.status).toBe(404);
    expect(gone.json.error.message).toBe(GALERIA_MSG.fotoNoEncontrada);
    const missing = await api('/fotos-corporativas', { token: admin, method: 'DELETE' });
    expect(missing.status).toBe(400);
    expect(missing.json.error.message).toBe(GALERIA_MSG.fotoRequerida);
    expect(await slots()).toEqual(before);
  });

  it("refuses company staff and another company's admin, for adding and for removing", async () => {
    const before = await slots();
    const staff = await idToken(DEMO_USERS.staff, DEMO_PASSWORD);
    const otherAdmin = await idToken(DEMO_USERS.admin2, DEMO_PASSWORD);

    // Staff: no ticket, no confirm, no removal (of their own company's photo either).
    const staffTicket = await api('/uploads', { token: staff, body: { kind: 'fotoCorporativa', contentType: 'image/png', size: 100 } });
    expect(staffTicket.status).toBe(403);
    const staffAdd = await api('/uploads/confirm', { token: staff, body: { kind: 'fotoCorporativa', modo: 'agregar', uploadIds: ['00000000-0000-4000-8000-000000000000'] } });
    expect(staffAdd.status).toBe(403);
    expect(staffAdd.json.error.message).toBe(API_MSG.soloAdminEmpresa);
    const demoPhoto = (await api('/me', { token: staff })).json.empresa.fotosCorporativas[0] as string;
    const staffRemove = await remove(demoPhoto, staff);
    expect(staffRemove.status).toBe(403);
    expect(staffRemove.json.error.message).toBe(API_MSG.soloAdminEmpresa);

    // Another company's admin: this company's ticket is not theirs to confirm, nor this photo theirs to remove.
    const ticket = await upload(admin, 'fotoCorporativa', photo(7), 'image/png');
    const otherAdd = await api('/uploads/confirm', { token: otherAdmin, body: { kind: 'fotoCorporativa', modo: 'agregar', uploadIds: [ticket] } });
    expect(otherAdd.status).toBe(400);
    expect(otherAdd.json.error.message).toBe(PERFIL_MSG.fotoNoSubida);
    const otherRemove = await remove(before[0]!, otherAdmin);
    expect(otherRemove.status).toBe(404);
    expect(otherRemove.json.error.message).toBe(GALERIA_MSG.fotoNoEncontrada);

    expect(await slots()).toEqual(before);
    expect(await listKeys(gallery())).toEqual(before.filter(Boolean).sort());
    expect((await api('/me', { token: otherAdmin })).json.empresa.fotosCorporativas).toEqual(['', '', '', '', '']);
  });

  it('still replaces the whole gallery on request, deleting the photos it replaces', async () => {
    const ids = await Promise.all([8, 9].map((n) => upload(admin, 'fotoCorporativa', photo(n), 'image/png')));
    const res = await api('/uploads/confirm', { token: admin, body: { kind: 'fotoCorporativa', modo: 'reemplazar', uploadIds: ids } });
    expect(res.status).toBe(200);
    const now = res.json.empresa.fotosCorporativas as string[];
    expect(now.filter(Boolean)).toHaveLength(2);
    expect(await listKeys(gallery())).toEqual(now.filter(Boolean).sort());
  });
});

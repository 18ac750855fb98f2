import { describe, expect, it } from 'vitest';
import { fileSignature, pdfIncompleto, tipoDeArchivo } from '@shared/domain/file-signature.js';
import { addToGallery, compactGallery, empresaVista, galleryCount, isProfileComplete, removeFromGallery } from '@shared/domain/profile.js';
import { reglasDeArchivo, uploadProblem } from '@shared/domain/uploads.js';
import { digitsText, onlyDigits } from '@shared/schemas/digits.js';
import { empresaSchema } from '@shared/schemas/empresa.js';
import { DIGITOS_MSG, PERFIL_MSG, UPLOAD_MSG } from '@shared/schemas/messages.js';
import { CIUDADES, departamentoDe, perfilSchema } from '@shared/schemas/profile.js';
import { solidPng } from '../../scripts/local/png.js';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? Array.from(p, (c) => c.charCodeAt(0)) : p)));

describe('fileSignature (one rule for the browser and the API)', () => {
  it('names each accepted type by its first bytes', () => {
    expect(fileSignature(solidPng(2, 2, [1, 2, 3]))).toBe('image/png');
    expect(fileSignature(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toBe('image/jpeg');
    expect(fileSignature(bytes('GIF89a', [1, 0, 1, 0]))).toBe('image/gif');
    expect(fileSignature(bytes('GIF87a'))).toBe('image/gif');
    expect(fileSignature(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
    expect(fileSignature(bytes('%PDF-1.7\n'))).toBe('application/pdf');
  });

  it('knows nothing else, whatever the name says: text, HTML, a RIFF that is not WebP, a cut-off header', () => {
    expect(fileSignature(bytes('hola, esto es texto y no una foto'))).toBeNull();
    expect(fileSignature(bytes('<!doctype html><html>'))).toBeNull();
    expect(fileSignature(bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '))).toBeNull();
    expect(fileSignature(bytes([0x89, 0x50, 0x4e]))).toBeNull();
    expect(fileSignature(new Uint8Array())).toBeNull();
  });

  it('takes a whole file for a PDF only with its end marker (the API decides on the whole file)', () => {
    expect(tipoDeArchivo(bytes('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'))).toBe('application/pdf');
    // Trailing bytes after the marker, as some generators leave, within the 1 024 readers tolerate.
    expect(tipoDeArchivo(bytes('%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF', '\0'.repeat(1000)))).toBe('application/pdf');
    expect(tipoDeArchivo(bytes('%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF', ' '.repeat(1100)))).toBeNull();
    // A header and an end marker with no object between them is no document.
    expect(tipoDeArchivo(bytes('%PDF-%%EOF'))).toBeNull();
    expect(tipoDeArchivo(bytes('%PDF-1.7\n%%EOF\n'))).toBeNull();
    // A page behind a PDF header, and a PDF cut off mid-upload.
    expect(tipoDeArchivo(bytes('%PDF-1.4\n<html><body><script>alert(1)</script></body></html>'))).toBeNull();
    expect(tipoDeArchivo(bytes('%PDF-1.4\n1 0 obj<<>>endobj\nstream\n'))).toBeNull();
    expect(tipoDeArchivo(bytes('%%EOF'))).toBeNull();
    // Images by their signature, as the browser checks them.
    expect(tipoDeArchivo(solidPng(2, 2, [1, 2, 3]))).toBe('image/png');
  });

  it('says a PDF without its end marker is incomplete, not of the wrong type, for the kinds that take PDFs', () => {
    const cortado = bytes('%PDF-1.4\n1 0 obj<<>>endobj\nstream\n');
    expect(pdfIncompleto(cortado)).toBe(true);
    expect(pdfIncompleto(bytes('%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF'))).toBe(false);
    expect(pdfIncompleto(bytes('%PDF-%%EOF'))).toBe(true);
    expect(pdfIncompleto(solidPng(2, 2, [1, 2, 3]))).toBe(false);
    const facts = { name: 'soat.pdf', size: cortado.length, type: tipoDeArchivo(cortado), incompleto: pdfIncompleto(cortado) };
    expect(uploadProblem('documentoVehiculo', facts)).toBe(UPLOAD_MSG.pdfIncompleto('soat.pdf'));
    expect(uploadProblem('cotizacion', facts)).toBe(UPLOAD_MSG.pdfIncompleto('soat.pdf'));
    // A photo slot takes no PDF: its own type message.
    expect(uploadProblem('fotoCorporativa', facts)).toBe(PERFIL_MSG.tipoImagen);
  });

  it('feeds the upload rules: a text file named .png gets the type message', () => {
    const text = bytes('no soy una imagen');
    expect(uploadProblem('fotoCorporativa', { name: 'oficina.png', size: text.length, type: fileSignature(text) })).toBe(PERFIL_MSG.tipoImagen);
    const png = solidPng(4, 4, [0, 0, 0]);
    expect(uploadProblem('fotoCorporativa', { name: 'sin-extension', size: png.length, type: fileSignature(png) })).toBeNull();
  });
});

describe('what a kind of file may be, said before choosing', () => {
  it('names the types and the size the checks use (docs/spec/02.md section 5.3)', () => {
    expect(reglasDeArchivo('fotoVehiculo')).toBe('JPG, PNG o WebP, hasta 2 MB cada uno');
    expect(reglasDeArchivo('documentoVehiculo')).toBe('PDF, JPG o PNG, hasta 2 MB cada uno');
    // The rules themselves: a GIF photo and a 2 MB + 1 byte document are refused.
    expect(uploadProblem('fotoVehiculo', { name: 'a.gif', size: 10, type: 'image/gif' })).not.toBeNull();
    expect(uploadProblem('documentoVehiculo', { name: 'a.pdf', size: 2 * 1024 * 1024 + 1, type: 'application/pdf' })).toContain('2,00MB');
  });
});

describe('corporate gallery, one photo at a time (always compact: photo 1 filled while any is)', () => {
  const empty = ['', '', '', '', ''];

  it('adds to the first free slot and refuses what does not fit in five', () => {
    expect(addToGallery(empty, ['a'])).toEqual(['a', '', '', '', '']);
    expect(addToGallery(['a', 'b', '', '', ''], ['c', 'd'])).toEqual(['a', 'b', 'c', 'd', '']);
    expect(addToGallery(['a', 'b', 'c', 'd', ''], ['e'])).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(addToGallery(['a', 'b', 'c', 'd', 'e'], ['f'])).toBeNull();
    expect(addToGallery(['a', 'b', 'c', 'd', ''], ['e', 'f'])).toBeNull();
  });

  it('removes a photo and moves the later ones up; a photo not in it is not found', () => {
    expect(removeFromGallery(['a', 'b', 'c', '', ''], 'a')).toEqual(['b', 'c', '', '', '']);
    expect(removeFromGallery(['a', 'b', 'c', '', ''], 'b')).toEqual(['a', 'c', '', '', '']);
    expect(removeFromGallery(['a', '', '', '', ''], 'a')).toEqual(empty);
    expect(removeFromGallery(['a', '', '', '', ''], 'z')).toBeNull();
    expect(removeFromGallery(['a', '', '', '', ''], '')).toBeNull();
  });

  it('compacts an older gallery with holes, so the profile gate reads it right', () => {
    const holes = ['', 'b', '', 'd', ''];
    expect(isProfileComplete({ perfil: true }, { perfil: true, fotosCorporativas: holes })).toBe(false);
    const compact = compactGallery(holes);
    expect(compact).toEqual(['b', 'd', '', '', '']);
    expect(galleryCount(compact)).toBe(2);
    expect(isProfileComplete({ perfil: true }, { perfil: true, fotosCorporativas: compact })).toBe(true);
  });
});

describe('digitsText (phone and account, docs/spec/02.md section 5.3)', () => {
  const telefono = digitsText(10, PERFIL_MSG.movil, DIGITOS_MSG.telefonoCorto);
  const message = (value: unknown) => {
    const result = telefono.safeParse(value);
    return result.success ? null : result.error.issues.map((i) => i.message);
  };

  it('takes ten digits or more, spaces around trimmed', () => {
    expect(telefono.parse('3001234567')).toBe('3001234567');
    expect(telefono.parse(' 573001234567 ')).toBe('573001234567');
  });

  it('answers one message per value: required, digits only, too short, too long', () => {
    expect(message('')).toEqual([PERFIL_MSG.movil]);
    expect(message('   ')).toEqual([PERFIL_MSG.movil]);
    expect(message(undefined)).toEqual([PERFIL_MSG.movil]);
    expect(message('300-123-4567')).toEqual([DIGITOS_MSG.soloDigitos]);
    expect(message('+573001234567')).toEqual([DIGITOS_MSG.soloDigitos]);
    expect(message('３００１２３４５６７')).toEqual([DIGITOS_MSG.soloDigitos]);
    expect(message('300123')).toEqual([DIGITOS_MSG.telefonoCorto]);
    expect(message('1'.repeat(21))).toEqual([DIGITOS_MSG.maximo(20)]);
  });

  it('is what the profile uses for movil and cuenta', () => {
    const perfil = {
      nombres: 'Ana', apellidos: 'Ruiz', movil: '300 123', empresa: 'Transportes', banco: 'Bancolombia', tipocuenta: 'ahorros',
      cuenta: '0451-2345', titular: 'Ana Ruiz', rut: '900123456',
    };
    const issues = perfilSchema.safeParse(perfil).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['movil', DIGITOS_MSG.soloDigitos],
      ['cuenta', DIGITOS_MSG.soloDigitos],
    ]);
    const short = perfilSchema.safeParse({ ...perfil, movil: '300123', cuenta: '045123' }).error?.issues.map((i) => i.message);
    expect(short).toEqual([DIGITOS_MSG.telefonoCorto, DIGITOS_MSG.cuentaCorta]);
  });

  it('takes a RUT or cédula as digits with dots and the check digit, nothing else', () => {
    const base = {
      nombres: 'Ana', apellidos: 'Ruiz', movil: '3001234567', empresa: 'Transportes', banco: 'Bancolombia', tipocuenta: 'ahorros',
      cuenta: '04512345678', titular: 'Ana Ruiz',
    };
    for (const rut of ['900123456', '900.123.456-7', '1107000000', '16.789.012']) expect(perfilSchema.safeParse({ ...base, rut }).success, rut).toBe(true);
    for (const rut of ['zzz', '900-12', 'NIT 900123456', '-9', '900123456-', '9'.repeat(21)]) {
      const issues = perfilSchema.safeParse({ ...base, rut }).error?.issues.map((i) => [i.path.join('.'), i.message]);
      expect(issues?.[0]?.[0], rut).toBe('rut');
    }
    expect(perfilSchema.safeParse({ ...base, rut: 'zzz' }).error?.issues[0]?.message).toBe(PERFIL_MSG.rutFormato);
  });

  it('knows the department of each listed city', () => {
    expect(CIUDADES.every((c) => departamentoDe(c.value) === c.departamento)).toBe(true);
    expect(departamentoDe('Medellin')).toBe('Antioquia');
    expect(departamentoDe('Cali')).toBe('Valle del Cauca');
    expect(departamentoDe('')).toBeUndefined();
  });

  it('gives the browser the digits of what is typed or pasted', () => {
    expect(onlyDigits('+57 (300) 123-4567')).toBe('573001234567');
    expect(onlyDigits('abc')).toBe('');
  });
});

describe('empresaVista (GET /me): payment data for admins only', () => {
  const empresa = empresaSchema.parse({
    id: 'e1', empresa: 'Transportes', banco: 'Bancolombia', tipocuenta: 'ahorros', cuenta: '04512345678', titular: 'Transportes', rut: '900123456', creadoEn: 'x',
  });

  it('keeps everything for an admin and drops the bank data (keys too) for staff and others', () => {
    expect(empresaVista(empresa, 'admin')).toEqual(empresa);
    for (const role of ['user', 'plataforma', 'conductor'] as const) {
      const vista = empresaVista(empresa, role);
      for (const field of ['banco', 'tipocuenta', 'cuenta', 'titular', 'rut']) expect(vista).not.toHaveProperty(field);
      expect(vista).toMatchObject({ empresa: 'Transportes', fotosCorporativas: ['', '', '', '', ''] });
    }
  });
});

import { badRequest } from '../errors.js';

/**
 * A page cursor is the index key of the last item given, opaque to the console (base64url JSON).
 * One coming back must be exactly such a key of the same list: the expected attributes, short strings,
 * and the list's own partition value; anything else is a 400 in Spanish.
 */
export const codificarCursor = (key: Record<string, unknown> | null): string | null => (key ? Buffer.from(JSON.stringify(key)).toString('base64url') : null);

export function decodificarCursor(texto: string | undefined, forma: { particion: [string, string]; campos: readonly string[] }, mensaje: string): Record<string, unknown> | undefined {
  if (!texto) return undefined;
  try {
    if (texto.length > 1000) throw new Error('largo');
    const key: unknown = JSON.parse(Buffer.from(texto, 'base64url').toString('utf8'));
    if (!key || typeof key !== 'object' || Array.isArray(key)) throw new Error('forma');
    const esperadas = new Set([forma.particion[0], ...forma.campos]);
    const entradas = Object.entries(key);
    if (entradas.length !== esperadas.size) throw new Error('campos');
    for (const [k, v] of entradas) if (!esperadas.has(k) || typeof v !== 'string' || v.length === 0 || v.length > 200) throw new Error('campo');
    if ((key as Record<string, string>)[forma.particion[0]] !== forma.particion[1]) throw new Error('otra lista');
    return key as Record<string, unknown>;
  } catch {
    throw badRequest(mensaje);
  }
}

import type { Context } from 'hono';
import { MAX_POR_PAGINA, PAGINA_MSG, textoFiltro } from '@shared/schemas/paginas.js';
import { PAGO_MSG } from '@shared/schemas/messages-pagos.js';
import { badRequest } from '../errors.js';
import type { ConsolaCaller } from './caller.js';

/** A list's `q` and `limite` from the query string: a 400 in Spanish for a filter too long or a size out of range. */
export function busquedaYLimite(c: Context, porDefecto: number): { texto: string; limite: number } {
  const texto = textoFiltro.safeParse(c.req.query('q') ?? '');
  if (!texto.success) throw badRequest(texto.error.issues[0]!.message);
  const limite = c.req.query('limite');
  if (limite !== undefined && (!/^\d{1,3}$/.test(limite) || Number(limite) < 1 || Number(limite) > MAX_POR_PAGINA)) throw badRequest(PAGINA_MSG.limiteInvalido);
  return { texto: texto.data.trim(), limite: limite === undefined ? porDefecto : Number(limite) };
}

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

/** The service and payment lists' page, unless `limite` says otherwise. */
export const POR_PAGINA = 25;

/** The company a list is read for: a company user's own; marketplace staff's choice, or every company's. */
export function empresaDeLista(c: Context, caller: ConsolaCaller): string | null {
  if (caller.kind === 'empresa') return caller.empresaId;
  const empresa = c.req.query('empresa');
  if (!empresa) return null;
  if (!/^[A-Za-z0-9-]{1,64}$/.test(empresa)) throw badRequest(PAGO_MSG.empresaRequerida);
  return empresa;
}

/**
 * The list's paging and filter from the query string: `q`, `cursor`, `limite`. A cursor must name the
 * list's own partition (the table modules in shared/tablas say which one a list reads).
 */
export function opcionesDeLista(c: Context, particion: { atributo: string; valor: string }, campoOrden: string) {
  return {
    ...busquedaYLimite(c, POR_PAGINA),
    cursor: decodificarCursor(c.req.query('cursor'), { particion: [particion.atributo, particion.valor], campos: ['id', campoOrden] }, PAGINA_MSG.cursorInvalido),
  };
}

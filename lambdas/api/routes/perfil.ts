import type { Context } from 'hono';
import type { z } from 'zod';
import { DATOS_BANCARIOS } from '@shared/schemas/empresa.js';
import { API_MSG } from '@shared/schemas/messages.js';
import { perfilEmpresaSchema, perfilSchema, type PerfilBody } from '@shared/schemas/profile.js';
import { empresaRepository } from '../../data/empresa-repository.js';
import { usuarioRepository } from '../../data/usuario-repository.js';
import { forbidden } from '../../errors.js';
import type { CompanyCaller, PlataformaCaller } from '../caller.js';
import { loadMe } from '../me.js';
import { destinoAvisos } from '@shared/domain/avisos-vencimiento.js';

const COMPANY_FIELDS = Object.keys(perfilEmpresaSchema.shape) as (keyof typeof perfilEmpresaSchema.shape)[];
const BANCARIOS = new Set<string>(DATOS_BANCARIOS);

/**
 * `PUT /perfil`: a company admin saves the whole profile (every company field required); staff and
 * marketplace staff save their personal part only, and a changed company field is an admin's action.
 * Payment data sent by anyone else is refused even when unchanged: answering "same" or "changed"
 * would tell staff the account they are not shown.
 */
export async function putPerfil(c: Context, caller: CompanyCaller | PlataformaCaller, body: PerfilBody, raw: unknown) {
  const { nombres, apellidos, movil, puesto } = body;
  if (caller.kind === 'empresa' && caller.role === 'admin') {
    // The route checked an admin's body against the whole profile (every company field required).
    const { nombres: _n, apellidos: _a, movil: _m, puesto: _p, ...empresa } = body as z.output<typeof perfilSchema>;
    await empresaRepository.saveAdminProfile(caller.sub, { nombres, apellidos, movil, puesto }, caller.empresaId, empresa);
  } else {
    // Only the fields sent count (the schema fills defaults for the others).
    const sent = raw as Record<string, unknown>;
    const current = caller.kind === 'empresa' ? await empresaRepository.get(caller.empresaId) : null;
    const refused = (f: (typeof COMPANY_FIELDS)[number]) => f in sent && (BANCARIOS.has(f) || body[f] !== (current?.[f] ?? undefined));
    if (COMPANY_FIELDS.some(refused)) throw forbidden(API_MSG.soloAdminEmpresa);
    await usuarioRepository.savePersonal(caller.sub, { nombres, apellidos, movil, puesto });
  }
  return c.json(await loadMe(caller, { reloadUsuario: true }));
}

/** `PUT /perfil/avisos`: the caller's expiry alerts by e-mail on or off (docs/decisions/0015): in or out of the recipients' index. */
export async function putAvisos(c: Context, caller: CompanyCaller | PlataformaCaller, body: { activos: boolean }) {
  await usuarioRepository.setAvisos(caller.sub, body.activos ? (destinoAvisos(caller.usuario) ?? null) : null);
  return c.json(await loadMe(caller, { reloadUsuario: true }));
}

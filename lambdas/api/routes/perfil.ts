import { Hono } from 'hono';
import { API_MSG } from '../../../shared/schemas/messages.js';
import { perfilEmpresaSchema, perfilPersonalSchema, perfilSchema } from '../../../shared/schemas/profile.js';
import { empresaRepository } from '../../data/empresa-repository.js';
import { usuarioRepository } from '../../data/usuario-repository.js';
import { badRequest, forbidden } from '../../errors.js';
import { loadMe } from '../me.js';
import type { AuthEnv } from '../middleware/auth.js';
import { parseBody } from '../validate.js';

const COMPANY_FIELDS = Object.keys(perfilEmpresaSchema.shape) as (keyof typeof perfilEmpresaSchema.shape)[];

/** `PUT /perfil`: an admin saves the whole profile; staff save the personal part only. */
export const perfilRoutes = new Hono<AuthEnv>().put('/', async (c) => {
  const caller = c.var.caller;
  const body: unknown = await c.req.json().catch(() => {
    throw badRequest(API_MSG.jsonInvalido);
  });

  if (caller.usuario.role === 'admin') {
    const { nombres, apellidos, movil, puesto, ...empresa } = parseBody(perfilSchema, body);
    await empresaRepository.saveAdminProfile(caller.sub, { nombres, apellidos, movil, puesto }, caller.empresaId, empresa);
  } else {
    // Staff see the company part read-only; a changed company field is an admin's action, refused.
    const sent = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const current = await empresaRepository.get(caller.empresaId);
    if (COMPANY_FIELDS.some((f) => f in sent && sent[f] !== (current?.[f] ?? undefined))) throw forbidden(API_MSG.soloAdminEmpresa);
    const personal = parseBody(perfilPersonalSchema, body);
    await usuarioRepository.savePersonal(caller.sub, personal);
  }
  return c.json(await loadMe(caller, { reloadUsuario: true }));
});

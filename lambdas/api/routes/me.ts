import { Hono } from 'hono';
import { isProfileComplete } from '../../../shared/domain/profile.js';
import type { MeResponse } from '../../../shared/schemas/empresa.js';
import { empresaRepository } from '../../data/empresa-repository.js';
import type { AuthEnv } from '../middleware/auth.js';

export const meRoutes = new Hono<AuthEnv>().get('/', async (c) => {
  const { usuario, groups } = c.var.caller;
  const empresa = await empresaRepository.get(usuario.empresaId);
  const body: MeResponse = { usuario, empresa, groups, perfilCompleto: isProfileComplete(usuario, empresa) };
  return c.json(body);
});

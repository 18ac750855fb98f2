import { createMiddleware } from 'hono/factory';
import { isProfileComplete } from '../../../shared/domain/profile.js';
import { API_MSG } from '../../../shared/schemas/messages.js';
import { empresaRepository } from '../../data/empresa-repository.js';
import { forbidden } from '../../errors.js';
import type { AuthEnv } from './auth.js';

/** The side menu's rule, on the server: map, fleet and staff registration need a complete profile. */
export const requireCompleteProfile = createMiddleware<AuthEnv>(async (c, next) => {
  const { usuario, empresaId } = c.var.caller;
  if (!isProfileComplete(usuario, await empresaRepository.get(empresaId))) throw forbidden(API_MSG.perfilIncompleto);
  await next();
});

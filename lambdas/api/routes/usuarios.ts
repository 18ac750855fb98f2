import { Hono } from 'hono';
import { INITIAL_RATING } from '../../../shared/constants.js';
import { usuarioSchema } from '../../../shared/schemas/empresa.js';
import { REGISTRO_MSG } from '../../../shared/schemas/messages.js';
import { registroInternoSchema } from '../../../shared/schemas/profile.js';
import { identity } from '../../adapters/identity.js';
import { empresaRepository } from '../../data/empresa-repository.js';
import { usuarioRepository } from '../../data/usuario-repository.js';
import { requireGroup, type AuthEnv } from '../middleware/auth.js';
import { requireCompleteProfile } from '../middleware/profile-gate.js';
import { validate } from '../validate.js';

/** `POST /usuarios`: internal registration of a staff user in the caller's company (admins only). */
export const usuariosRoutes = new Hono<AuthEnv>().post(
  '/',
  requireGroup(['admin'], REGISTRO_MSG.soloAdmin),
  requireCompleteProfile,
  validate('json', registroInternoSchema),
  async (c) => {
  const caller = c.var.caller;
  const { email, password } = c.req.valid('json');
  const empresa = await empresaRepository.get(caller.empresaId);

  const sub = await identity.signUpStaff({ email, password, empresa: empresa?.empresa ?? '' });
  try {
    await usuarioRepository.create(
      usuarioSchema.parse({ id: sub, empresaId: caller.empresaId, email, role: 'user', rating: INITIAL_RATING, perfil: false, creadoEn: new Date().toISOString() }),
    );
  } catch (err) {
    await identity.deleteUser(email);
    throw err;
  }
  return c.json({ id: sub, email }, 201);
  },
);

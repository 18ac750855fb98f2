import { API_MSG, REGISTRO_MSG } from '../../shared/schemas/messages.js';
import { perfilBodySchema, perfilSchema, registroInternoSchema } from '../../shared/schemas/profile.js';
import { confirmUploadSchema, uploadRequestSchema } from '../../shared/schemas/upload.js';
import { publicRoute, route } from './define-route.js';
import { quitarFotoCorporativa } from './routes/fotos.js';
import { getMe } from './routes/me.js';
import { putPerfil } from './routes/perfil.js';
import { confirmUpload, presignUpload } from './routes/uploads.js';
import { registrarUsuario } from './routes/usuarios.js';

/** Everyone who signs in to the console: company admins and staff, marketplace staff. */
const CONSOLA = ['admin', 'user', 'plataforma'] as const;

/**
 * Every API route and who may call it: the app mounts exactly these, and the authorization test
 * calls each of them as every kind of caller. A new route is a new row.
 */
export const ROUTES = [
  publicRoute({ method: 'GET', path: '/health', handler: (c) => c.json({ ok: true }) }),
  route({ method: 'GET', path: '/me', access: CONSOLA, handler: getMe }),
  route({
    method: 'PUT',
    path: '/perfil',
    access: CONSOLA,
    body: perfilBodySchema,
    bodyFor: (caller) => (caller.role === 'admin' ? perfilSchema : perfilBodySchema),
    handler: putPerfil,
  }),
  route({
    method: 'POST',
    path: '/usuarios',
    access: ['admin'],
    perfilCompleto: true,
    denied: REGISTRO_MSG.soloAdmin,
    body: registroInternoSchema,
    handler: registrarUsuario,
  }),
  route({ method: 'POST', path: '/uploads', access: CONSOLA, body: uploadRequestSchema, handler: presignUpload }),
  route({ method: 'POST', path: '/uploads/confirm', access: CONSOLA, body: confirmUploadSchema, handler: confirmUpload }),
  route({ method: 'DELETE', path: '/fotos-corporativas', access: ['admin'], denied: API_MSG.soloAdminEmpresa, handler: quitarFotoCorporativa }),
];

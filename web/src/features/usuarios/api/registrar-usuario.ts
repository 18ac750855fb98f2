import { useMutation } from '@tanstack/react-query';
import * as z from 'zod';
import type { registroInternoSchema } from '@shared/schemas/profile.js';
import { llamar } from '../../../lib/api-client.js';
import { usuarioCreadoSchema } from '@shared/schemas/profile.js';

export type CreatedUser = z.infer<typeof usuarioCreadoSchema>;

/** `POST /usuarios`: an admin registers a staff user of the company (role `user`). */
export const registrarUsuario = (input: z.output<typeof registroInternoSchema>): Promise<CreatedUser> =>
  llamar('POST /usuarios', { body: input, schema: usuarioCreadoSchema });

export const useRegistrarUsuario = () => useMutation({ mutationFn: registrarUsuario, meta: { silent: true } });

import { useMutation } from '@tanstack/react-query';
import * as z from 'zod';
import type { registroInternoSchema } from '@shared/schemas/profile.js';
import { api } from '../../../lib/api-client.js';

const createdUserSchema = z.object({ id: z.string(), email: z.string() });
export type CreatedUser = z.infer<typeof createdUserSchema>;

/** `POST /usuarios`: an admin registers a staff user of the company (role `user`). */
export const registrarUsuario = (input: z.output<typeof registroInternoSchema>): Promise<CreatedUser> =>
  api.post('/usuarios', input, createdUserSchema);

export const useRegistrarUsuario = () => useMutation({ mutationFn: registrarUsuario, meta: { silent: true } });

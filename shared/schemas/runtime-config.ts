import * as z from './zod-es.js';

/**
 * `/config.json`: written by CDK in AWS and by the local stack locally, read by the console at start,
 * so one web build serves every environment.
 */
export const runtimeConfigSchema = z.object({
  stage: z.string().min(1),
  region: z.string().min(1),
  userPoolId: z.string().min(1),
  userPoolClientId: z.string().min(1),
  /** Only locally: cognito-local's URL (Amplify's `userPoolEndpoint`). */
  userPoolEndpoint: z.url().optional(),
  apiUrl: z.url(),
  /** MapLibre style URL: Amazon Location Maps v2 with API key in AWS, an offline style locally. */
  mapStyleUrl: z.string().min(1),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

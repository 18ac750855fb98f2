import { Amplify } from 'aws-amplify';
import type { RuntimeConfig } from '@shared/schemas/runtime-config.js';

export function configureAmplify(config: RuntimeConfig): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        // Only the local stack sets it (cognito-local); in AWS Amplify derives the endpoint from the region.
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: { email: true },
      },
    },
  });
}

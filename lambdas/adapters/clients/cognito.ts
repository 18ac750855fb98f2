import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { config } from '../../config.js';
import { localCredentials, once } from './shared.js';

export const cognito = once(() => {
  const { region, endpoints } = config();
  return new CognitoIdentityProviderClient(
    endpoints.cognito ? { region, endpoint: endpoints.cognito, credentials: localCredentials } : { region },
  );
});

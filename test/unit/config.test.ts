import { describe, expect, it } from 'vitest';
import { parseConfig, tableName } from '../../lambdas/config.js';

const complete = {
  STAGE: 'dev',
  AWS_REGION: 'us-east-1',
  BUCKET_NAME: 'b',
  USER_POOL_ID: 'us-east-1_abc',
  USER_POOL_CLIENT_ID: 'client',
  COGNITO_ISSUER: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_abc',
  ALLOWED_ORIGINS: 'https://a.example, https://b.example',
  SIGNUP_KEY_SECRET_ARN: 'arn:aws:secretsmanager:us-east-1:1:secret:k',
  TABLE_EMPRESAS: 'e',
  TABLE_USUARIOS: 'u',
  TABLE_SERVICES: 's',
  TABLE_OFFERS: 'o',
  TABLE_VEHICULOS: 'v',
};

describe('parseConfig', () => {
  it('fails naming every missing variable instead of defaulting silently', () => {
    const { STAGE: _s, AWS_REGION: _r, ...rest } = complete;
    expect(() => parseConfig(rest)).toThrow(/STAGE.*AWS_REGION|AWS_REGION.*STAGE/);
  });

  it('gives each function only its own settings: reaching for a table it was not bound to fails naming it', () => {
    const { TABLE_OFFERS: _o, ...rest } = complete;
    const c = parseConfig(rest);
    expect(tableName('services', c)).toBe('s');
    expect(() => tableName('offers', c)).toThrow(/TABLE_OFFERS/);
  });

  it('reads tables, origins and the secret reference', () => {
    const c = parseConfig(complete);
    expect(c.tables.offers).toBe('o');
    expect(c.allowedOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(c.signUpKey).toEqual({ secretArn: complete.SIGNUP_KEY_SECRET_ARN });
    expect(c.endpoints.dynamodb).toBeUndefined();
  });
});

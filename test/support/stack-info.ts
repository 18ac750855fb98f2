/** What the global setup hands to the tests (through vitest's provide/inject). */
export type StackInfo = {
  apiUrl: string;
  consoleUrl: string | null;
  /** The same built console over TLS and HTTP/2, as CloudFront serves it (self-signed certificate). */
  consoleH2Url: string | null;
  cognitoEndpoint: string;
  dynamodbEndpoint: string;
  s3Endpoint: string;
  userPoolId: string;
  userPoolClientId: string;
  bucket: string;
  outboxDir: string;
  signUpKey: string;
  clientAppSecret: string;
  providerAppSecret: string;
  epayco: { p_cust_id_cliente: string; p_key: string };
  /** The local stand-in of ePayco's transaction lookup (tests tell it what ePayco knows). */
  epaycoUrl: string;
};

declare module 'vitest' {
  export interface ProvidedContext {
    /** One stack per worker of the run (one for the integration project, one per e2e worker). */
    stacks: StackInfo[];
  }
}

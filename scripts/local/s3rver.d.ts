// s3rver ships no types; only what the local stack uses.
declare module 's3rver' {
  export default class S3rver {
    constructor(options: {
      port?: number;
      address?: string;
      directory: string;
      silent?: boolean;
      configureBuckets?: { name: string; configs: string[] }[];
    });
    run(): Promise<unknown>;
    close(): Promise<void>;
  }
}

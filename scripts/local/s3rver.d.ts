// s3rver ships no types; only what the local stack uses.
declare module 's3rver' {
  export type S3rverStore = {
    putSubresource(bucket: string, key: string, resource: { type: string; toXML(): string }): Promise<void>;
    deleteSubresource(bucket: string, key: string, type: string): Promise<void>;
  };
  export default class S3rver {
    constructor(options: {
      port?: number;
      address?: string;
      directory: string;
      silent?: boolean;
      configureBuckets?: { name: string; configs: string[] }[];
    });
    run(): Promise<unknown>;
    /** Koa's middleware list (S3rver is a Koa app). */
    middleware: unknown[];
    store: S3rverStore;
    close(): Promise<void>;
  }
}

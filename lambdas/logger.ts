import { Logger } from '@aws-lambda-powertools/logger';

/**
 * Structured JSON logs (Powertools for AWS Lambda): one logger for every function, its level from
 * POWERTOOLS_LOG_LEVEL (INFO by default). Its own module so the triggers and repositories log without
 * pulling the API's middleware (observability.ts) into their bundles.
 */
export const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'transportadoras' });

import { z } from 'zod';
import { booleanFromEnv } from '../config/load-config';
import { refuseInProduction } from '../config/production-secrets';

/** The S3 user the local stack creates in its Ceph cluster (tools/stack/ceph.ts), as access and secret key. */
const DEV_CREDENTIAL = 'kingdom-dev-s3';

/**
 * The S3_* settings, the same keys in every deployment (compose, k8s, local stack). Spread into a service's config
 * schema and turn into {@link StorageOptions} with {@link storageOptionsFrom}. The development credentials are
 * refused in production.
 */
export const storageEnv = {
  S3_ENDPOINT: z.string().min(1, 'S3_ENDPOINT is the host name of the S3 server').default('127.0.0.1'),
  S3_PORT: z.coerce.number().int().min(1).max(65535).default(9000),
  S3_USE_SSL: booleanFromEnv,
  S3_ACCESS_KEY: z.string().min(1).default(DEV_CREDENTIAL),
  S3_SECRET_KEY: z.string().min(1).default(DEV_CREDENTIAL),
  S3_BUCKET: z.string().min(3).default('kingdom-media'),
  S3_REGION: z.string().min(1).default('us-east-1'),
};

export interface StorageOptions {
  /** Base URL of the S3 API, e.g. http://minio:9000 */
  endpoint: string;
  region: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
}

type StorageEnv = { [K in keyof typeof storageEnv]: z.infer<(typeof storageEnv)[K]> };

export function storageOptionsFrom(env: StorageEnv): StorageOptions {
  return {
    endpoint: `${env.S3_USE_SSL ? 'https' : 'http'}://${env.S3_ENDPOINT}:${env.S3_PORT}`,
    region: env.S3_REGION,
    accessKey: env.S3_ACCESS_KEY,
    secretKey: env.S3_SECRET_KEY,
    bucket: env.S3_BUCKET,
  };
}

/** For a service's superRefine: production must not run on the development credentials nor on a placeholder. */
export function checkStorageEnv(env: { NODE_ENV: string; S3_ACCESS_KEY: string; S3_SECRET_KEY: string }, ctx: z.RefinementCtx): void {
  if (env.NODE_ENV !== 'production') return;
  for (const key of ['S3_ACCESS_KEY', 'S3_SECRET_KEY'] as const) {
    // The default stands for "not set", hence "required"; other placeholders get the kit's message.
    if (env[key] === DEV_CREDENTIAL) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required in production` });
    else refuseInProduction(env, ctx, { [key]: 'secret' });
  }
}

import { createLogger, JsonLogger } from '@km/nest-kit';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import express from 'express';
import helmet from 'helmet';
import { GatewayModule } from './app.module';
import { CatalogReadModelService } from './catalog/catalog-read-model.service';
import type { GatewayConfig } from './config';
import { bodyParserErrors } from './http/http-error.filter';
import { refuseNulCharacters } from './http/nul-characters';
import { noStoreMiddleware } from './http/no-store.middleware';
import { originCheckMiddleware } from './http/origin-check.middleware';
import { RateLimits } from './http/rate-limits';
import { requestContextMiddleware } from './http/request-context.middleware';
import { spaMiddleware } from './spa/spa';

const STRIPE = ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'];

/** Builds the gateway: the only HTTP server (API, docs, probes, SPA). */
export async function createGateway(config: GatewayConfig): Promise<INestApplication> {
  const pino = createLogger('gateway', config.logLevel);
  const app = await NestFactory.create<NestExpressApplication>(GatewayModule.forRoot(config), {
    logger: new JsonLogger(pino),
    bufferLogs: true,
    bodyParser: false,
  });
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');

  const stripeJs = [...STRIPE, ...(STRIPE.includes(config.stripeJsOrigin) ? [] : [config.stripeJsOrigin])];
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...stripeJs],
          // Stripe Elements and Radix set inline styles.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https://*.stripe.com', config.stripeJsOrigin],
          mediaSrc: ["'self'", 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", 'https://api.stripe.com', ...stripeJs],
          // Stripe's frames, and the podcast's featured YouTube/Vimeo video when one is configured.
          frameSrc: ["'self'", ...stripeJs, ...(config.podcast.featuredVideoEmbedUrl ? [new URL(config.podcast.featuredVideoEmbedUrl).origin] : [])],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          ...(config.cookieSecure ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      crossOriginEmbedderPolicy: false,
      hsts: config.cookieSecure,
    }),
  );
  app.use(requestContextMiddleware(pino));
  app.use('/api', noStoreMiddleware());
  // API answers above 1 KB go compressed (brotli or gzip, as the client accepts); smaller ones are not worth the CPU.
  // Only /api: /media serves byte ranges and the SPA's files are compressed at build time.
  app.use('/api', compression({ threshold: 1024 }));
  app.use(cookieParser());
  // Stripe signs the exact bytes it sends, so its webhook gets the body raw, before the JSON parser could touch it.
  app.use('/api/webhooks/stripe', express.raw({ type: 'application/json', limit: '512kb' }));
  app.use(express.json({ limit: '1mb' }));
  app.use(bodyParserErrors());
  app.use('/api', refuseNulCharacters());
  app.use('/api', originCheckMiddleware(config.allowedOrigins));
  app.use('/api', app.get(RateLimits).apiMiddleware());
  // The store's public reads from this replica's copy of the catalog (ADR 0019); the rest goes on to the routes.
  app.use('/api', app.get(CatalogReadModelService).middleware());
  app.use(spaMiddleware(config.webDistDir));

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Kingdom Marketplace API')
      .setDescription('The public HTTP surface of Kingdom Marketplace. Errors are {statusCode, code, message, details?}.')
      .setVersion('1')
      .addCookieAuth('km_session')
      .build(),
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs/openapi.json' });

  // Not SIGHUP (Nest's default list has it): that one makes the catalog copy load again (main.ts, ADR 0019).
  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
  await app.init();
  return app;
}

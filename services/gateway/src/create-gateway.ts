import { createLogger, JsonLogger } from '@km/nest-kit';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GatewayModule } from './app.module';
import { CatalogReadModelService } from './catalog/catalog-read-model.service';
import type { GatewayConfig } from './config';
import { answerClientError } from './http/client-error';
import { JSON_BODY_LIMIT, parseJsonBody } from './http/http-error.filter';
import { refuseNulCharacters } from './http/nul-characters';
import { noStoreHook } from './http/no-store.middleware';
import { originCheckHook } from './http/origin-check.middleware';
import { refuseUnnormalisedPath, rewriteRequestUrl } from './http/request-path';
import { RateLimits } from './http/rate-limits';
import { requestContextHooks } from './http/request-context.middleware';
import { securityHeadersHook } from './http/security-headers';
import { PageHeads } from './seo/page-heads.service';
import { registerSpa } from './spa/spa';

/** The longest path parameter the router passes on (a media key is at most 1,024 bytes). */
const MAX_PATH_PARAMETER = 2048;

/** Builds the gateway: the only HTTP server (API, docs, probes, SPA), on NestJS's fastify adapter (ADR 0020). */
export async function createGateway(config: GatewayConfig): Promise<INestApplication> {
  const pino = createLogger('gateway', config.logLevel);
  const adapter = new FastifyAdapter({
    trustProxy: config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT,
    // Express 5 answered /api/products/ like /api/products; fastify would 404 the trailing slash. A path parameter
    // may be as long as a stored key (the handlers say what is wrong with it); fastify's default stops at 100, and a
    // longer one matches no route (404).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PATH_PARAMETER },
    // One normalised path (ADR 0027), decided before the router: the router and every hook below see the same spelling,
    // so `/%61pi/…` or `//api/…` cannot reach an /api handler while the checks, reading another spelling, skip it.
    rewriteUrl: rewriteRequestUrl,
    // The router's own refusals, in our error shape like every other answer.
    // (typed against the workspace's fastify, not the adapter's pinned copy: hence the cast below)
    frameworkErrors: ((error: { code?: string; message: string }, _request: FastifyRequest, reply: FastifyReply) => {
      const message =
        error.code === 'FST_ERR_BAD_URL' ? 'That address is not valid: it has a malformed %-escape.' : `That address is not valid: ${error.message}.`;
      void reply.code(400).type('application/json; charset=utf-8').send({ statusCode: 400, code: 'invalid', message });
    }) as never,
    // Bytes the HTTP parser cannot read: answered in our error shape with `Connection: close` (fastify's default
    // omits it, and a keep-alive client then sends its next request into the closed socket).
    clientErrorHandler: answerClientError,
  });
  const app = await NestFactory.create<NestFastifyApplication>(GatewayModule.forRoot(config), adapter, {
    logger: new JsonLogger(pino),
    bufferLogs: true,
    bodyParser: false,
  });
  // Nest's adapter pins its own fastify patch version; the plugins and our hooks are typed against the workspace's.
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;

  // Hooks run in the order they are added; every one of them sees every request (paths are checked inside).
  fastify.addHook('onRequest', securityHeadersHook(config));
  const context = requestContextHooks(pino, config.slowRequestMs);
  fastify.addHook('onRequest', context.onRequest);
  // Before any other check: a path that could not be normalised is answered 400 here.
  fastify.addHook('onRequest', refuseUnnormalisedPath());
  fastify.addHook('onRequest', noStoreHook());
  fastify.addHook('onRequest', originCheckHook(config.allowedOrigins));
  fastify.addHook('onRequest', app.get(RateLimits).apiHook());
  fastify.addHook('onRequest', app.get(RateLimits).feedsHook());
  // A query holding U+0000 is refused before the catalog copy could answer it.
  fastify.addHook('onRequest', refuseNulCharacters('query'));
  // The store's public reads from this replica's copy of the catalog (ADR 0019); the rest goes on to the routes.
  fastify.addHook('onRequest', app.get(CatalogReadModelService).hook());
  // API answers above 1 KB go compressed (brotli or gzip, as the client accepts); smaller ones are not worth the CPU.
  // Only /api: /media serves byte ranges and the SPA's files are compressed at build time.
  fastify.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) route.compress = false;
  });
  await fastify.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
  // After compression's own onSend: the Vary it adds, spelled as Express's compression spelled it.
  fastify.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/')) route.onSend = [...[route.onSend ?? []].flat(), varyAcceptEncoding];
  });
  await fastify.register(fastifyCookie);
  // JSON bodies up to 1 MB; Stripe signs the exact bytes it sends, so its webhooks get the body raw (ADR 0020).
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, parseJsonBody);
  // Multipart forms are streamed from the raw request by the routes that take them (never buffered whole); any
  // other body is left unread, as before: the route's validation names what is missing.
  fastify.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
  fastify.addHook('preValidation', refuseNulCharacters('body'));
  fastify.addHook('preHandler', context.preHandler);
  const heads = app.get(PageHeads);
  registerSpa(fastify, config.webDistDir, (path) => heads.of(path));

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
  await fastify.ready();
  return app;
}

function varyAcceptEncoding(_req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) {
  const vary = reply.getHeader('Vary');
  if (typeof vary === 'string' && vary.includes('accept-encoding')) reply.header('Vary', vary.replace('accept-encoding', 'Accept-Encoding'));
  done(null, payload);
}

import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GatewayConfig } from '../config';

const STRIPE = ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'];

/** Helmet's settings for the gateway: the CSP lets Stripe (and the podcast's featured video, when set) in. */
export function helmetOptions(config: GatewayConfig): HelmetOptions {
  const stripeJs = [...STRIPE, ...(STRIPE.includes(config.stripeJsOrigin) ? [] : [config.stripeJsOrigin])];
  return {
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
  };
}

/**
 * The security headers helmet sets, worked out once: helmet's are the same on every response (no nonces), so they
 * are captured from one run of its middleware at start rather than computed for each request (ADR 0020).
 */
export function securityHeaders(config: GatewayConfig): [string, string][] {
  const headers: [string, string][] = [];
  const capture = {
    setHeader: (name: string, value: string) => void headers.push([name, value]),
    removeHeader: () => undefined,
  } as unknown as ServerResponse;
  helmet(helmetOptions(config))({} as IncomingMessage, capture, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** A fastify `onRequest` hook setting the precomputed headers on the raw response (answers written by hand keep them). */
export function securityHeadersHook(config: GatewayConfig) {
  const headers = securityHeaders(config);
  return (_req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const res = reply.raw;
    for (const [name, value] of headers) res.setHeader(name, value);
    done();
  };
}

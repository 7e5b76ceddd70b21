// How a resource file declares its URLs: `route('POST', '/v1/refunds', handler)`; server.ts matches them in order.
import { invalid, type Params } from './params';
import type { Result } from './present';
import type { Ctx, StripeState } from './store';

export type Handler = (s: StripeState, p: Params, ctx: Ctx, id: string) => Result;
export interface Route {
  method: string;
  pattern: RegExp;
  handler: Handler;
  /** Also callable with a publishable key (what Stripe.js sends). */
  publishable?: true;
}

export const route = (method: string, pathPattern: string, handler: Handler, publishable?: true): Route => ({
  method,
  pattern: new RegExp(`^${pathPattern.replace(':id', '([^/]+)')}$`),
  handler,
  publishable,
});

export function assertOnlyExpand(p: Params) {
  const extra = Object.keys(p).find((k) => k !== 'expand');
  if (extra) throw invalid(`Received unknown parameter: ${extra}`, extra, 'parameter_unknown');
}
/** A retrieve takes no params but `expand`. */
export const get =
  (fn: (s: StripeState, id: string) => Result): Handler =>
  (s, p, _ctx, id) => (assertOnlyExpand(p), fn(s, id));

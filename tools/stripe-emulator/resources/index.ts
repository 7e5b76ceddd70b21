// Every emulated Stripe resource: its routes (matched in this order) and how its objects are shown. A new resource
// is one file in this folder and one line in each list below.
import type { Shapes } from '../present';
import type { Route } from '../routing';
import * as accounts from './accounts';
import * as charges from './charges';
import * as customerBalanceTransactions from './customer-balance-transactions';
import * as customers from './customers';
import * as disputes from './disputes';
import * as events from './events';
import * as invoices from './invoices';
import * as paymentIntents from './payment-intents';
import * as paymentMethods from './payment-methods';
import * as prices from './prices';
import * as products from './products';
import * as refunds from './refunds';
import * as setupIntents from './setup-intents';
import * as subscriptions from './subscriptions';
import * as testClocks from './test-clocks';
import * as tokens from './tokens';
import * as transfers from './transfers';
import * as webhookEndpoints from './webhook-endpoints';

export const ROUTES: Route[] = [
  ...customerBalanceTransactions.routes,
  ...customers.routes,
  ...paymentIntents.routes,
  ...paymentMethods.routes,
  ...setupIntents.routes,
  ...tokens.routes,
  ...charges.routes,
  ...refunds.routes,
  ...disputes.routes,
  ...products.routes,
  ...prices.routes,
  ...subscriptions.routes,
  ...invoices.routes,
  ...testClocks.routes,
  ...events.routes,
  ...webhookEndpoints.routes,
  ...accounts.routes,
  ...transfers.routes,
];

export const SHAPES: Shapes = {
  ...customers.shapes,
  ...customerBalanceTransactions.shapes,
  ...paymentIntents.shapes,
  ...paymentMethods.shapes,
  ...setupIntents.shapes,
  ...charges.shapes,
  ...refunds.shapes,
  ...disputes.shapes,
  ...products.shapes,
  ...prices.shapes,
  ...subscriptions.shapes,
  ...invoices.shapes,
  ...accounts.shapes,
  ...transfers.shapes,
};

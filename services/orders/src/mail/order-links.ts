import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Order } from '../orders/order.entity';

/** Where order links point and what keys them (config.orderLinks). */
export interface OrderLinkSettings {
  origin: string;
  secret: string;
}

/** What a link's key proves: this purpose, this order. Another purpose keyed with the same secret never verifies. */
const PURPOSE = 'order-status-page:v1';

/**
 * The key of an order's status page link (ADR 0036): HMAC-SHA256 of the purpose and the order's id (a random UUID the
 * buyer never sees), base64url. It names no email, and nothing about it follows from the order number.
 */
export function orderLinkKey(orderId: string, secret: string): string {
  return createHmac('sha256', secret).update(`${PURPOSE}\n${orderId}`).digest('base64url');
}

/** Whether `key` is the key of this order's link, compared in constant time. */
export function isOrderLinkKey(orderId: string, key: string, secret: string): boolean {
  const expected = Buffer.from(orderLinkKey(orderId, secret));
  const given = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The settings every link is made with, set once at start from the config (`AppModule.forRoot`), so the
 * mail templates can stay plain functions of the order. Until then: the development defaults of config.ts, which
 * production refuses to start with.
 */
let settings: OrderLinkSettings = { origin: 'http://localhost:3000', secret: 'order-link-secret-dev-only-0123456789abcdef' };

export function useOrderLinkSettings(next: OrderLinkSettings): void {
  settings = next;
}

/** The settings links are made with now (the service verifies keys with the same ones). */
export const orderLinkSettings = (): OrderLinkSettings => settings;

/**
 * The signed link to an order's status page, for its emails: `https://site/orders/KM-…#key=…`. The key sits in the
 * fragment, which browsers never send to a server nor put in a Referer header; the page posts it to the API.
 */
export function orderPageLink(order: Pick<Order, 'id' | 'orderNumber'>): string {
  return `${settings.origin}/orders/${encodeURIComponent(order.orderNumber)}#key=${orderLinkKey(order.id, settings.secret)}`;
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ADR 0025: placing an order in one round trip. `place_order` writes an order, its lines and its placed event
 * together; asked with `decided = false` it first takes the payment intent's lock (the one `lockPaymentIntent` takes)
 * (`lock_space`: the namespace it passes) and places the order only when nothing under that lock says otherwise. Each statement of a volatile PL/pgSQL
 * function reads with a fresh snapshot, so the checks see everything committed before the lock was granted, as the
 * transaction's statements after `lockPaymentIntent` do. Called outside a transaction, the lock is released when the
 * call's own transaction commits, with the order in it: one round trip instead of five (begin, lock, read, insert,
 * commit).
 *
 * Outcomes: `placed` (with the row's timestamps), `ordered` (the intent has its order already), `undecided` (this
 * service changed the intent, or Stripe reported on it before the order: the caller decides in its transaction,
 * which may call Stripe under the lock), `number_taken` (another order has this number: ask again with a fresh one).
 */
export class PlaceOrder1763700000420 implements MigrationInterface {
  name = 'PlaceOrder1763700000420';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE FUNCTION place_order(lock_space int, new_order jsonb, new_lines jsonb, placed_event jsonb, decided boolean)
      RETURNS TABLE (outcome text, created_at timestamptz, updated_at timestamptz)
      LANGUAGE plpgsql VOLATILE AS $fn$
      DECLARE
        o orders := jsonb_populate_record(NULL::orders, new_order);
      BEGIN
        IF NOT decided THEN
          PERFORM pg_advisory_xact_lock(lock_space, hashtext(o.payment_intent_id));
          IF EXISTS (SELECT 1 FROM orders x WHERE x.payment_intent_id = o.payment_intent_id) THEN
            RETURN QUERY SELECT 'ordered'::text, NULL::timestamptz, NULL::timestamptz;
            RETURN;
          END IF;
          IF EXISTS (SELECT 1 FROM payment_intent_updates u WHERE u.payment_intent_id = o.payment_intent_id)
             OR EXISTS (SELECT 1 FROM stripe_events e WHERE e.payment_intent_id = o.payment_intent_id) THEN
            RETURN QUERY SELECT 'undecided'::text, NULL::timestamptz, NULL::timestamptz;
            RETURN;
          END IF;
        END IF;
        INSERT INTO orders AS x (id, order_number, payment_intent_id, status, customer_email, customer_name, customer_phone,
                                 shipping_address, billing_address, subtotal, tax, shipping, total, member_discount, member_id,
                                 cart_fingerprint, amount_received, received_currency, paid_at)
        VALUES (o.id, o.order_number, o.payment_intent_id, o.status, o.customer_email, o.customer_name, o.customer_phone,
                o.shipping_address, o.billing_address, o.subtotal, o.tax, o.shipping, o.total, o.member_discount, o.member_id,
                o.cart_fingerprint, o.amount_received, o.received_currency, o.paid_at)
        ON CONFLICT ON CONSTRAINT orders_order_number_key DO NOTHING
        RETURNING x.created_at, x.updated_at INTO o.created_at, o.updated_at;
        IF NOT FOUND THEN
          RETURN QUERY SELECT 'number_taken'::text, NULL::timestamptz, NULL::timestamptz;
          RETURN;
        END IF;
        INSERT INTO order_lines (order_id, position, product_id, product_name, unit_price, quantity, line_total)
        SELECT o.id, l.position, l.product_id, l.product_name, l.unit_price, l.quantity, l.line_total
        FROM jsonb_populate_recordset(NULL::order_lines, new_lines) AS l;
        INSERT INTO outbox (id, type, data)
        VALUES ((placed_event->>'id')::uuid, placed_event->>'type', placed_event->'data');
        RETURN QUERY SELECT 'placed'::text, o.created_at, o.updated_at;
      END
      $fn$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION place_order(int, jsonb, jsonb, jsonb, boolean)`);
  }
}

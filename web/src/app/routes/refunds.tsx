import { PolicyPage } from './policy-page';

export function RefundsPage() {
  return (
    <PolicyPage title="Refund Policy" summary="How returns, refunds and cancellations work.">
      <section>
        <h2>Physical products</h2>
        <p>
          You may return a physical product within 30 days of delivery for a full refund of the item price, as long as it is unused and in its original
          packaging. If an item arrives damaged or is not what you ordered, tell us and we will cover the return shipping and send a replacement or refund.
        </p>
      </section>
      <section>
        <h2>Services</h2>
        <p>Services can be cancelled for a full refund before work begins. Once work has started, we refund the part that has not yet been delivered.</p>
      </section>
      <section>
        <h2>Marketshare membership</h2>
        <p>
          You can cancel your $5.00 monthly membership anytime. Cancelling stops future charges; the month already paid for is not refunded and your benefits
          last until it ends.
        </p>
      </section>
      <section>
        <h2>How refunds are paid</h2>
        <p>
          Refunds go back to the original payment method through Stripe, usually within 5 to 10 business days after we approve them. To start a return, contact
          us with your order number.
        </p>
      </section>
    </PolicyPage>
  );
}

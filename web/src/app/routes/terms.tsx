import { PolicyPage } from './policy-page';

export function TermsPage() {
  return (
    <PolicyPage title="Terms of Service" summary="The agreement between you and Kingdom Marketplace when you use this site.">
      <section>
        <h2>Using the marketplace</h2>
        <p>
          You may browse, listen and buy without an account. Please give accurate details when you order or send us a form, and do not misuse the site, its
          forms or other people&apos;s content.
        </p>
      </section>
      <section>
        <h2>Orders and payment</h2>
        <ul>
          <li>Prices are in US dollars. Sales tax of 8% is added at checkout.</li>
          <li>Shipping is free on orders over $50; otherwise it is $9.99.</li>
          <li>Payments are processed securely by Stripe. An order is confirmed once payment succeeds.</li>
        </ul>
      </section>
      <section>
        <h2>Marketshare membership</h2>
        <ul>
          <li>Membership costs $5.00 per month, billed automatically until you cancel. You can cancel anytime.</li>
          <li>Members receive 5% off all purchases.</li>
          <li>Members earn a $1 commission for each new member who signs up with their referral code.</li>
          <li>Commissions are paid monthly on the 15th.</li>
          <li>Profit bonuses are paid every 6 months and depend on company performance; they are not guaranteed.</li>
        </ul>
      </section>
      <section>
        <h2>Publishing services</h2>
        <p>A publishing inquiry is not a contract. The scope, price and timeline of any publishing work are agreed with you in writing before work begins.</p>
      </section>
      <section>
        <h2>Content</h2>
        <p>
          Podcast episodes, product descriptions and other content on this site belong to Kingdom Marketplace or its creators. You may share links freely;
          please ask before republishing.
        </p>
      </section>
      <section>
        <h2>Changes</h2>
        <p>We may update these terms. The version on this page is the one that applies; significant changes are announced to members by email.</p>
      </section>
    </PolicyPage>
  );
}

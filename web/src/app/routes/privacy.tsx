import { PolicyPage } from './policy-page';

export function PrivacyPage() {
  return (
    <PolicyPage title="Privacy Policy" summary="What we collect, why we collect it, and how we look after it.">
      <section>
        <h2>What we collect</h2>
        <ul>
          <li>Details you give us when you order: name, email, phone and shipping address.</li>
          <li>Details you give us when you join Marketshare: name, email, phone and any referral code.</li>
          <li>What you send through our forms: contact messages, prayer requests and publishing inquiries.</li>
          <li>Your email address when you subscribe to our newsletter or podcast updates.</li>
        </ul>
      </section>
      <section>
        <h2>Payments</h2>
        <p>Card payments are processed by Stripe. Your card details go straight to Stripe; we never see or store your full card number.</p>
      </section>
      <section>
        <h2>How we use it</h2>
        <p>
          We use your information to fulfil orders, run your Marketshare membership (referral codes, commissions and payouts), answer your messages and send the
          emails you asked for. We do not sell or rent your personal information to anyone.
        </p>
      </section>
      <section>
        <h2>Prayer requests</h2>
        <p>Prayer requests are kept confidential. They are shared with our prayer team only when you allow it, and then without your name.</p>
      </section>
      <section>
        <h2>Cookies and local storage</h2>
        <p>We use a session cookie to keep you signed in, and your browser&apos;s local storage to remember your cart. We do not use advertising trackers.</p>
      </section>
      <section>
        <h2>Your choices</h2>
        <p>You can unsubscribe from any email at any time, and you can ask us to show, correct or delete the personal information we hold about you.</p>
      </section>
    </PolicyPage>
  );
}

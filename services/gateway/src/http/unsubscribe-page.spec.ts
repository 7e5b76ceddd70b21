import assert from 'node:assert/strict';
import { renderUnsubscribePage, unsubscribedPage, unsubscribeProblemPage } from './unsubscribe-page';

test('the success page says so and names the address', () => {
  const html = renderUnsubscribePage(unsubscribedPage('lydia@example.com'));
  assert.match(html, /<title>You have been unsubscribed \| Kingdom Marketplace<\/title>/);
  assert.match(html, /<h1>You have been unsubscribed<\/h1>/);
  assert.match(html, /<p>lydia@example\.com will no longer receive the Kingdom Marketplace newsletter\./);
});

test('a refused link gets a title for its status and the message it was refused with, escaped', () => {
  assert.equal(unsubscribeProblemPage(400, 'x').title, 'This unsubscribe link is incomplete');
  assert.equal(unsubscribeProblemPage(404, 'x').title, 'We could not find that subscription');
  assert.equal(unsubscribeProblemPage(503, 'x').title, 'Please try again in a moment');
  const html = renderUnsubscribePage(unsubscribeProblemPage(404, 'No <b>such</b> link'));
  assert.match(html, /<p>No &lt;b&gt;such&lt;\/b&gt; link<\/p>/);
});

test('a page with an action posts to it from a button, escaped, and a refused confirmation link says so', () => {
  const html = renderUnsubscribePage({ status: 200, title: 'Unsubscribe?', message: 'm', action: { label: 'Unsubscribe', url: '/api/x?token=a&b"' } });
  assert.match(html, /<form method="post" action="\/api\/x\?token=a&amp;b&quot;"><button type="submit">Unsubscribe<\/button><\/form>/);
  assert.equal(unsubscribeProblemPage(400, 'x', 'confirmation').title, 'This confirmation link cannot be used');
});

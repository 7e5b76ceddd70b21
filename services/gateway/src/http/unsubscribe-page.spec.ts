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

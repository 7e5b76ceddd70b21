import assert from 'node:assert/strict';
import { escapeHtml, oneLine, renderMail } from './mail-layout';

const content = {
  to: 'ruth@example.com',
  subject: 'Hello',
  greeting: 'Dear Ruth,',
  paragraphs: ['First paragraph.', 'Second paragraph.'],
  details: [['Subject', 'General inquiry']] as [string, string][],
  quotes: [{ label: 'Your message', text: 'Line one\nLine two' }],
  link: { label: 'Unsubscribe', url: 'https://kingdom.example/u?token=a&b' },
  closing: ['Blessings,', 'The team'],
};

test('the plain text has every part in reading order, quotes marked line by line', () => {
  assert.equal(
    renderMail(content).text,
    'Dear Ruth,\n\nFirst paragraph.\n\nSecond paragraph.\n\nSubject: General inquiry\n\nYour message:\n> Line one\n> Line two\n\nUnsubscribe: https://kingdom.example/u?token=a&b\n\nBlessings,\nThe team\n',
  );
});

test('the HTML escapes everything a visitor typed, keeps line breaks and links', () => {
  const mail = renderMail({ ...content, greeting: 'Dear <script>alert(1)</script>,', quotes: [{ label: 'Message', text: '"Quoted" & <b>bold</b>\nnext' }] });
  assert.ok(!mail.html!.includes('<script>'));
  assert.ok(mail.html!.includes('Dear &lt;script&gt;alert(1)&lt;/script&gt;,'));
  assert.ok(mail.html!.includes('&quot;Quoted&quot; &amp; &lt;b&gt;bold&lt;/b&gt;<br>next'));
  assert.ok(mail.html!.includes('<a href="https://kingdom.example/u?token=a&amp;b"'));
});

test('reply-to is set only when given', () => {
  assert.equal('replyTo' in renderMail(content), false);
  assert.equal(renderMail({ ...content, replyTo: 'sender@example.com' }).replyTo, 'sender@example.com');
});

test('subjects are one line and cut to length', () => {
  assert.equal(renderMail({ ...content, subject: 'New message\r\nBcc: victim@example.com' }).subject, 'New message Bcc: victim@example.com');
  assert.equal(oneLine('a'.repeat(20), 10), `${'a'.repeat(9)}…`);
  assert.equal(escapeHtml(`<a href='x'>`), '&lt;a href=&#39;x&#39;&gt;');
});

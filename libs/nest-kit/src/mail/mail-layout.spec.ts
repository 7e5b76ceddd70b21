import assert from 'node:assert/strict';
import { assertMailTemplates } from '../testing/mail-templates';
import {
  button,
  details,
  escapeHtml,
  heading,
  HOSTILE_TEXT,
  lineItems,
  lines,
  markdown,
  oneLine,
  paragraph,
  quote,
  renderMail,
  section,
  type MailMessage,
} from './mail-layout';

const message: MailMessage = {
  to: 'ruth@example.com',
  subject: 'Hello',
  origin: 'https://kingdom.example',
  preheader: 'A short preview',
  reason: 'You are receiving this email because you wrote to us.',
  blocks: [
    paragraph('Dear Ruth,'),
    paragraph('First paragraph.'),
    details([['Subject', 'General inquiry']]),
    quote('Your message', 'Line one\nLine two'),
    button('Open it', 'https://kingdom.example/u?token=a&b'),
    lines('Blessings,', 'The team'),
  ],
};

test('the plain text has every block in reading order, quotes marked line by line, and ends with the footer', () => {
  assert.equal(
    renderMail(message).text,
    'Dear Ruth,\n\nFirst paragraph.\n\nSubject: General inquiry\n\nYour message:\n> Line one\n> Line two\n\nOpen it: https://kingdom.example/u?token=a&b\n\nBlessings,\nThe team\n\n' +
      '-- \nKingdom Marketplace: https://kingdom.example\nYou are receiving this email because you wrote to us.\n',
  );
});

test('the HTML escapes everything a visitor typed, keeps line breaks and links', () => {
  const mail = renderMail({
    ...message,
    blocks: [paragraph('Dear <script>alert(1)</script>,'), quote('Message', '"Quoted" & <b>bold</b>\nnext'), ...message.blocks],
  });
  assert.ok(!mail.html!.includes('<script>'));
  assert.ok(mail.html!.includes('Dear &lt;script&gt;alert(1)&lt;/script&gt;,'));
  assert.ok(mail.html!.includes('&quot;Quoted&quot; &amp; &lt;b&gt;bold&lt;/b&gt;<br>next'));
  assert.ok(mail.html!.includes('<a href="https://kingdom.example/u?token=a&amp;b"'));
});

test('the layout: the brand links to the site, a hidden preheader, a footer saying why, the unsubscribe slot in both parts', () => {
  const plain = renderMail(message);
  assert.match(plain.html!, /<a href="https:\/\/kingdom\.example" [^>]*>.*&nbsp;Kingdom Marketplace<\/a>/);
  assert.match(plain.html!, /<div style="display:none;[^"]*">A short preview/);
  assert.ok(!plain.text.includes('A short preview'));
  assert.ok(plain.html!.includes('You are receiving this email because you wrote to us.'));
  assert.ok(!plain.html!.includes('Unsubscribe'));
  const newsletter = renderMail({ ...message, unsubscribe: { url: 'https://kingdom.example/unsubscribe?token=t&u' } });
  assert.match(newsletter.text, /\nUnsubscribe: https:\/\/kingdom\.example\/unsubscribe\?token=t&u\n$/);
  assert.ok(
    newsletter.html!.includes('<a href="https://kingdom.example/unsubscribe?token=t&amp;u" style="color:#312e81;text-decoration:underline">Unsubscribe</a>'),
  );
  const labelled = renderMail({ ...message, unsubscribe: { url: 'https://kingdom.example/u', label: 'Unsubscribe with one click' } });
  assert.match(labelled.text, /\nUnsubscribe with one click: https:\/\/kingdom\.example\/u\n$/);
});

test('line items read as product lines and totals in the text, and as a table of escaped cells in the HTML', () => {
  const block = lineItems(
    [
      { name: 'Grace Study Bible', quantity: 1, unitPrice: '$20.00', total: '$20.00' },
      { name: 'Cross & Chain', quantity: 3, unitPrice: '$9.99', total: '$29.97' },
    ],
    [
      { label: 'Subtotal', value: '$49.97' },
      { label: 'Member discount (5%)', value: '-$2.50' },
      { label: 'Total', value: '$47.47', grand: true },
    ],
  );
  assert.equal(
    block.text,
    '  1 × Grace Study Bible at $20.00 = $20.00\n  3 × Cross & Chain at $9.99 = $29.97\n\nSubtotal: $49.97\nMember discount (5%): -$2.50\nTotal: $47.47',
  );
  assert.ok(block.html.includes('>Cross &amp; Chain</strong><br><span style="font-size:14px;color:#475569">3 × $9.99</span>'));
  assert.match(block.html, /font-weight:700[^>]*>Total<\/td><td [^>]*font-weight:700[^>]*>\$47\.47<\/td>/);
});

test('a heading and a section keep their words in the text part', () => {
  assert.equal(heading('Thank you!').text, 'Thank you!');
  assert.equal(section('Shipping to', '1 Riverside\nPhilippi').text, 'Shipping to:\n1 Riverside\nPhilippi');
  assert.ok(section('Shipping to', '1 Riverside\nPhilippi').html.includes('1 Riverside<br>Philippi'));
});

test('a link that is not a web or mail address is refused, so no javascript: URL reaches an inbox', () => {
  assert.throws(() => button('Open', 'javascript:alert(1)'), /must be http\(s\) or mailto/);
  assert.throws(() => renderMail({ ...message, origin: 'kingdom.example' }), /must be http\(s\) or mailto/);
});

test('reply-to is set only when given', () => {
  assert.equal('replyTo' in renderMail(message), false);
  assert.equal(renderMail({ ...message, replyTo: 'sender@example.com' }).replyTo, 'sender@example.com');
});

test('subjects are one line and cut to length', () => {
  assert.equal(renderMail({ ...message, subject: 'New message\r\nBcc: victim@example.com' }).subject, 'New message Bcc: victim@example.com');
  assert.equal(oneLine('a'.repeat(20), 10), `${'a'.repeat(9)}…`);
  assert.equal(escapeHtml(`<a href='x'>`), '&lt;a href=&#39;x&#39;&gt;');
});

test('the template check fails on a missing value, a fact not said, or an email outside the layout', () => {
  const ok = { render: () => renderMail({ ...message, blocks: [paragraph(`Hello ${HOSTILE_TEXT}`)] }), facts: ['Hello'] };
  assertMailTemplates({ ok });
  assert.throws(
    () => assertMailTemplates({ bad: { ...ok, render: () => renderMail({ ...message, blocks: [paragraph(`Total: $${Number('x')}`)] }) } }),
    /no missing value/,
  );
  assert.throws(() => assertMailTemplates({ bad: { ...ok, facts: ['KM-1'] } }), /the text part says KM-1/);
  assert.throws(() => assertMailTemplates({ bad: { ...ok, render: () => ({ to: 'a@b.c', subject: 'Hi', text: 'Hi', html: '<p>Hi</p>' }) } }), /in the layout/);
});

test('a one-click unsubscribe adds List-Unsubscribe and List-Unsubscribe-Post (RFC 8058); a plain one adds no header', () => {
  const message = { to: 'a@example.com', subject: 'News', origin: 'https://kingdom.example', preheader: 'p', reason: 'r', blocks: [] };
  const url = 'https://kingdom.example/api/newsletter-subscriptions/unsubscribe?token=abc_-1';
  assert.deepEqual(renderMail({ ...message, unsubscribe: { url, oneClick: true } }).headers, {
    'List-Unsubscribe': `<${url}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  });
  assert.equal(renderMail({ ...message, unsubscribe: { url } }).headers, undefined);
  assert.throws(() => renderMail({ ...message, unsubscribe: { url: 'http://kingdom.example/u', oneClick: true } }), /must be https/);
  assert.throws(() => renderMail({ ...message, unsubscribe: { url: 'https://kingdom.example/u>\r\nBcc: x', oneClick: true } }), /must not contain/);
});

test('markdown: headings, paragraphs, lists, quotes, bold, italic and links rendered by marked, each element with its inline style', () => {
  const blocks = markdown(
    '# News & notes\n\nHello **friends**, read [the shop](/products) or [the site](https://x.example/a?b=1&c=2).\nNext line.\n\n- _one_\n- two\n\n> Quoted\n\n1. first\n2. second',
    'https://kingdom.example',
  );
  const bare = (html: string) => html.replace(/ style="[^"]*"/g, '');
  assert.deepEqual(
    blocks.map((b) => bare(b.html)),
    [
      '<h2>News &amp; notes</h2>',
      '<p>Hello <strong>friends</strong>, read <a href="https://kingdom.example/products">the shop</a> or <a href="https://x.example/a?b=1&amp;c=2" rel="noopener noreferrer nofollow" target="_blank">the site</a>.<br>Next line.</p>',
      '<ul>\n<li><em>one</em></li>\n<li>two</li>\n</ul>',
      '<blockquote>\n<p>Quoted</p>\n</blockquote>',
      '<ol>\n<li>first</li>\n<li>second</li>\n</ol>',
    ],
  );
  assert.deepEqual(
    blocks.map((b) => b.text),
    [
      'News & notes',
      'Hello friends, read the shop (https://kingdom.example/products) or the site (https://x.example/a?b=1&c=2).\nNext line.',
      '- one\n- two',
      '> Quoted',
      '1. first\n2. second',
    ],
  );
  // Inline styles, because mail clients drop stylesheets (ADR 0072).
  assert.match(blocks[0].html, /^<h2 style="margin:0 0 12px;[^"]+">/);
  assert.ok(blocks[1].html.includes('<a href="https://kingdom.example/products" style="color:#312e81;text-decoration:underline">the shop</a>'));
  assert.ok(blocks[1].html.includes('<strong style="font-weight:700">friends</strong>'));
  // The same source renders to the same blocks (a campaign renders its body once for all its recipients).
  assert.equal(markdown('# News & notes', 'https://kingdom.example')[0], markdown('# News & notes', 'https://kingdom.example')[0]);
});

test('markdown: hostile input never survives: scripts, event handlers, raw HTML, styles and javascript:, data: or //host links are removed', () => {
  const hostile = [
    '# Hi <img src=x onerror=alert(1)>',
    '<script>alert("x")</script>',
    'See [click](javascript:alert(1)) [data](data:text/html,hi) [far](//evil.example) **bold**',
    '<a href="javascript:alert(2)">raw link</a> <a href="//evil.example/x">raw far</a> <div style="position:fixed" onclick="steal()">boxed</div>',
    '<iframe src="https://evil.example"></iframe><svg onload=alert(3)><circle/></svg><form action="https://evil.example"><input name=p></form>',
    '[ok](https://kingdom.example/ok "t")',
  ].join('\n\n');
  const blocks = markdown(hostile, 'https://kingdom.example');
  const html = blocks.map((b) => b.html).join('');
  for (const bad of [
    /<script/i,
    /<img/i,
    /onerror/i,
    /onclick/i,
    /onload/i,
    /javascript:/i,
    /data:/i,
    /evil\.example/i,
    /<iframe/i,
    /<svg/i,
    /<form/i,
    /<input/i,
    /<div/i,
    /position:fixed/,
  ])
    assert.doesNotMatch(html, bad);
  assert.deepEqual(
    blocks.map((b) => b.html.replace(/ style="[^"]*"/g, '')),
    [
      '<h2>Hi </h2>',
      '<p>See click data far <strong>bold</strong></p>',
      '<p><a>raw link</a> <a>raw far</a> </p>',
      '<p>boxed</p>',
      '<p><a href="https://kingdom.example/ok" rel="noopener noreferrer nofollow" target="_blank">ok</a></p>',
    ],
  );
  assert.equal(blocks.map((b) => b.text).join('\n'), 'Hi\nSee click data far bold\nraw link raw far\nboxed\nok (https://kingdom.example/ok)');
});

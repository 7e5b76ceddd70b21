import { markdownSanitizer, renderMarkdown } from '@km/contracts/markdown';
import { JSDOM } from 'jsdom';
import assert from 'node:assert/strict';
import { test } from 'node:test';

// The page renders with the browser's DOMPurify; here jsdom's window stands in for it, with the same settings.
const purifier = markdownSanitizer(new JSDOM('').window as unknown as Parameters<typeof markdownSanitizer>[0]);
const render = (markdown: string) => renderMarkdown(markdown, purifier);

test('show notes read paragraphs, line breaks, headings and lists (# is h2: the page title is the h1)', () => {
  assert.equal(
    render('# Topics\n\n- Faith\n- Work\n\nFirst line\nsecond line\r\n\r\n## Last.'),
    '<h2>Topics</h2>\n<ul>\n<li>Faith</li>\n<li>Work</li>\n</ul>\n<p>First line<br>second line</p>\n<h3>Last.</h3>\n',
  );
});

test('bold, italic and safe links become elements; a javascript:, data: or protocol-relative link stays its text', () => {
  assert.equal(
    render('**Big** and *small* and _also_ see [the shop](/products/bible) or [site](https://x.example/a?b=1)'),
    '<p><strong>Big</strong> and <em>small</em> and <em>also</em> see <a href="/products/bible">the shop</a> or ' +
      '<a href="https://x.example/a?b=1" rel="noopener noreferrer nofollow" target="_blank">site</a></p>\n',
  );
  assert.equal(
    render('[click](javascript:alert%281%29) [x](//evil.example) [d](data:text/html,hi) [m](mailto:a@b.c)'),
    '<p>click x d <a href="mailto:a@b.c">m</a></p>\n',
  );
});

test('hostile HTML in the notes is removed: scripts, event handlers, styles, frames and raw links to other places', () => {
  const html = render(
    '<img src=x onerror=alert(1)> <b onclick="x()" style="color:red">kept words</b>\n\n<script>window.__hacked = true</script>\n\n' +
      '<a href="javascript:alert(1)">js</a> <a href="//evil.example">far</a> <iframe src="https://evil.example"></iframe>',
  );
  assert.equal(html, '<p> kept words</p>\n\n\n<p><a>js</a> <a>far</a> </p>\n');
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseInline, parseMarkdown as parseShowNotes, safeHref } from '@km/contracts/common';

test('show notes read paragraphs, line breaks, headings and lists', () => {
  assert.deepEqual(parseShowNotes('# Topics\n\n- Faith\n- Work\n\nFirst line\nsecond line\r\n\r\nLast.'), [
    { type: 'h', level: 2, children: ['Topics'] },
    { type: 'ul', items: [['Faith'], ['Work']] },
    { type: 'p', children: ['First line', { type: 'br' }, 'second line'] },
    { type: 'p', children: ['Last.'] },
  ]);
});

test('bold, italic and safe links become elements; a javascript: or protocol-relative link stays its text', () => {
  assert.deepEqual(parseInline('**Big** and *small* and _also_ see [the shop](/products/bible) or [site](https://x.example/a?b=1)'), [
    { type: 'strong', children: ['Big'] },
    ' and ',
    { type: 'em', children: ['small'] },
    ' and ',
    { type: 'em', children: ['also'] },
    ' see ',
    { type: 'a', href: '/products/bible', children: ['the shop'] },
    ' or ',
    { type: 'a', href: 'https://x.example/a?b=1', children: ['site'] },
  ]);
  assert.deepEqual(parseInline('[click](javascript:alert%281%29) [x](//evil.example) [d](data:text/html,hi)'), ['click', ' ', 'x', ' ', 'd']);
  assert.deepEqual([safeHref('mailto:a@b.c'), safeHref('JavaScript:x'), safeHref('/ok')], ['mailto:a@b.c', null, '/ok']);
});

test('markup in the notes is text, never HTML', () => {
  assert.deepEqual(parseShowNotes('<img src=x onerror=alert(1)> <script>x</script>'), [
    { type: 'p', children: ['<img src=x onerror=alert(1)> <script>x</script>'] },
  ]);
});

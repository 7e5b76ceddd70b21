import { PRAYER_WALL_TEXT_MAX } from '@km/contracts';
import assert from 'node:assert/strict';
import { digestMail, prayedSentence } from './prayer-mails';
import { wallName, wallText } from './prayer-ministry.service';

test('the wall names an author by the first letter of their first name, or "Anonymous"', () => {
  assert.equal(wallName(' ruth', 'initial'), 'R.');
  assert.equal(wallName('Élise', 'initial'), 'É.');
  assert.equal(wallName('Ruth', 'anonymous'), 'Anonymous');
  // Nothing that is not a letter stands for a name.
  assert.equal(wallName('  ', 'initial'), 'Anonymous');
  assert.equal(wallName('<b>', 'initial'), 'Anonymous');
});

test('wall text is cut to its limit on a whole character, with an ellipsis', () => {
  assert.equal(wallText('  Short.  '), 'Short.');
  const cut = wallText('🙏'.repeat(PRAYER_WALL_TEXT_MAX + 5));
  assert.equal(Array.from(cut).length, PRAYER_WALL_TEXT_MAX);
  assert.ok(cut.endsWith('…'));
  assert.equal(wallText('a'.repeat(PRAYER_WALL_TEXT_MAX)).length, PRAYER_WALL_TEXT_MAX);
});

test('the digest says how many prayed, links the requester’s page and one-tap unsubscribe, and escapes nothing it was not given', () => {
  assert.equal(prayedSentence(1), '1 person prayed for your request this week');
  assert.equal(prayedSentence(4), '4 people prayed for your request this week');
  const mail = digestMail(
    'a@example.com',
    'T'.repeat(43),
    [{ requestType: 'family', submittedAt: new Date('2026-11-20T10:00:00Z'), prayedThisWeek: 4 }],
    4,
    'https://k.example',
  );
  assert.equal(mail.subject, 'People are praying for you | Kingdom Marketplace');
  assert.match(mail.text, /Family request of Nov 20, 2026: 4 people prayed for your request this week\./);
  assert.ok(mail.text.includes(`Open your prayer requests: https://k.example/prayer/mine?token=${'T'.repeat(43)}`));
  assert.ok(mail.text.includes(`Unsubscribe in one tap: https://k.example/api/prayer-requests/mine/unsubscribe?token=${'T'.repeat(43)}`));
  assert.ok(mail.html?.includes(`href="https://k.example/prayer/mine?token=${'T'.repeat(43)}"`));
});

test('a digest of several requests counts each person once in its preview: one who prayed for both is one person', () => {
  const lines = [
    { requestType: 'family' as const, submittedAt: new Date('2026-11-20T10:00:00Z'), prayedThisWeek: 2 },
    { requestType: 'health' as const, submittedAt: new Date('2026-11-21T10:00:00Z'), prayedThisWeek: 1 },
  ];
  const mail = digestMail('a@example.com', 'T'.repeat(43), lines, 2, 'https://k.example');
  assert.ok(mail.html?.includes('2 people prayed for your requests this week.'), mail.html);
  assert.match(mail.text, /Family request of Nov 20, 2026: 2 people prayed for your request this week\./);
  assert.match(mail.text, /Health & healing request of Nov 21, 2026: 1 person prayed for your request this week\./);
});

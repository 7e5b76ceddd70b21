import { HOSTILE_TEXT } from '@km/nest-kit/mail';
import assert from 'node:assert/strict';
import { campaignMail } from './campaign-mail';
import { episodeAnnouncement } from './episode-announcement';

const origin = 'https://kingdom.example';

test("an episode's announcement: its title as typed (never markup or a link), a link to listen, the podcast list's one-click unsubscribe", () => {
  const title = `${HOSTILE_TEXT} *not italic* [not a link](javascript:alert(1))`;
  const content = episodeAnnouncement({ title, episodeNumber: 12 });
  assert.equal(content.subject, `New episode 12: ${title.slice(0, 120)}`);
  const mail = campaignMail(content, 'lydia@example.com', 'tok_en-1', origin, 'podcast');
  assert.ok(mail.text.includes(`Episode 12 of the Kingdom Marketplace podcast is out: "${title}".`), mail.text);
  assert.ok(mail.text.includes(`Listen now (${origin}/podcast?episode=12)`));
  assert.ok(mail.html!.includes('&lt;script&gt;alert("x")&lt;/script&gt; O\'Hara &amp; "Sons" *not italic* [not a link](javascript:alert(1))'), mail.html);
  assert.doesNotMatch(mail.html!, /<script|<em>|href="javascript:/);
  assert.ok(mail.text.includes('You are receiving this email because this address is subscribed to the Kingdom Marketplace podcast.'));
  assert.deepEqual(mail.headers, {
    'List-Unsubscribe': `<${origin}/api/podcast-subscriptions/unsubscribe?token=tok_en-1>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  });
});

import { normalisedEmail } from './email-normalisation';

describe('normalisedEmail (one mailbox, however spelt)', () => {
  it('lower-cases every address', () => {
    expect(normalisedEmail('Ruth.Moab@Example.COM')).toBe('ruth.moab@example.com');
  });

  it('removes dots and +tags at gmail.com and treats googlemail.com as gmail.com', () => {
    expect(normalisedEmail('r.u.t.h+marketshare2@gmail.com')).toBe('ruth@gmail.com');
    expect(normalisedEmail('Victim+1@GMail.com')).toBe('victim@gmail.com');
    expect(normalisedEmail('ru.th@googlemail.com')).toBe('ruth@gmail.com');
  });

  it.each([
    'outlook.com',
    'hotmail.com',
    'live.com',
    'msn.com',
    'icloud.com',
    'me.com',
    'mac.com',
    'yahoo.com',
    'fastmail.com',
    'fastmail.fm',
    'proton.me',
    'protonmail.com',
    'pm.me',
  ])('removes +tags but keeps dots at %s', (domain) => {
    expect(normalisedEmail(`Ruth.Moab+second@${domain}`)).toBe(`ruth.moab@${domain}`);
  });

  it('keeps dots and plus signs at other domains, where they may name another mailbox', () => {
    expect(normalisedEmail('ruth.moab+team@example.com')).toBe('ruth.moab+team@example.com');
    expect(normalisedEmail('r.uth@gmail.co.uk')).toBe('r.uth@gmail.co.uk');
  });

  it('leaves a local part that is only a tag as it is, rather than making an empty mailbox', () => {
    expect(normalisedEmail('+x@gmail.com')).toBe('+x@gmail.com');
  });
});

import { assertMailTemplates } from '@km/nest-kit/testing';
import assert from 'node:assert/strict';
import { everyServiceMail, mailTemplatesFile } from './mail-templates';

// ADR 0030: one layout for every email. A service that sends mail (its registry entry needs `mail`) lists every
// email it sends in src/mail/mail-templates.ts; its own spec holds that list to the builders of src/mail.
test("every email of every service renders in the site's layout, with a plain-text part, key facts and free text escaped", async () => {
  const services = await everyServiceMail();
  assert.deepEqual(services.map((s) => s.service).sort(), ['catalog', 'forms', 'identity', 'media', 'membership', 'orders']);
  for (const { service, templates } of services) {
    assert.ok(templates, `${service} sends mail, so ${mailTemplatesFile(service)} exports MAIL_TEMPLATES`);
    assertMailTemplates(templates);
  }
});

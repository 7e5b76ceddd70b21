import { assertEveryMailBuilderListed, assertMailTemplates } from '@km/nest-kit/testing';
import { MAIL_TEMPLATES } from './mail-templates';

// The prayer ministry's mails live beside the prayer code (ADR 0042), which sends them: the mail folder imports prayer, not back.
test("forms's MAIL_TEMPLATES lists every email builder of src/mail and the prayer ministry's", () =>
  assertEveryMailBuilderListed(__dirname, MAIL_TEMPLATES, ['prayer/prayer-mails']));

test("every forms email renders in the site's layout with a text part that says what matters", () => assertMailTemplates(MAIL_TEMPLATES));

import { assertEveryMailBuilderListed, assertMailTemplates } from '@km/nest-kit/testing';
import { MAIL_TEMPLATES } from './mail-templates';

test("catalog's MAIL_TEMPLATES lists every email builder of src/mail", () => assertEveryMailBuilderListed(__dirname, MAIL_TEMPLATES));

test("every catalog email renders in the site's layout with a text part that says what matters", () => assertMailTemplates(MAIL_TEMPLATES));

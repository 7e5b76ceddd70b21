import { assertEveryMailBuilderListed, assertMailTemplates } from '@km/nest-kit/testing';
import { MAIL_TEMPLATES } from './mail-templates';

test("forms's MAIL_TEMPLATES lists every email builder of src/mail", () => assertEveryMailBuilderListed(__dirname, MAIL_TEMPLATES));

test("every forms email renders in the site's layout with a text part that says what matters", () => assertMailTemplates(MAIL_TEMPLATES));

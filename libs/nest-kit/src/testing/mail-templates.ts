import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { escapeHtml, SITE_NAME, type MailTemplates } from '../mail/mail-layout';

/** What a fact of the text part shows in the HTML: each line without the text's `> ` quoting, `Label:` heading or `Label: ` cell. */
const htmlValues = (fact: string) =>
  fact.split('\n').map((line) => {
    const unquoted = line.replace(/^> /, '').replace(/:$/, '');
    const cut = unquoted.indexOf(': ');
    return cut < 0 ? unquoted : unquoted.slice(cut + 2);
  });

/**
 * Renders every template of a service's `MAIL_TEMPLATES` and checks what every email owes its reader (ADR 0030):
 * the layout (brand, footer), a plain-text part with the key facts, free text escaped, no `undefined` or `NaN`.
 */
export function assertMailTemplates(templates: MailTemplates): void {
  assert.ok(Object.keys(templates).length > 0, 'a service that sends mail lists its templates');
  for (const [name, template] of Object.entries(templates)) {
    const mail = template.render();
    const html = mail.html ?? '';
    assert.ok(mail.subject.trim() && !/[\r\n]/.test(mail.subject), `${name}: a one-line subject`);
    assert.match(mail.to, /@/, `${name}: an address`);
    assert.ok(html.includes(`&nbsp;${SITE_NAME}</a>`) && html.includes('max-width:600px'), `${name}: the HTML is in the layout (brand header)`);
    assert.ok(html.includes('class="km-foot"'), `${name}: the HTML has the footer`);
    assert.match(mail.text, new RegExp(`\\n-- \\n${SITE_NAME}: https?://`), `${name}: the text part ends with the footer`);
    assert.ok(mail.text.split('\n-- \n')[0].trim().length > 0, `${name}: the text part has a body`);
    for (const part of [mail.subject, mail.text, html])
      assert.doesNotMatch(part, /\bundefined\b|\bNaN\b|\bnull\b|\[object /, `${name}: no missing value in ${part.slice(0, 60)}`);
    for (const fact of template.facts) {
      assert.ok(mail.text.includes(fact), `${name}: the text part says ${fact}`);
      for (const value of htmlValues(fact)) assert.ok(html.includes(escapeHtml(value)), `${name}: the HTML says ${value}`);
    }
    assert.ok(!/<script/i.test(html) && !html.includes(`"Sons"`), `${name}: free text is escaped in the HTML`);
    if (mail.text.includes('<script>'))
      assert.ok(html.includes('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#39;Hara'), `${name}: shows free text escaped`);
  }
}

/**
 * Every function a service's `src/mail/` folder exports whose name ends in `Mail` or `Mails` is a template and has an
 * entry in `MAIL_TEMPLATES` (named as it, or `name.variant` for one of the emails it returns), and every entry
 * names such a function: a new email cannot be forgotten. `mailDir` is the spec's `__dirname` in `dist/src/mail`.
 * `elsewhere`: template modules that live beside the code that sends them instead (paths under `src/`, no extension,
 * e.g. `prayer/prayer-mails`, where a folder of their own keeps the service's folders importing one way), held to the same rule.
 */
export async function assertEveryMailBuilderListed(mailDir: string, templates: MailTemplates, elsewhere: string[] = []): Promise<void> {
  const sourceDir = path.resolve(mailDir, '../../../src/mail');
  // Only modules whose source still exists: dist/ can hold the output of a deleted file.
  const modules = readdirSync(mailDir).filter(
    (file) => file.endsWith('.js') && !file.endsWith('.spec.js') && existsSync(path.join(sourceDir, file.replace(/\.js$/, '.ts'))),
  );
  const files = [...modules.map((file) => path.join(mailDir, file)), ...elsewhere.map((module) => path.resolve(mailDir, '..', `${module}.js`))];
  const exported = await Promise.all(files.map(async (file) => Object.entries((await import(file)) as Record<string, unknown>)));
  const builders = exported.flat().flatMap(([name, value]) => (typeof value === 'function' && /Mails?$/.test(name) ? [name] : []));
  const listed = new Set(Object.keys(templates).map((key) => key.split('.')[0]));
  assert.deepEqual([...new Set(builders)].sort(), [...listed].sort(), 'MAIL_TEMPLATES lists every mail builder of src/mail, and only those');
}

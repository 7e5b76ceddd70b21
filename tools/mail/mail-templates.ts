import type { MailTemplates } from '@km/nest-kit/mail';
import { hasNeed, SERVICES } from '@km/registry';
import { existsSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/** Where a service keeps the list of its emails with sample data (ADR 0030). */
export const mailTemplatesFile = (service: string) => path.join(ROOT, 'services', service, 'src', 'mail', 'mail-templates.ts');

/** Every service the registry says sends mail, with its `MAIL_TEMPLATES` (undefined when the service has none). */
export async function everyServiceMail(): Promise<{ service: string; templates: MailTemplates | undefined }[]> {
  const senders = SERVICES.filter((s) => hasNeed(s, 'mail')).map((s) => s.name);
  return Promise.all(
    senders.map(async (service) => {
      const file = mailTemplatesFile(service);
      const templates = existsSync(file) ? ((await import(file)) as { MAIL_TEMPLATES: MailTemplates }).MAIL_TEMPLATES : undefined;
      return { service, templates };
    }),
  );
}

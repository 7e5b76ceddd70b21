/**
 * Writes every email of every service, rendered with its sample data, to a folder to look at (ADR 0030):
 * `npx tsx tools/mail/preview.ts /tmp/mail-preview [--screenshots]` writes <service>-<template>.html and .txt, and
 * with --screenshots a PNG of each at 1024 and 375 pixels wide in Debian's Chromium (CHROMIUM_PATH to use another).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { everyServiceMail } from './mail-templates';

const [dir = '/tmp/mail-preview', ...flags] = process.argv.slice(2);
const WIDTHS = { desktop: 1024, phone: 375 } as const;

async function main() {
  mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  for (const { service, templates } of await everyServiceMail())
    for (const [name, template] of Object.entries(templates ?? {})) {
      const mail = template.render();
      const base = path.join(dir, `${service}-${name.replace('.', '-')}`);
      writeFileSync(`${base}.html`, mail.html ?? '');
      writeFileSync(`${base}.txt`, `Subject: ${mail.subject}\n\n${mail.text}`);
      files.push(base);
    }
  if (flags.includes('--screenshots')) {
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
    try {
      for (const [label, width] of Object.entries(WIDTHS)) {
        const page = await browser.newPage({ viewport: { width, height: 800 } });
        for (const base of files) {
          await page.goto(`file://${base}.html`);
          await page.screenshot({ path: `${base}-${label}.png`, fullPage: true });
        }
        await page.close();
      }
    } finally {
      await browser.close();
    }
  }
  console.log(`${files.length} emails written to ${dir}`);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

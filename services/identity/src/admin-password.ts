// Sets the admin's password and signs the admin out everywhere. Runs in the identity image against identity's
// database (README, "Production"):
//   printf '%s' "$NEW" | docker compose exec -T identity node services/identity/dist/src/admin-password.js
// The new password comes from NEW_ADMIN_PASSWORD or stdin (a hidden prompt on a terminal), never from argv.
// With --reset-totp it removes the admin's second factor instead (a lost phone) and changes no password; the next
// sign-in asks the admin to enrol again. Either way every session of the admin is revoked.
import 'reflect-metadata';
import { exitOnStartupFailure, postgresOptions } from '@km/nest-kit';
import { DataSource } from 'typeorm';
import { loadAdminPasswordConfig } from './config';
import { Session } from './sessions/session.entity';
import { resetAdminTotp, rotateAdminPassword } from './rotate-admin-password';
import { User } from './users/user.entity';

/** Reads one line without echoing it. */
function promptHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    let typed = '';
    process.stderr.write(question);
    stdin.setRawMode(true);
    stdin.setEncoding('utf8');
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return done();
        if (char === '\u0003') return done(new Error('cancelled'));
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else typed += char;
      }
    };
    const done = (error?: Error) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    stdin.on('data', onData);
    stdin.resume();
  });
}

async function readPiped(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  // `echo` and here-strings add a line break that is not part of the password.
  return text.replace(/\r?\n$/, '');
}

async function newPassword(fromEnv: string | undefined, username: string): Promise<string> {
  if (fromEnv !== undefined) return fromEnv;
  if (!process.stdin.isTTY) return readPiped();
  const first = await promptHidden(`New password for admin "${username}": `);
  const again = await promptHidden('Again: ');
  if (first !== again) throw new Error('the two passwords differ; nothing was changed');
  return first;
}

async function main() {
  const config = loadAdminPasswordConfig();
  const unknown = process.argv.slice(2).filter((arg) => arg !== '--reset-totp');
  if (unknown.length > 0) throw new Error(`unknown argument ${unknown[0]} (the only one is --reset-totp)`);
  if (process.argv.includes('--reset-totp')) return resetTotp(config.DATABASE_URL, config.ADMIN_USERNAME);
  const password = await newPassword(config.NEW_ADMIN_PASSWORD, config.ADMIN_USERNAME);
  // No migrations here: the running service owns the schema.
  const dataSource = await new DataSource(postgresOptions({ url: config.DATABASE_URL, entities: [User, Session], migrations: [] })).initialize();
  try {
    const result = await rotateAdminPassword(dataSource, config.ADMIN_USERNAME, password);
    console.log(`Changed the password of admin "${result.username}" and revoked ${result.revokedSessions} open session(s).`);
  } finally {
    await dataSource.destroy();
  }
}

async function resetTotp(url: string, username: string) {
  const dataSource = await new DataSource(postgresOptions({ url, entities: [User, Session], migrations: [] })).initialize();
  try {
    const result = await resetAdminTotp(dataSource, username);
    console.log(
      `Removed the two-factor authentication of admin "${result.username}" and revoked ${result.revokedSessions} open session(s); the next sign-in sets it up again.`,
    );
  } finally {
    await dataSource.destroy();
  }
}

main().catch(exitOnStartupFailure('admin-password'));

/**
 * The local and test stacks' mail catcher: MailDev (its SMTP server and web API, as `maildev` on the command line),
 * which also refuses chosen addresses the way a real receiving server does, in SMTP's own replies to RCPT TO, so the
 * bounce handling of the newsletter is tested against the protocol (ADR 0072):
 *
 * - `bounce+<anything>@<domain>`: `550 5.1.1` every time (the mailbox does not exist: a permanent failure);
 * - `tempfail+<anything>@<domain>`: `451 4.2.1` the first time the address is offered, accepted after (greylisting).
 *
 * Usage: tsx tools/mail/catcher.ts --smtp <port> --ip <ip> --web <port> --web-ip <ip> --mail-directory <dir>
 */
import { parseArgs } from 'node:util';

export type RcptVerdict = { accept: true } | { accept: false; code: number; message: string };

/** What the catcher answers to `RCPT TO:<address>`; `offered` counts earlier offers of the same address. */
export function rcptVerdict(address: string, offered: number): RcptVerdict {
  const local = address.split('@')[0].toLowerCase();
  if (local.startsWith('bounce+'))
    return { accept: false, code: 550, message: `5.1.1 <${address}>: Recipient address rejected: User unknown in virtual mailbox table` };
  if (local.startsWith('tempfail+') && offered === 0)
    return { accept: false, code: 451, message: `4.2.1 <${address}>: Recipient address rejected: Greylisted, try again later` };
  return { accept: true };
}

interface SmtpServerLib {
  onRcptTo: (address: { address: string }, session: unknown, callback: (error?: Error) => void) => void;
}

async function main() {
  const { values } = parseArgs({
    options: {
      smtp: { type: 'string' },
      ip: { type: 'string', default: '127.0.0.1' },
      web: { type: 'string' },
      'web-ip': { type: 'string', default: '127.0.0.1' },
      'mail-directory': { type: 'string' },
    },
  });
  const { MailDev } = await import('maildev');
  const maildev = new MailDev({
    smtp: Number(values.smtp),
    ip: values.ip,
    web: Number(values.web),
    webIp: values['web-ip'],
    ...(values['mail-directory'] ? { mailDirectory: values['mail-directory'] } : {}),
  });
  const servers = await maildev.start();
  // MailDev's SMTP server wraps smtp-server's, whose RCPT handler is the one hook a receiving server decides with.
  const inner = (servers.smtp as unknown as { smtp?: SmtpServerLib }).smtp;
  if (!inner || typeof inner.onRcptTo !== 'function') throw new Error('MailDev no longer exposes its smtp-server: the catcher cannot refuse addresses');
  const offers = new Map<string, number>();
  inner.onRcptTo = (address, _session, callback) => {
    const key = address.address.toLowerCase();
    const verdict = rcptVerdict(address.address, offers.get(key) ?? 0);
    offers.set(key, (offers.get(key) ?? 0) + 1);
    if (verdict.accept) return callback();
    callback(Object.assign(new Error(verdict.message), { responseCode: verdict.code }));
  };
  console.log(`mail catcher: SMTP on ${values.ip}:${values.smtp}, web on ${values['web-ip']}:${values.web}; bounce+… refused 550, tempfail+… 451 once`);
  const stop = () => void maildev.stop().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

if (require.main === module)
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });

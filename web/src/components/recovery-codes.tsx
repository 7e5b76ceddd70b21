import { Check, Copy, Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

/** Ten single-use recovery codes, shown once: the admin copies or downloads them before going on. */
export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const [copied, setCopied] = useState(false);
  const text = `Kingdom Marketplace admin recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  async function copy() {
    await navigator.clipboard.writeText(text);
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  }
  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'kingdom-marketplace-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  }
  return (
    <section aria-labelledby="recovery-codes-heading" className="grid gap-3">
      <h3 id="recovery-codes-heading" className="font-semibold text-slate-900">
        Your recovery codes
      </h3>
      <p className="text-sm text-slate-700">Keep these somewhere safe. Each one signs you in once if you lose your phone. They are shown only now.</p>
      <ul
        aria-label="Recovery codes"
        data-testid="recovery-codes"
        className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-3 font-mono text-sm text-slate-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => void copy()}>
          {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          {copied ? 'Copied' : 'Copy codes'}
        </Button>
        <Button variant="outline" size="sm" onClick={download}>
          <Download className="size-4" aria-hidden />
          Download codes
        </Button>
      </div>
    </section>
  );
}

/** The secret of a new TOTP enrolment: a QR code to scan and the same secret as text for typing in. */
export function TotpSecret({ qrCodeDataUrl, secret }: { qrCodeDataUrl: string; secret: string }) {
  return (
    <div className="grid gap-3">
      <p className="text-sm text-slate-700">
        Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy, …), then enter the 6-digit code it shows.
      </p>
      <img
        src={qrCodeDataUrl}
        alt="QR code to add this account to an authenticator app"
        width={176}
        height={176}
        className="rounded-md border border-slate-200 bg-white"
      />
      <p className="text-sm text-slate-700">
        Or type this key into the app:{' '}
        <code data-testid="totp-secret" className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-sm break-all text-slate-900">
          {secret}
        </code>
      </p>
    </div>
  );
}

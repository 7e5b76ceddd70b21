import { CheckCircle2, LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { serverMessage } from '@/lib/api-client';
import { useVerifyEmail } from '../api/verify-email';

/**
 * /verify-email#token=…: the link mailed after registering. The token is in the fragment (never in a server log or a
 * Referer) and is used by a POST, so a mail scanner that fetches the link confirms nothing.
 */
export function VerifyEmailPage() {
  const verify = useVerifyEmail();
  const started = useRef(false);
  const [token] = useState(() => /^#token=(.+)$/.exec(window.location.hash)?.[1]);
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    window.history.replaceState(null, '', window.location.pathname);
    verify.mutate(decodeURIComponent(token));
  }, [token, verify]);

  return (
    <div className="mx-auto min-h-[60svh] max-w-md px-4 py-14">
      <h1 className="font-serif text-3xl font-bold text-indigo-950">Confirm your email address</h1>
      {verify.isSuccess ? (
        <p role="status" className="mt-6 flex items-start gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-emerald-900">
          <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden /> Thank you: your email address is confirmed.
        </p>
      ) : verify.isError || !token ? (
        <p role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
          {(verify.isError && serverMessage(verify.error)) || 'This confirmation link is incomplete. Open the link from the email again.'}
        </p>
      ) : (
        <p role="status" className="mt-6 flex items-center gap-3 text-slate-700">
          <LoaderCircle className="size-5 animate-spin text-indigo-700" aria-hidden /> Confirming your email address...
        </p>
      )}
      <Link to="/" className={`${buttonClasses('outline', 'lg')} mt-8`}>
        Back to Home
      </Link>
    </div>
  );
}

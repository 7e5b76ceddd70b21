import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/components/toast/use-toast';
import { Button } from '@/components/ui/button';
import { serverMessage } from '@/lib/api-client';
import { useSubscribeNewsletter } from '../api/subscribe-newsletter';

export function NewsletterForm() {
  const emailId = useId();
  const [email, setEmail] = useState('');
  // Double opt-in (ADR 0055): the toast stays the spec's; the form adds where the confirmation went.
  const [sentTo, setSentTo] = useState<string | null>(null);
  const subscribe = useSubscribeNewsletter();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = email.trim();
    // Spec §5: the only rule is "non-empty and contains an at sign"; the browser's stricter check is off.
    if (!trimmed || !trimmed.includes('@')) {
      toast({ title: 'Invalid email', description: 'Please enter a valid email address.', variant: 'destructive' });
      return;
    }
    subscribe.mutate(
      { email: trimmed },
      {
        onSuccess: () => {
          setSentTo(trimmed);
          setEmail('');
          toast({
            title: 'Successfully subscribed!',
            description: 'Thank you for subscribing to our newsletter.',
            variant: 'success',
          });
        },
        onError: (error) => {
          toast({
            title: 'Subscription failed',
            // The server's own sentence when it sent one; never the raw "<status>: <body>" text.
            description: serverMessage(error) ?? 'Please try again later.',
            variant: 'destructive',
          });
        },
      },
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-2">
      <label htmlFor={emailId} className="sr-only">
        Email address
      </label>
      <div className="flex gap-2">
        <input
          id={emailId}
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          className="h-10 min-w-0 flex-1 rounded-md border border-indigo-700 bg-indigo-900 px-3 text-sm text-white placeholder:text-indigo-300 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-amber-400"
        />
        <Button type="submit" variant="accent" disabled={subscribe.isPending}>
          {subscribe.isPending ? 'Subscribing...' : 'Subscribe'}
        </Button>
      </div>
      <p role="status" className="text-sm text-indigo-100">
        {sentTo ? `Check your inbox: we sent a link to ${sentTo} to confirm your subscription.` : ''}
      </p>
    </form>
  );
}

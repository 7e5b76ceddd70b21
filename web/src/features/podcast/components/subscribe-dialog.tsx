import { Bell } from 'lucide-react';
import { useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { toast } from '@/components/toast/use-toast';
import { Button } from '@/components/ui/button';
import { DialogFrame, DialogHeading } from '@/components/ui/dialog-frame';
import { inputClasses } from '@/components/ui/field';
import { CheckboxField, FormField, SelectOptions } from '@/components/ui/form-field';
import { useSubscribeToPodcast } from '../api/subscribe';
import { FollowInYourApp } from './follow-in-your-app';
import { PODCAST_HOW_HEARD_OPTIONS, PODCAST_INTEREST_OPTIONS, PODCAST_PREFERRED_FORMAT_OPTIONS, subscriptionFailureMessage } from '../podcast';

/** Spec §3 Podcast subscription: firstName and email required (§5), toasts of §8. */
interface SubscribeDialogProps {
  /** The element that opens the dialog; omit it to control the dialog with open/onOpenChange. */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Where focus goes back when the dialog closes, when it has no trigger (Radix returns it to the trigger). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

export function SubscribeDialog({ trigger, open: controlledOpen, onOpenChange, returnFocusTo }: SubscribeDialogProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(false);
  const open = controlledOpen ?? uncontrolledOpen;
  const setOpen = onOpenChange ?? setUncontrolledOpen;
  const subscribe = useSubscribeToPodcast();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    subscribe.mutate(
      {
        firstName: text('firstName'),
        lastName: text('lastName'),
        email: text('email'),
        phone: text('phone'),
        preferredFormat: text('preferredFormat') || 'email',
        interests: data.getAll('interests').map(String),
        howHeardAboutUs: text('howHeardAboutUs'),
        wantsNewsletter: data.get('wantsNewsletter') === 'on',
      },
      {
        onSuccess: () => {
          toast({ title: 'Successfully subscribed', description: 'Thank you for subscribing to the Kingdom Marketplace podcast.', variant: 'success' });
          setOpen(false);
        },
        onError: (error) => toast({ title: 'Subscription failed', description: subscriptionFailureMessage(error), variant: 'destructive' }),
      },
    );
  }

  return (
    <DialogFrame open={open} onOpenChange={setOpen} trigger={trigger} returnFocusTo={returnFocusTo} className="max-w-lg">
      <DialogHeading
        icon={<Bell className="size-5" aria-hidden />}
        iconClassName="bg-amber-100 text-amber-700"
        title="Subscribe to the Podcast"
        description="Get an email whenever a new episode is published."
      />
      <form onSubmit={handleSubmit} className="grid gap-4 sm:grid-cols-2">
        <FormField label="First Name" required>
          {({ id }) => <input id={id} name="firstName" required maxLength={100} autoComplete="given-name" className={inputClasses} />}
        </FormField>
        <FormField label="Last Name">
          {({ id }) => <input id={id} name="lastName" maxLength={100} autoComplete="family-name" className={inputClasses} />}
        </FormField>
        <FormField label="Email" required>
          {({ id }) => <input id={id} name="email" type="email" required maxLength={254} autoComplete="email" className={inputClasses} />}
        </FormField>
        <FormField label="Phone">{({ id }) => <input id={id} name="phone" type="tel" maxLength={40} autoComplete="tel" className={inputClasses} />}</FormField>
        <fieldset className="grid gap-2 sm:col-span-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">Preferred Format</legend>
          <div className="flex flex-wrap gap-4">
            {PODCAST_PREFERRED_FORMAT_OPTIONS.map((option) => (
              <label key={option.value} className="flex items-center gap-2 text-sm text-slate-800">
                <input type="radio" name="preferredFormat" value={option.value} defaultChecked={option.value === 'email'} className="accent-indigo-800" />
                {option.label}
              </label>
            ))}
          </div>
          <p className="text-xs text-slate-500">SMS updates are not sent yet: we keep your choice and will text you once they start.</p>
        </fieldset>
        <fieldset className="grid gap-2 sm:col-span-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">Interests</legend>
          <div className="flex flex-wrap gap-4">
            {PODCAST_INTEREST_OPTIONS.map((option) => (
              <CheckboxField key={option.value} name="interests" value={option.value} label={option.label} />
            ))}
          </div>
        </fieldset>
        <FormField label="How did you hear about us?" className="sm:col-span-2">
          {({ id }) => (
            <select id={id} name="howHeardAboutUs" defaultValue="" className={inputClasses}>
              <SelectOptions options={PODCAST_HOW_HEARD_OPTIONS} placeholder="Select an option" />
            </select>
          )}
        </FormField>
        <CheckboxField name="wantsNewsletter" label="Also send me the Kingdom Marketplace newsletter" className="sm:col-span-2" />
        <Button type="submit" disabled={subscribe.isPending} className="w-full sm:col-span-2">
          {subscribe.isPending ? 'Subscribing...' : 'Subscribe'}
        </Button>
      </form>
      <FollowInYourApp />
    </DialogFrame>
  );
}

import type { PrayerWallCard } from '@km/contracts';
import { Flag } from 'lucide-react';
import type { RefObject } from 'react';
import { toast } from '@/components/toast/use-toast';
import { Button } from '@/components/ui/button';
import { DialogFrame, DialogHeading } from '@/components/ui/dialog-frame';
import { serverMessage } from '@/lib/api-client';
import { useFlagPrayerRequest } from '../api/pray-for-request';

interface ReportPrayerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
  card: PrayerWallCard;
}

/** "Report this request?" for a card of the prayer wall: loaded at the first sign of use (prayer-wall-page.tsx). */
export function ReportPrayerDialog({ open, onOpenChange, returnFocusTo, card }: ReportPrayerDialogProps) {
  const flag = useFlagPrayerRequest();
  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} role="alertdialog" className="max-w-md" returnFocusTo={returnFocusTo}>
      <DialogHeading
        icon={<Flag className="size-5" aria-hidden />}
        iconClassName="bg-red-100 text-red-700"
        title="Report this request?"
        description="It leaves the wall until our team has looked at it again."
      />
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button
          variant="destructive"
          disabled={flag.isPending}
          // mutateAsync, not mutate's callbacks: a report takes the card off the wall, which unmounts this dialog with
          // it, and TanStack Query drops the callbacks of an unmounted caller (the thanks was then never shown).
          onClick={() =>
            flag.mutateAsync(card.id).then(
              () => {
                onOpenChange(false);
                toast({ title: 'Thank you', description: 'The request is hidden until our team looks at it.', variant: 'success' });
              },
              (error: unknown) => toast({ title: 'Could not report it', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' }),
            )
          }
        >
          Report
        </Button>
      </div>
    </DialogFrame>
  );
}

import * as Dialog from '@radix-ui/react-dialog';
import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';
import { DialogFrame } from './dialog-frame';

interface ConfirmDeleteDialogProps {
  open: boolean;
  title: ReactNode;
  /** What goes, and that it cannot be undone. */
  description: ReactNode;
  /** The destructive button's label; "Deleting..." while `pending`. */
  confirmLabel?: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** The confirm step before an admin deletes something: an alert dialog closed by Cancel or by the deletion. */
export function ConfirmDeleteDialog({ open, title, description, confirmLabel = 'Delete', pending, onConfirm, onClose }: ConfirmDeleteDialogProps) {
  return (
    <DialogFrame open={open} onOpenChange={(next) => !next && !pending && onClose()} role="alertdialog" className="max-w-md">
      <div className="flex gap-4">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-red-100 text-red-700">
          <TriangleAlert className="size-5" aria-hidden />
        </span>
        <div className="grid gap-2">
          <Dialog.Title className="text-lg font-bold text-slate-900">{title}</Dialog.Title>
          <Dialog.Description className="text-sm text-slate-600">{description}</Dialog.Description>
        </div>
      </div>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Dialog.Close asChild>
          <Button variant="outline" disabled={pending}>
            Cancel
          </Button>
        </Dialog.Close>
        <Button variant="destructive" onClick={onConfirm} disabled={pending}>
          {pending ? 'Deleting...' : confirmLabel}
        </Button>
      </div>
    </DialogFrame>
  );
}

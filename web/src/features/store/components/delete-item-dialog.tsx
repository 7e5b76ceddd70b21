import * as Dialog from '@radix-ui/react-dialog';
import { TriangleAlert } from 'lucide-react';
import { toast } from '@/components/toast/use-toast';
import { Button } from '@/components/ui/button';
import { DialogFrame } from '@/components/ui/dialog-frame';
import { useDeleteCatalogItem } from '../api/delete-catalog-item';
import { KIND_LABELS, type CatalogItem } from '../catalog';

interface DeleteItemDialogProps {
  /** The item awaiting confirmation; null closes the dialog. */
  item: CatalogItem | null;
  onClose: () => void;
  onDeleted: (item: CatalogItem) => void;
}

// Spec §8 words the two failures differently.
const DELETE_FAILED = {
  product: { title: 'Error', description: 'Failed to delete product' },
  service: { title: 'Failed to delete service. Please try again.' },
} as const;

/** The confirm step before an admin deletes a product or service. */
export function DeleteItemDialog({ item, onClose, onDeleted }: DeleteItemDialogProps) {
  const remove = useDeleteCatalogItem();

  function handleConfirm() {
    if (!item) return;
    remove.mutate(
      { kind: item.kind, id: item.id },
      {
        onSuccess: () => {
          toast({ title: `${KIND_LABELS[item.kind].one} deleted`, variant: 'success' });
          onDeleted(item);
          onClose();
        },
        onError: () => {
          toast({ ...DELETE_FAILED[item.kind], variant: 'destructive' });
          onClose();
        },
      },
    );
  }

  const noun = item ? KIND_LABELS[item.kind].one.toLowerCase() : '';

  return (
    <DialogFrame open={item !== null} onOpenChange={(open) => !open && !remove.isPending && onClose()} role="alertdialog" className="max-w-md">
      <div className="flex gap-4">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-red-100 text-red-700">
          <TriangleAlert className="size-5" aria-hidden />
        </span>
        <div className="grid gap-2">
          <Dialog.Title className="text-lg font-bold text-slate-900">Delete this {noun}?</Dialog.Title>
          <Dialog.Description className="text-sm text-slate-600">“{item?.name}” will be removed from the store. This cannot be undone.</Dialog.Description>
        </div>
      </div>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Dialog.Close asChild>
          <Button variant="outline" disabled={remove.isPending}>
            Cancel
          </Button>
        </Dialog.Close>
        <Button variant="destructive" onClick={handleConfirm} disabled={remove.isPending}>
          {remove.isPending ? 'Deleting...' : 'Delete'}
        </Button>
      </div>
    </DialogFrame>
  );
}

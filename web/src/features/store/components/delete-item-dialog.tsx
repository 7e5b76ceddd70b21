import { toast } from '@/components/toast/use-toast';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
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
    <ConfirmDeleteDialog
      open={item !== null}
      title={`Delete this ${noun}?`}
      description={`“${item?.name}” will be removed from the store. This cannot be undone.`}
      pending={remove.isPending}
      onConfirm={handleConfirm}
      onClose={onClose}
    />
  );
}

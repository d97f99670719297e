import { Button, Dialog } from '@logbook/ui/shared';

export interface DiscardDriveDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDiscard: () => void;
}

/** Discarding a drive cannot be undone: asked first. */
export function DiscardDriveDialog({ open, onOpenChange, onDiscard }: DiscardDriveDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="sm"
      title="Discard this drive?"
      description="The times and suburbs recorded for it are forgotten and nothing is logged."
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Keep the drive
          </Button>
          <Button variant="destructive" onClick={onDiscard}>
            Discard drive
          </Button>
        </>
      }
    />
  );
}

import { FileUp } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';
import { ImportFlow } from './import-flow';

/** The "Import CSV" button and its dialog. */
export function ImportCsvDialog({ personaId, personaName }: { personaId: number; personaName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" variant="secondary" onClick={() => setOpen(true)}>
        <FileUp className="h-4 w-4" aria-hidden />
        Import CSV
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Import prospects from CSV"
        description={`Prospects are added to “${personaName}”. A row with the email or LinkedIn URL of an existing prospect updates it.`}
        className="max-w-3xl"
      >
        {open ? <ImportFlow personaId={personaId} onClose={() => setOpen(false)} /> : null}
      </Dialog>
    </>
  );
}

import { FileUp } from 'lucide-react';
import { useId, useState } from 'react';
import {
  CUSTOMER_IMPORT_FIELDS,
  importMapping,
  type CustomerImportField,
  type ImportMapping,
  type ImportPreview,
  type ImportResult,
} from '@contracts/customer-import';
import { nl } from '@contracts/messages';
import { FormField } from '@web/components/form-field';
import { PendingButton } from '@web/components/pending-button';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { toast } from '@web/components/ui/use-toast';
import { describeError } from '@web/lib/api-client';
import { fill } from '@web/lib/fill-message';
import { usePreviewImport, useRunImport } from '../api/import-customers';

const t = nl.customersUi;
const NONE = 'none';

/**
 * 'Importeren' (customers.manage): a CSV file, its columns matched to the fields (the server's
 * suggestion first), a dry run that counts and refuses exactly like the real one, then the import.
 */
export function ImportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-xl">
        {open && <ImportSteps onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function ImportSteps({ onDone }: { onDone: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [result, setResult] = useState<ImportResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const read = usePreviewImport({
    onSuccess: (answer) => {
      setPreview(answer);
      setMapping(answer.suggested);
    },
    onError: (error) => setProblem(describeError(error)),
  });
  const run = useRunImport({
    onSuccess: (answer) => {
      setResult(answer);
      if (!answer.dryRun) toast({ title: t.importDone, description: resultText(answer) });
    },
    onError: (error) => {
      setProblem(describeError(error));
      toast({ variant: 'destructive', title: t.importFailed, description: describeError(error) });
    },
  });
  const start = (dryRun: boolean) => {
    setProblem(null);
    const parsed = importMapping.safeParse(mapping);
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? null);
    if (file) run.mutate({ file, mapping: parsed.data, dryRun });
  };
  const again = () => {
    setPreview(null);
    setResult(null);
    setProblem(null);
    setFile(null);
  };

  return (
    <div className="grid gap-5">
      <DialogHeader>
        <DialogTitle>{t.importTitle}</DialogTitle>
        <DialogDescription>{t.importText}</DialogDescription>
      </DialogHeader>
      {!preview ? (
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            setProblem(null);
            if (!file) return setProblem(nl.customerImport.fileRequired);
            read.mutate(file);
          }}
        >
          <FormField label={t.importFile} hint={t.importFileHint} error={problem ?? undefined}>
            {(props) => (
              <Input
                {...props}
                type="file"
                accept=".csv,text/csv"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              />
            )}
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onDone}>
              {t.cancel}
            </Button>
            <PendingButton
              type="submit"
              pending={read.isPending}
              pendingLabel={t.importReading}
              icon={<FileUp aria-hidden="true" />}
            >
              {t.importRead}
            </PendingButton>
          </DialogFooter>
        </form>
      ) : (
        <>
          <fieldset className="grid min-w-0 gap-3">
            <legend className="mb-1 text-sm font-semibold">{t.importMappingTitle}</legend>
            <p className="text-sm text-muted-foreground">
              {fill(t.importMappingText, { rows: preview.totalRows })}
            </p>
            <div className="grid gap-3 sm:grid-cols-2">
              {CUSTOMER_IMPORT_FIELDS.map((field) => (
                <ColumnSelect
                  key={field}
                  field={field}
                  preview={preview}
                  value={mapping[field]}
                  onChange={(column) => {
                    setResult(null);
                    setMapping((m) => ({ ...m, [field]: column }));
                  }}
                />
              ))}
            </div>
          </fieldset>
          {problem && (
            <p role="alert" className="text-sm font-medium text-destructive-text">
              {problem}
            </p>
          )}
          <div role="status" className="grid gap-2">
            {result && (
              <>
                <p className="rounded-md border bg-muted/40 p-3 text-sm">{resultText(result)}</p>
                {result.refused.length > 0 && (
                  <section aria-labelledby="import-refused" className="grid gap-1 text-sm">
                    <h3 id="import-refused" className="font-semibold">
                      {t.importRefusedTitle}
                    </h3>
                    <ul className="grid max-h-40 gap-0.5 overflow-y-auto text-muted-foreground">
                      {result.refused.slice(0, 100).map((r) => (
                        <li key={`${r.row}-${r.code}`}>
                          {fill(t.importRefusedRow, { row: r.row, reason: r.reason })}
                        </li>
                      ))}
                    </ul>
                  </section>
                )}
              </>
            )}
          </div>
          <DialogFooter>
            {result && !result.dryRun ? (
              <Button type="button" onClick={onDone}>
                {t.close}
              </Button>
            ) : (
              <>
                <Button type="button" variant="outline" onClick={again} disabled={run.isPending}>
                  {t.importOtherFile}
                </Button>
                <PendingButton
                  type="button"
                  variant="outline"
                  pending={run.isPending && run.variables?.dryRun === true}
                  disabled={run.isPending}
                  pendingLabel={t.importDryRunning}
                  onClick={() => start(true)}
                >
                  {t.importDryRun}
                </PendingButton>
                <PendingButton
                  type="button"
                  pending={run.isPending && run.variables?.dryRun === false}
                  disabled={run.isPending}
                  pendingLabel={t.importRunning}
                  onClick={() => start(false)}
                >
                  {t.importRun}
                </PendingButton>
              </>
            )}
          </DialogFooter>
        </>
      )}
    </div>
  );
}

function ColumnSelect({
  field,
  preview,
  value,
  onChange,
}: {
  field: CustomerImportField;
  preview: ImportPreview;
  value: number | undefined;
  onChange: (column: number | undefined) => void;
}) {
  const id = useId();
  return (
    <div className="grid min-w-0 gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {t.importFields[field]}
      </label>
      <Select
        value={value === undefined ? NONE : String(value)}
        onValueChange={(v) => onChange(v === NONE ? undefined : Number(v))}
      >
        <SelectTrigger id={id} className="min-w-0">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={NONE}>{t.importNotUsed}</SelectItem>
          {preview.headers.map((header, i) => {
            const example = preview.rows.find((row) => row[i]?.trim())?.[i];
            return (
              <SelectItem key={i} value={String(i)}>
                {example ? fill(t.importColumn, { header, example }) : header}
              </SelectItem>
            );
          })}
        </SelectContent>
      </Select>
    </div>
  );
}

function resultText(r: ImportResult): string {
  return fill(r.dryRun ? t.importDryResult : t.importResult, {
    created: r.created,
    merged: r.merged,
    refused: r.refused.length,
  });
}

'use client';

import { useState } from 'react';
import { isApiRequestError, type ApiIssue } from '@/lib/client/api';
import { useFailureText } from '../admin-i18n';
import { AdminDialog } from '../ui/admin-dialog';
import { ConfirmActions } from '../ui/confirm-actions';
import { Notice } from '../ui/notice';

/** What the last save or check said under a catalog form. */
export interface Outcome {
  tone: 'success' | 'error' | 'info';
  text: string;
}

/** The outcome, polite unless it is an error. Its live region is there before any text, so the text is announced. */
export function OutcomeNotice({ outcome }: { outcome: Outcome | undefined }) {
  return (
    <Notice tone={outcome?.tone} urgent={outcome?.tone === 'error'}>
      {outcome?.text}
    </Notice>
  );
}

/** A change waiting for staff to confirm it, and how its save went. */
export interface ConfirmedSave<Change> {
  /** The change the dialog asks about; null while it is closed. */
  confirming: Change | null;
  /** Opens the dialog for a change the form has checked. */
  ask: (change: Change) => void;
  /** Closes the dialog and forgets a failure said in it. */
  close: () => void;
  pending: boolean;
  /** Why the last try failed, said in the dialog, which stays open for another try. */
  failure: string | undefined;
  /** Sends the change the dialog asks about. */
  save: () => Promise<void>;
}

/**
 * Catalog changes cost money when wrong, so each is confirmed before it is sent. Saved, the dialog closes and the
 * form starts from what the server now holds. Refused with issues (422), the dialog closes so that staff can correct
 * the fields named. Anything else (no rights, no answer) is said in the dialog, which stays open for another try.
 */
export function useConfirmedSave<Change, Saved>({
  send,
  onSaved,
  onRefused,
}: {
  send: (change: Change) => Promise<Saved>;
  onSaved: (saved: Saved, change: Change) => void;
  /** Puts the issues next to their fields; false when none of them belongs to one (then they are a failure). */
  onRefused: (issues: ApiIssue[], change: Change) => boolean;
}): ConfirmedSave<Change> {
  const failureText = useFailureText();
  const [confirming, setConfirming] = useState<Change | null>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string>();

  const close = () => {
    setConfirming(null);
    setFailure(undefined);
  };

  const save = async () => {
    if (confirming === null) return;
    const change = confirming;
    setPending(true);
    setFailure(undefined);
    try {
      const saved = await send(change);
      setConfirming(null);
      onSaved(saved, change);
    } catch (error) {
      const issues = isApiRequestError(error) && error.status === 422 ? (error.issues ?? []) : [];
      if (issues.length > 0 && onRefused(issues, change)) setConfirming(null);
      else setFailure(failureText(error));
    } finally {
      setPending(false);
    }
  };

  return { confirming, ask: setConfirming, close, pending, failure, save };
}

/**
 * The question before a catalog change is sent: what changes (a sentence, the list of changes, a note), then
 * "cancel" and "confirm", the latter saying so while the change is on its way.
 */
export function ConfirmSaveDialog<Change>({
  save,
  title,
  text,
  lines,
  note,
  labels,
}: {
  save: ConfirmedSave<Change>;
  title: string;
  text: string | undefined;
  lines?: string[];
  note?: string;
  labels: { cancel: string; confirm: string; pending: string };
}) {
  return (
    <AdminDialog open={save.confirming !== null} onClose={save.close} title={title}>
      <p className="text-slate-800">{text}</p>
      {lines && (
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-900">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {note && <p className="mt-2 text-sm text-slate-700">{note}</p>}
      <ConfirmActions
        failure={save.failure}
        cancelLabel={labels.cancel}
        confirmLabel={save.pending ? labels.pending : labels.confirm}
        onCancel={save.close}
        onConfirm={() => void save.save()}
        disabled={save.pending}
      />
    </AdminDialog>
  );
}

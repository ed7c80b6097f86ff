import { Notice } from './notice';
import { RawDetails } from './raw-details';
import { dangerButton, primaryButton, secondaryButton } from './styles';

/** The end of a confirmation dialog: why the last try failed, if it did, then "cancel" and the action itself. */
export function ConfirmActions({
  failure,
  failureRaw,
  cancelLabel,
  confirmLabel,
  onCancel,
  onConfirm,
  disabled,
  danger = false,
}: {
  failure?: string;
  /** The server's own words for the failure, folded behind "Technical details". */
  failureRaw?: string;
  cancelLabel: string;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
  disabled: boolean;
  danger?: boolean;
}) {
  return (
    <>
      <Notice tone="error" urgent className="mt-4">
        {failure}
      </Notice>
      {failure && <RawDetails value={failureRaw} />}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" className={secondaryButton} onClick={onCancel}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className={danger ? dangerButton : primaryButton}
          disabled={disabled}
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
      </div>
    </>
  );
}

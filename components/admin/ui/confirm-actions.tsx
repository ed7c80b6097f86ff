import { Notice } from './notice';
import { dangerButton, primaryButton, secondaryButton } from './styles';

/** The end of a confirmation dialog: why the last try failed, if it did, then "cancel" and the action itself. */
export function ConfirmActions({
  failure,
  cancelLabel,
  confirmLabel,
  onCancel,
  onConfirm,
  disabled,
  danger = false,
}: {
  failure?: string;
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

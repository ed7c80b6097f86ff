/**
 * A field's error, shown next to it; the field names its id in aria-describedby while the error exists. Nothing is
 * rendered without a message, so a description never points at an empty element.
 */
export function FieldError({
  id,
  message,
  className = '',
}: {
  id: string;
  message?: string;
  className?: string;
}) {
  if (!message) return null;
  return (
    <p id={id} className={`mt-1 flex items-start gap-1.5 text-sm font-medium text-red-700 ${className}`}>
      <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0" fill="currentColor">
        <path d="M10 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16zm0 11.5a1.25 1.25 0 1 0 0 2.5 1.25 1.25 0 0 0 0-2.5zM10 5a1 1 0 0 0-1 1v5a1 1 0 1 0 2 0V6a1 1 0 0 0-1-1z" />
      </svg>
      <span>{message}</span>
    </p>
  );
}

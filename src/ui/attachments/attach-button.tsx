import { useRef, type ChangeEvent } from 'react';
import { t } from '../../i18n';
import { Button, type ButtonSize, type ButtonVariant } from '../button';

export const ATTACH_ICON = 'lucide:paperclip';

export interface AttachButtonProps {
  /** Called with the files the user picked (never with none). */
  onFiles: (files: File[]) => void;
  /** The picker's filter: extensions and MIME types (`.md,.pdf,image/*`); the caller owns the list. */
  accept?: string;
  disabled?: boolean;
  /** Default: `attachments.attach` ("Attach files"). */
  label?: string;
  size?: ButtonSize;
  variant?: ButtonVariant;
  className?: string;
}

/**
 * An icon button that opens the file picker. The <input type=file> is hidden and out of the tab
 * order: the button is what keyboards and screen readers reach. Its label lives in the start
 * catalogue (this button is on the home page), so this module does not pull the other strings.
 */
export function AttachButton({ onFiles, accept, disabled, label, size = 'md', variant = 'ghost', className }: AttachButtonProps) {
  const inputRef = useRef<HTMLInputElement>(null);

  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const files = Array.from(input.files ?? []);
    // Cleared, or picking the same file again would fire no change event.
    input.value = '';
    if (files.length > 0) onFiles(files);
  };

  return (
    <>
      <Button
        className={className ? `attach-button ${className}` : 'attach-button'}
        icon={ATTACH_ICON}
        label={label ?? t('attachments.attach')}
        variant={variant}
        color="neutral"
        size={size}
        disabled={disabled}
        onClick={() => inputRef.current?.click()}
      />
      <input
        ref={inputRef}
        type="file"
        multiple
        accept={accept}
        hidden
        tabIndex={-1}
        aria-hidden="true"
        disabled={disabled}
        onChange={picked}
      />
    </>
  );
}

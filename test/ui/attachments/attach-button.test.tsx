import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AttachButton } from '../../../src/ui/attachments/attach-button';
import { resetDefaultTooltipStore } from '../../../src/ui/tooltip/tooltip-store';

afterEach(() => resetDefaultTooltipStore());

/** Sets what the picker "chose" on the hidden input and fires its change. */
function choose(input: HTMLInputElement, files: File[]) {
  Object.defineProperty(input, 'files', { configurable: true, value: files });
  // A file input's value can only be cleared from script: stand in for the browser setting it.
  let value = files.length ? `C:\\fakepath\\${files[0]!.name}` : '';
  Object.defineProperty(input, 'value', { configurable: true, get: () => value, set: (next: string) => (value = next) });
  fireEvent.change(input);
}

describe('AttachButton', () => {
  it('is a real button named "Attach files" (from the start catalogue) that opens a multi-file picker', () => {
    const { container } = render(<AttachButton onFiles={() => undefined} accept=".md,.pdf,image/*" />);
    const button = screen.getByRole('button', { name: 'Attach files' });
    expect(button.tagName).toBe('BUTTON');
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.multiple).toBe(true);
    expect(input.accept).toBe('.md,.pdf,image/*');
    // Not a second stop for the keyboard: the button is the control.
    expect(input.tabIndex).toBe(-1);
    const click = vi.spyOn(input, 'click').mockImplementation(() => undefined);
    button.focus();
    fireEvent.click(button);
    expect(click).toHaveBeenCalledOnce();
  });

  it('hands the chosen files over and clears the input, so the same file can be chosen again', () => {
    const onFiles = vi.fn();
    const { container } = render(<AttachButton onFiles={onFiles} />);
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File(['# hi'], 'notes.md', { type: 'text/markdown' });
    choose(input, [file]);
    expect(onFiles).toHaveBeenCalledExactlyOnceWith([file]);
    expect(input.value).toBe('');
    choose(input, []);
    expect(onFiles).toHaveBeenCalledOnce();
  });

  it('is disabled with its input when attaching is not possible', () => {
    const { container } = render(<AttachButton onFiles={() => undefined} disabled />);
    expect((screen.getByRole('button', { name: 'Attach files' }) as HTMLButtonElement).disabled).toBe(true);
    expect((container.querySelector('input[type="file"]') as HTMLInputElement).disabled).toBe(true);
  });
});

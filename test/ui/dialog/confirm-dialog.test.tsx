import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, type ConfirmDialogProps } from '../../../src/ui/dialog';

function Owner(props: Partial<ConfirmDialogProps> & { onConfirm: () => unknown }) {
  const [open, setOpen] = useState(true);
  return (
    <ConfirmDialog
      title="Delete chat?"
      description="“Trip to Lisbon” and its messages will be deleted."
      confirmLabel="Delete"
      cancelLabel="Keep"
      {...props}
      open={open}
      onOpenChange={(next) => {
        props.onOpenChange?.(next);
        setOpen(next);
      }}
    />
  );
}

describe('ConfirmDialog', () => {
  it('is an alertdialog named by its title and described by its description', () => {
    render(<Owner onConfirm={() => {}} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete chat?' });
    expect(screen.getByRole('alertdialog', { description: '“Trip to Lisbon” and its messages will be deleted.' })).toBe(dialog);
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('runs onConfirm and closes on confirm', () => {
    const onConfirm = vi.fn();
    const onOpenChange = vi.fn();
    render(<Owner onConfirm={onConfirm} onOpenChange={onOpenChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('closes without confirming on cancel', () => {
    const onConfirm = vi.fn();
    render(<Owner onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Keep' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('closes without confirming on Escape', () => {
    const onConfirm = vi.fn();
    render(<Owner onConfirm={onConfirm} />);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('colours a destructive confirm as an error and starts on the safe choice', () => {
    render(<Owner onConfirm={() => {}} destructive />);
    expect(screen.getByRole('button', { name: 'Delete' }).dataset.color).toBe('error');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep' }));
  });

  it('starts on the confirm button when the action is not destructive', () => {
    render(<Owner onConfirm={() => {}} title="Start a new chat?" confirmLabel="Start" />);
    expect(screen.getByRole('button', { name: 'Start' }).dataset.color).toBe('primary');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Start' }));
  });

  it('shows loading while an async confirm runs and closes when it resolves', async () => {
    let finish!: () => void;
    render(<Owner onConfirm={() => new Promise<void>((resolve) => (finish = resolve))} />);
    const confirm = screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
    await act(async () => fireEvent.click(confirm));
    expect(confirm.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    await act(async () => finish());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('stays open for a retry when the async confirm fails', async () => {
    let fail!: (error: Error) => void;
    render(<Owner onConfirm={() => new Promise<void>((_, reject) => (fail = reject))} />);
    const confirm = screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
    await act(async () => fireEvent.click(confirm));
    await act(async () => fail(new Error('storage full')));
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    expect(confirm.disabled).toBe(false);
  });
});

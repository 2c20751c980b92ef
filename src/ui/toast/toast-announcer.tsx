import { useEffect, useRef, useState } from 'react';
import { t } from '../../i18n';
import type { Toast } from './toast-store';

/**
 * Toasts already shown when the announcer mounts are announced after this delay: a live region
 * must be in the accessibility tree before its content changes, or screen readers stay silent.
 */
export const ANNOUNCE_BACKLOG_DELAY_MS = 100;

interface Message {
  readonly id: string;
  readonly text: string;
}

const SENTENCE_END = /[.!?…:]$/;

/** "Notification: Title. Description" — the label first, so listeners know what interrupted them. */
export function announcementText(toast: Pick<Toast, 'title' | 'description'>): string {
  const parts = [toast.title, toast.description].map((part) => part?.trim()).filter((part): part is string => Boolean(part));
  const body = parts.reduce((text, part) => (text === '' ? part : `${text}${SENTENCE_END.test(text) ? '' : '.'} ${part}`), '');
  const label = t('toast.announcement');
  return body === '' ? label : `${label}: ${body}`;
}

/**
 * A visually hidden polite live region (SPEC A2): each new toast is announced once, as an
 * added paragraph, so AT reads only the newcomer. Updates in place are not re-announced and
 * the toasts themselves are not live regions, so nothing is heard twice.
 */
export function ToastAnnouncer({ toasts }: { toasts: readonly Toast[] }) {
  const [messages, setMessages] = useState<readonly Message[]>([]);
  // Only a backlog (toasts that predate the region) waits; later toasts are announced at once.
  const [ready, setReady] = useState(() => toasts.length === 0);
  const announced = useRef(new Set<string>());

  useEffect(() => {
    if (ready) return;
    const timer = setTimeout(() => setReady(true), ANNOUNCE_BACKLOG_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ready]);

  useEffect(() => {
    const shown = new Set(toasts.map((item) => item.id));
    // A removed id may come back later as a new toast: forget it so it is announced again.
    for (const id of announced.current) if (!shown.has(id)) announced.current.delete(id);
    const fresh = toasts.filter((item) => !announced.current.has(item.id)).reverse();
    for (const item of fresh) announced.current.add(item.id);
    setMessages((previous) => {
      const kept = previous.filter((message) => shown.has(message.id));
      if (fresh.length === 0 && kept.length === previous.length) return previous;
      return [...kept, ...fresh.map((item) => ({ id: item.id, text: announcementText(item) }))];
    });
  }, [toasts]);

  return (
    <div className="visually-hidden" role="status" aria-live="polite">
      {ready ? messages.map((message) => <p key={message.id}>{message.text}</p>) : null}
    </div>
  );
}

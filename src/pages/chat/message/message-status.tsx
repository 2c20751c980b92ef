import { modelServer } from '../../shared/model-server';
import type { Message } from '../../../chat';
// By its own file: the attachments' page API would bring the composer's file machinery along.
import { REJECTS_IMAGES_REASON } from '../../../chat/replies';
import { modelIdOf } from '../../../chat/connections';
import { t } from '../chat-text';
import { Button } from '../../../ui/button';
import { Icon } from '../../../ui/icon';
import { modelKind, useModelErrorExplainer } from '../../shared';
import type { ModelErrorExplanation } from '../../shared/explain-model-error';
import { useSecondsLeft } from './use-seconds-left';
import { useOnline } from '../../shared/use-server-out-of-reach';

export const ERROR_ICON = 'lucide:circle-alert';
export const RETRY_ICON = 'lucide:rotate-ccw';
export const CONTINUE_ICON = 'lucide:step-forward';
export const WITHOUT_IMAGES_ICON = 'lucide:image-off';
export const WITHOUT_TOOLS_ICON = 'lucide:wrench';
/** The store's code for a server that refused a request because it offered tools (issue 16). */
export const TOOLS_UNSUPPORTED_CODE = 'tools-unsupported';

export interface MessageStatusProps {
  message: Pick<Message, 'status' | 'error' | 'errorCode' | 'errorReason' | 'retryAfterMs' | 'retryAt' | 'content' | 'reasoning' | 'model' | 'finishReason'>;
  onRetry(): void;
  /** Carries on a reply that broke off, was stopped or hit the length limit (offered once some text or reasoning arrived). */
  onContinue(): void;
  /** After a model refused the message's pictures: the message again, without them, as a new version. */
  onResendWithoutImages?(): void;
  /** After a server refused the request's tools: the reply again, with no tools. */
  onResendWithoutTools?(): void;
}

/** A reply that ended before it was done (Stop, or the length limit), with Continue when there is something to carry on. */
function EndedEarly({ state, note, onContinue }: { state: 'stopped' | 'length'; note: string; onContinue?: () => void }) {
  return (
    <div className="message-status" data-state={state}>
      <p>{note}</p>
      {onContinue && (
        <Button size="sm" variant="soft" color="neutral" icon={CONTINUE_ICON} onClick={onContinue}>
          {t('chat.continue')}
        </Button>
      )}
    </div>
  );
}

/** The model refused the message's pictures: say so plainly, and offer the message without them. */
function RejectsImages({ message, onResend, onRetry }: { message: MessageStatusProps['message']; onResend?: () => void; onRetry: () => void }) {
  const model = message.model ? modelIdOf(message.model) : t('chat.rejectsImages.theModel');
  return (
    <div className="message-status message-error" data-state="error" data-code={message.errorCode} data-reason={REJECTS_IMAGES_REASON}>
      <Icon name={ERROR_ICON} className="message-error__icon" />
      <div className="message-error__text">
        <p className="message-error__title">{t('chat.rejectsImages.title', { model })}</p>
        <p className="message-error__body">{t('chat.rejectsImages.body')}</p>
        {message.error && <p className="message-error__detail">{message.error}</p>}
      </div>
      {onResend && (
        <Button size="sm" variant="soft" color="neutral" icon={WITHOUT_IMAGES_ICON} onClick={onResend}>
          {t('chat.rejectsImages.resend')}
        </Button>
      )}
      <Button size="sm" variant="soft" color="error" icon={RETRY_ICON} onClick={onRetry}>
        {t('chat.retry')}
      </Button>
    </div>
  );
}

/** The model refused the tools the request offered: say so plainly, and offer the reply without them. */
function RejectsTools({ message, onResend, onRetry }: { message: MessageStatusProps['message']; onResend?: () => void; onRetry: () => void }) {
  const model = message.model ? modelIdOf(message.model) : t('tools.unsupported.theModel');
  return (
    <div className="message-status message-error" data-state="error" data-code={TOOLS_UNSUPPORTED_CODE}>
      <Icon name={ERROR_ICON} className="message-error__icon" />
      <div className="message-error__text">
        <p className="message-error__title">{t('tools.unsupported.title', { model })}</p>
        <p className="message-error__body">{t('tools.unsupported.body')}</p>
        {message.error && <p className="message-error__detail">{message.error}</p>}
      </div>
      {onResend && (
        <Button size="sm" variant="soft" color="neutral" icon={WITHOUT_TOOLS_ICON} onClick={onResend}>
          {t('tools.unsupported.resend')}
        </Button>
      )}
      <Button size="sm" variant="soft" color="error" icon={RETRY_ICON} onClick={onRetry}>
        {t('chat.retry')}
      </Button>
    </div>
  );
}

/**
 * How a reply stands, when that isn't simply "complete": a quiet pulse while it streams,
 * "Stopped", a reply the server cut at its length limit, or the failure with Retry. The failure is part of the history, so it is shown
 * in place (the app raises a toast only for a chat that is not on screen). When a rate-limited
 * server asked to wait, Retry (and Continue) count the wait down and are disabled until it
 * ends: asking sooner would only be refused again. Then the user retries; nothing is sent unasked.
 */
export function MessageStatus({ message, onRetry, onContinue, onResendWithoutImages, onResendWithoutTools }: MessageStatusProps) {
  const canContinue = message.content !== '' || Boolean(message.reasoning);
  // The explanations (the catalogue's largest area) load with the first failed reply shown, not with every chat.
  const ownExplanation = message.errorReason === REJECTS_IMAGES_REASON || message.errorCode === TOOLS_UNSUPPORTED_CODE;
  const explain = useModelErrorExplainer(message.status === 'error' && !ownExplanation);
  const secondsLeft = useSecondsLeft(message.status === 'error' ? message.retryAt : undefined);
  const waiting = secondsLeft > 0;
  // A failure the network explains says "You are offline" first, for as long as the device is.
  const online = useOnline();
  switch (message.status) {
    case 'streaming':
      return (
        <p className="message-status" data-state="streaming">
          <span className="message-status__pulse" aria-hidden="true" />
          <span className="visually-hidden">{t('chat.message.streaming')}</span>
        </p>
      );
    case 'stopped':
      return <EndedEarly state="stopped" note={t('chat.message.stopped')} onContinue={canContinue ? onContinue : undefined} />;
    case 'error': {
      if (message.errorReason === REJECTS_IMAGES_REASON) return <RejectsImages message={message} onResend={onResendWithoutImages} onRetry={onRetry} />;
      if (message.errorCode === TOOLS_UNSUPPORTED_CODE) return <RejectsTools message={message} onResend={onResendWithoutTools} onRetry={onRetry} />;
      const explained: ModelErrorExplanation = explain
        ? explain({
            code: message.errorCode ?? 'unknown',
            reason: message.errorReason,
            message: message.error,
            retryAfterMs: message.retryAfterMs,
            kind: modelKind(message.model),
            ...modelServer(message.model),
            origin: location.origin,
            offline: !online,
          })
        : // For the moment the explanations take to load: the server's own words.
          { title: '', body: message.error ?? '' };
      return (
        <div className="message-status message-error" data-state="error" data-code={message.errorCode}>
          <Icon name={ERROR_ICON} className="message-error__icon" />
          <div className="message-error__text">
            {explained.title && <p className="message-error__title">{explained.title}</p>}
            <p className="message-error__body">{explained.body}</p>
            {explained.fix && <p className="message-error__fix">{explained.fix}</p>}
            {explained.detail && <p className="message-error__detail">{explained.detail}</p>}
          </div>
          <Button size="sm" variant="soft" color="error" icon={RETRY_ICON} onClick={onRetry} disabled={waiting} data-wait={waiting ? secondsLeft : undefined}>
            {waiting ? t('chat.retryIn', { seconds: secondsLeft }) : t('chat.retry')}
          </Button>
          {canContinue && (
            <Button size="sm" variant="soft" color="neutral" icon={CONTINUE_ICON} onClick={onContinue} disabled={waiting}>
              {t('chat.continue')}
            </Button>
          )}
        </div>
      );
    }
    case 'complete':
      // The server ended the reply because it reached the token limit, not because it was done.
      if (message.finishReason !== 'length') return null;
      return <EndedEarly state="length" note={t('chat.message.length')} onContinue={canContinue ? onContinue : undefined} />;
    default:
      return null;
  }
}

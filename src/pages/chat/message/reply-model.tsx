import { memo } from 'react';
import { connectionOfModel, modelIdOf, useConnectionsSnapshot } from '../../../chat/connections';
import { Tooltip } from '../../../ui/tooltip';
import { t } from '../chat-text';

/**
 * Which model wrote a reply, quietly, in its footer: after switching models mid-chat the replies
 * can be told apart. The tooltip names the connection it came through (or says it was removed).
 * Focusable, so keyboard users reach the tooltip too. Memoised: a streaming reply's text does
 * not render it (or its tooltip) again.
 */
export const ReplyModel = memo(function ReplyModel({ model }: { model: string }) {
  const connection = connectionOfModel(useConnectionsSnapshot(), model);
  const name = modelIdOf(model);
  const description = connection ? t('chat.message.modelVia', { model: name, connection: connection.name }) : t('chat.message.modelGone', { model: name });
  return (
    <Tooltip content={description}>
      <span className="message__model" tabIndex={0} data-connection={connection ? 'known' : 'removed'}>
        <span className="visually-hidden">{t('chat.message.modelLabel')} </span>
        {name}
      </span>
    </Tooltip>
  );
});

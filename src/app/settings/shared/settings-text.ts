import { registerMessages } from '../../../i18n';
import { contextMeter } from '../../../i18n/en/context-meter';
import { dataSettings } from '../../../i18n/en/data-settings';
import { libraryTransfer } from '../../../i18n/en/library-transfer';
import { librarySetup } from '../../../i18n/en/library-setup';
import { prompts } from '../../../i18n/en/prompts';
import { settings } from '../../../i18n/en/settings';
import { syncSettings } from '../../../i18n/en/sync-settings';
import { tools } from '../../../i18n/en/tools';
import { nativeApis } from '../../../i18n/en/native-apis';

// Settings' strings load with the settings chunk, not the first screen: every settings module
// takes `t` from here, so the strings are registered before any of them renders.
registerMessages(settings);
registerMessages(dataSettings);
registerMessages(libraryTransfer);
registerMessages(prompts);
registerMessages(syncSettings);
registerMessages(tools);
registerMessages(librarySetup);
registerMessages(contextMeter);
registerMessages(nativeApis);

export { t, type MessageKey } from '../../../i18n';

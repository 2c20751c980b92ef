import { registerMessages } from '../../i18n';
import { chatExport } from '../../i18n/en/chat-export';
import { chatPage } from '../../i18n/en/chat-page';
import { chatSettings } from '../../i18n/en/chat-settings';
import { compaction } from '../../i18n/en/compaction';
import { contextMeter } from '../../i18n/en/context-meter';
import { librarySetup } from '../../i18n/en/library-setup';
import { offline } from '../../i18n/en/offline';
import { artifacts } from '../../i18n/en/artifacts';
import { queue } from '../../i18n/en/queue';
import { tools } from '../../i18n/en/tools';
import { nativeApis } from '../../i18n/en/native-apis';
import { citations } from '../../i18n/en/citations';
import { compare } from '../../i18n/en/compare';
import { voice } from '../../i18n/en/voice';

// The chat page's strings load with its chunk, not the first screen: every chat page module
// takes `t` from here, so the strings are registered before any of them renders.
registerMessages({ ...chatPage, ...chatSettings, ...chatExport, ...tools, ...librarySetup, ...queue, ...contextMeter, ...compaction, ...nativeApis, ...offline, ...artifacts, ...citations, ...compare, ...voice });

export { t, type MessageKey } from '../../i18n';

// Read aloud's lazy chunk (issue 39): the reading loop, the controls and their strings, loaded with
// the first press of a reply's Read aloud (never with the first screen or the chat page).
import { registerMessages } from '../../../../i18n';
import { readAloud as readAloudStrings } from '../../../../i18n/en/read-aloud';

registerMessages(readAloudStrings);

export { readAloud } from './read-aloud-player';
export { ReadAloudControls } from './read-aloud-controls';

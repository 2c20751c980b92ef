import { resetIconSource } from './icon-source';
import { resetIconStorage } from './icon-storage';

/** Back to a fresh session: bundled icons only, default host and transport (tests, gallery). */
export function resetIcons(): void {
  resetIconSource();
  resetIconStorage();
}

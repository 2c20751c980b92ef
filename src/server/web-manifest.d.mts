export const MANIFEST_FILE: string;
export const ICONS_DIR: string;
export const THEME_COLORS: { light: string; dark: string };
export interface WebManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  dir: string;
  start_url: string;
  scope: string;
  display: string;
  background_color: string;
  theme_color: string;
  user_preferences: { color_scheme_dark: { background_color: string; theme_color: string } };
  categories: string[];
  icons: { src: string; sizes: string; type: string; purpose: string }[];
  share_target: { action: string; method: string; enctype: string; params: { title: string; text: string; url: string } };
}
export function webManifest(options: { description: string }): WebManifest;

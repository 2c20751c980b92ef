export { Button, BUTTON_COLORS, BUTTON_SIZES, BUTTON_SPINNER_ICON, BUTTON_VARIANTS } from './button';
export type { ButtonColor, ButtonProps, ButtonSize, ButtonVariant } from './button';
export { ButtonLinkProvider, type ButtonLinkProps } from './button-link';

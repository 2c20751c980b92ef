import { createContext, type AnchorHTMLAttributes, type ComponentType, type Ref } from 'react';

export type ButtonLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; ref?: Ref<HTMLAnchorElement> };

/**
 * How a Button with a destination renders its anchor. The kit knows nothing of the router:
 * the app provides a component that navigates client-side; the default is a plain <a>.
 */
export const ButtonLinkContext = createContext<ComponentType<ButtonLinkProps>>(function PlainLink(props) {
  return <a {...props} />;
});

export const ButtonLinkProvider = ButtonLinkContext.Provider;

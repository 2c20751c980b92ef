import { Link } from '../router';
import type { ButtonLinkProps } from '../ui/button';

/** Lets kit buttons with a destination navigate client-side (the kit knows nothing of the router). */
export function AppLink({ href, ...rest }: ButtonLinkProps) {
  return <Link to={href} {...rest} />;
}

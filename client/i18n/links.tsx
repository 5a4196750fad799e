import { Link as RouterLink, NavLink as RouterNavLink, type LinkProps, type NavLinkProps } from 'react-router-dom';

import { useLocalPath } from './i18n';

type To = LinkProps['to'];

/** An address of the site in the page's language (`/tours/` on a Swedish page is `/sv/tours/`); other addresses as they are. */
function useLocalTo(): (to: To) => To {
  const local = useLocalPath();
  return (to) => (typeof to === 'string' && to.startsWith('/') ? local(to) : to);
}

/** react-router's Link, to the page in the language the visitor reads. */
export function Link({ to, ...props }: LinkProps) {
  return <RouterLink to={useLocalTo()(to)} {...props} />;
}

/** react-router's NavLink, to the page in the language the visitor reads. */
export function NavLink({ to, ...props }: NavLinkProps) {
  return <RouterNavLink to={useLocalTo()(to)} {...props} />;
}

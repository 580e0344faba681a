import { Link, type LinkProps } from "@remix-run/react";
import type { MouseEvent } from "react";
import { useAuthPageNavigation } from "~/features/auth/auth-navigation";

/**
 * A link to login or signup that first checks the service is reachable (spec section 7/8:
 * 5 s status check, 'Connection Issue' toast, navigation after 2 s). Without JavaScript it is a
 * plain link.
 */
export function AuthLink({ to, onClick, ...props }: LinkProps & { to: string }) {
  const { goToAuthPage } = useAuthPageNavigation();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    void goToAuthPage(to);
  };
  return <Link to={to} onClick={handleClick} {...props} />;
}

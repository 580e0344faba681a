import { useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { FullScreenLoader } from "~/ui/full-screen-loader";
import { isProtectedPath, loginRedirectUrl } from "~/domain/routing";
import { loggedOutRecently, useCurrentUser } from "~/features/account";
import { VerificationGate } from "./verification-gate";

export const CHECKING_AUTH_MESSAGE = "Checking authentication...";

/**
 * Spec section 2, "Protected pages": on a protected path, a loader while auth loads, a redirect
 * to /login?redirect={current path} when signed out, the verification gate while the email is
 * unverified, and the page itself only after that.
 */
export function AuthGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { user, isLoading } = useCurrentUser();
  const guarded = isProtectedPath(location.pathname);
  const signedOut = guarded && !isLoading && !user;
  const target = location.pathname + location.search;
  // A navigation already under way (logout or account deletion heading to "/") wins; once it
  // lands, the guard looks again at the new location.
  const idle = useNavigation().state === "idle";

  useEffect(() => {
    if (signedOut && idle && !loggedOutRecently()) navigate(loginRedirectUrl(target), { replace: true });
  }, [signedOut, idle, target, navigate]);

  if (!guarded) return <>{children}</>;
  if (isLoading || !user) return <FullScreenLoader message={CHECKING_AUTH_MESSAGE} />;
  if (!user.emailVerified) return <VerificationGate user={user} />;
  return <>{children}</>;
}

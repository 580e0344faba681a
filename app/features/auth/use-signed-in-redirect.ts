import { useNavigate, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { safeRedirectPath } from "~/domain/routing";
import { useCurrentUser } from "~/features/account";

/**
 * A signed-in visitor of /login or /signup goes to /app (replace). The returned ref lets the
 * form switch this off while it submits, so its own success navigates to ?redirect instead.
 */
export function useSignedInRedirect() {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const submitting = useRef(false);
  const signedIn = Boolean(user);

  useEffect(() => {
    if (signedIn && !submitting.current) navigate("/app", { replace: true });
  }, [signedIn, navigate]);

  return { signedIn, submitting };
}

/**
 * What the login and signup screens share: the `?redirect=` target (our own paths only), the
 * signed-in redirect, and the form-level alert.
 */
export function useAuthFormPage() {
  const [params] = useSearchParams();
  const rawRedirect = params.get("redirect");
  const redirectTo = safeRedirectPath(rawRedirect);
  const navigate = useNavigate();
  const { signedIn, submitting } = useSignedInRedirect();
  const [alert, setAlert] = useState<string>();
  return { rawRedirect, redirectTo, navigate, signedIn, submitting, alert, setAlert };
}

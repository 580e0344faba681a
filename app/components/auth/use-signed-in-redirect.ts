import { useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useCurrentUser } from "~/lib/session";

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

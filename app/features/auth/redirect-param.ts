/** Carries ?redirect over between the auth screens, so the user still lands where they meant to. */
export function withRedirect(path: string, redirect: string | null | undefined): string {
  return redirect ? `${path}?redirect=${encodeURIComponent(redirect)}` : path;
}

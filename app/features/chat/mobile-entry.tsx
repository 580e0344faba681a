import { Link, useNavigate } from "@remix-run/react";
import { MessageSquareText } from "lucide-react";
import { useEffect } from "react";
import { useCurrentUser } from "~/features/account";
import { buttonClasses } from "~/ui/button";
import { FullScreenLoader } from "~/ui/full-screen-loader";
import { LogoMark, Wordmark } from "~/ui/logo";

/**
 * /mobile-direct, public: a signed-in merchant goes straight to the phone chat (/mobile); anyone
 * else gets a phone-sized way in (log in or sign up, then back to the chat).
 */
export function MobileEntry() {
  const { user, isLoading } = useCurrentUser();
  const navigate = useNavigate();
  useEffect(() => {
    if (user) navigate("/mobile", { replace: true });
  }, [user, navigate]);

  if (isLoading || user) return <FullScreenLoader message="Opening your chat..." />;
  const back = encodeURIComponent("/mobile");
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col px-6 pb-[max(1.5rem,env(safe-area-inset-bottom))] pt-10">
      <Link to="/" className="flex items-center gap-2" aria-label="Dropcraft home">
        <LogoMark />
        <Wordmark />
      </Link>
      <div className="my-auto py-10">
        <span className="grid size-12 place-items-center rounded-2xl bg-brand-soft text-brand">
          <MessageSquareText className="size-6" aria-hidden />
        </span>
        <h1 className="mt-5 text-2xl font-semibold tracking-tight text-fg">Your product research, in your pocket</h1>
        <p className="mt-2 text-[15px] leading-7 text-muted">
          Ask about niches, winning products, prices and competitors, and pick up any chat you started on your computer.
        </p>
      </div>
      <div className="flex flex-col gap-3" data-testid="mobile-entry">
        <Link to={`/signup?redirect=${back}`} className={buttonClasses({ size: "lg" })}>
          Create a free account
        </Link>
        <Link to={`/login?redirect=${back}`} className={buttonClasses({ variant: "secondary", size: "lg" })}>
          Log in
        </Link>
      </div>
    </main>
  );
}

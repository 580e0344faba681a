import { useMutation } from "@tanstack/react-query";
import { useId, useRef, useState, type FormEvent } from "react";
import { Button } from "~/ui/button";
import { cx } from "~/ui/cx";
import { Input } from "~/ui/field";
import { notify } from "~/lib/toast";
import { subscribeToNewsletter } from "./newsletter-client";
import { SUBSCRIBED_TOAST, subscriptionFailedToast, type NewsletterSource } from "./newsletter-logic";

export interface NewsletterSignupFormProps {
  /** Where the form sits; stored with the subscriber (and sent to Omnisend as a tag). */
  source: NewsletterSource;
  /** "dark" on a dark band (white text), "light" (the default) on the page's own surface. */
  tone?: "dark" | "light";
  className?: string;
}

/** Email box + Subscribe: the spec's toasts on success (input cleared) and on failure (input kept). */
export function NewsletterSignupForm({ source, tone = "light", className }: NewsletterSignupFormProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState("");
  const signup = useMutation({
    mutationFn: (address: string) => subscribeToNewsletter(address, source),
    onSuccess: () => {
      notify(SUBSCRIBED_TOAST);
      setEmail("");
    },
    onError: (err) => {
      notify(subscriptionFailedToast(err));
      inputRef.current?.focus();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (signup.isPending) return;
    signup.mutate(email);
  };

  return (
    <form
      onSubmit={submit}
      // The server checks the address and the toast says what is wrong with it.
      noValidate
      aria-label="Newsletter sign-up"
      data-testid={`newsletter-form-${source}`}
      className={cx("w-full max-w-md", className)}
    >
      <label htmlFor={inputId} className={cx("text-sm font-semibold", tone === "dark" ? "text-white" : "text-fg")}>
        Get the newsletter
      </label>
      <p className={cx("mt-1 text-sm", tone === "dark" ? "text-white/75" : "text-muted")}>
        News about Dropcraft and new features, by email.
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <Input
          ref={inputRef}
          id={inputId}
          type="email"
          name="email"
          inputMode="email"
          autoComplete="email"
          placeholder="you@store.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          className="sm:flex-1"
        />
        <Button type="submit" loading={signup.isPending} className="h-11">
          Subscribe
        </Button>
      </div>
    </form>
  );
}

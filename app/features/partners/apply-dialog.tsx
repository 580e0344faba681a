/** "Apply to become a partner": the application form in the kit's dialog; the server's message names any bad field. */
import { useState, type FormEvent } from "react";
import { PARTNER_CATEGORIES, type PartnerCategory } from "~/domain/partners";
import { HttpError, errorMessage } from "~/lib/http";
import { notify } from "~/lib/toast";
import { Button, Dialog, Field, Input, Select, Textarea } from "~/ui";
import { submitPartnerApplication } from "./partners-client";

type Form = { company: string; website: string; contactEmail: string; category: PartnerCategory; message: string };
const EMPTY: Form = { company: "", website: "https://", contactEmail: "", category: PARTNER_CATEGORIES[0].id, message: "" };

/** Field errors from the API's VALIDATION answer (details.fields). */
function fieldErrors(err: unknown): Partial<Record<keyof Form, string>> {
  if (!(err instanceof HttpError)) return {};
  const out: Partial<Record<keyof Form, string>> = {};
  try {
    const parsed = JSON.parse(err.body) as { details?: { fields?: { path: string; message: string }[] } };
    for (const f of parsed.details?.fields ?? []) out[f.path as keyof Form] = f.message;
  } catch {
    // Not JSON: the form-level message says it.
  }
  return out;
}

export function ApplyDialog({ open, onOpenChange, defaultEmail }: { open: boolean; onOpenChange: (open: boolean) => void; defaultEmail?: string }) {
  const [form, setForm] = useState<Form>({ ...EMPTY, contactEmail: defaultEmail ?? "" });
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const set = (key: keyof Form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: Partial<Record<keyof Form, string>> = {};
    if (!form.company.trim()) local.company = "Enter your company's name.";
    if (!/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(form.website.trim())) local.website = "Enter your website's full address, starting with https://";
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.contactEmail.trim())) local.contactEmail = "Enter an email address we can reach you at.";
    if (form.message.trim().length < 20) local.message = "Tell us a little more (at least 20 characters).";
    setErrors(local);
    setFormError(null);
    if (Object.keys(local).length) return;
    setPending(true);
    try {
      await submitPartnerApplication({ ...form, company: form.company.trim(), website: form.website.trim(), contactEmail: form.contactEmail.trim(), message: form.message.trim() });
      notify({ title: "Application sent", description: "Our team reviews every application and replies by email.", variant: "success" });
      setForm({ ...EMPTY, contactEmail: defaultEmail ?? "" });
      onOpenChange(false);
    } catch (err) {
      setErrors(fieldErrors(err));
      setFormError(errorMessage(err, "The application could not be sent. Try again."));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}
      title="Apply to become a partner"
      description="Apps and agencies that serve Shopify merchants can apply to be listed. Nothing you type is lost if something needs fixing."
      data-testid="partner-apply-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" form="partner-apply-form" loading={pending}>
            Send application
          </Button>
        </>
      }
    >
      <form id="partner-apply-form" onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
        {formError ? (
          <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-fg">
            {formError}
          </p>
        ) : null}
        <Field label="Company" error={errors.company}>
          <Input value={form.company} onChange={set("company")} autoComplete="organization" maxLength={120} />
        </Field>
        <Field label="Website" error={errors.website}>
          <Input value={form.website} onChange={set("website")} type="url" inputMode="url" autoComplete="url" maxLength={300} />
        </Field>
        <Field label="Contact email" error={errors.contactEmail}>
          <Input value={form.contactEmail} onChange={set("contactEmail")} type="email" autoComplete="email" maxLength={254} />
        </Field>
        <Field label="Category" error={errors.category}>
          <Select value={form.category} onChange={set("category")}>
            {PARTNER_CATEGORIES.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="What you offer Dropcraft merchants" hint="At least 20 characters." error={errors.message}>
          <Textarea value={form.message} onChange={set("message")} maxLength={4000} rows={5} />
        </Field>
      </form>
    </Dialog>
  );
}

import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ModalProps } from "~/ui/modal";
import { ConfirmDialog, REASON_MAX_LENGTH, ReasonDialog } from "~/ui";

// Radix renders an open dialog through a portal, which a static render leaves out: the kit's Modal
// is replaced by its body and footer in place, and the props it was given are kept to inspect.
const modals: ModalProps[] = [];
vi.mock("~/ui/modal", () => ({
  Modal: (props: ModalProps & { children?: ReactNode }) => {
    modals.push(props);
    return (
      <div data-testid={props["data-testid"]}>
        {props.children}
        <footer>{props.footer}</footer>
      </div>
    );
  },
}));

beforeEach(() => {
  modals.length = 0;
});

/** Opening tags of every element with this tag name. */
const tags = (html: string, name: string) => html.match(new RegExp(`<${name}[^>]*>`, "g")) ?? [];

describe("ConfirmDialog", () => {
  it("runs onConfirm from a plain button; the confirm test id follows the dialog's", () => {
    const html = renderToStaticMarkup(
      <ConfirmDialog open onOpenChange={() => {}} title="Delete?" confirmLabel="Delete" danger onConfirm={() => {}} data-testid="delete-page" />,
    );
    const [cancel, confirm] = tags(html, "button");
    expect(cancel).toContain('type="button"');
    expect(html).toContain(">Cancel<");
    expect(confirm).toContain('type="button"');
    expect(confirm).toContain('data-testid="delete-page-confirm"');
    expect(confirm).not.toContain("form=");
    expect(confirm).toContain("bg-danger");
    expect(renderToStaticMarkup(<ConfirmDialog open onOpenChange={() => {}} title="t" confirmLabel="OK" onConfirm={() => {}} />)).toContain(
      'data-testid="confirm-dialog-confirm"',
    );
  });

  it("submits the form it names instead, with the confirm test id it is given", () => {
    const html = renderToStaticMarkup(
      <ConfirmDialog open onOpenChange={() => {}} title="t" confirmLabel="Save" form="f1" confirmTestId="save-confirm">
        <form id="f1" />
      </ConfirmDialog>,
    );
    const confirm = tags(html, "button")[1];
    expect(confirm).toContain('type="submit"');
    expect(confirm).toContain('form="f1"');
    expect(confirm).toContain('data-testid="save-confirm"');
  });

  it("while pending, Cancel is disabled and Escape, the overlay and Close do not close it", () => {
    const onOpenChange = vi.fn();
    const html = renderToStaticMarkup(
      <ConfirmDialog open onOpenChange={onOpenChange} title="t" confirmLabel="OK" pending onConfirm={() => {}} />,
    );
    const [cancel, confirm] = tags(html, "button");
    expect(cancel).toMatch(/ disabled=""/);
    expect(confirm).toContain('aria-busy="true"');
    modals[0].onOpenChange(false);
    expect(onOpenChange).not.toHaveBeenCalled();

    renderToStaticMarkup(<ConfirmDialog open onOpenChange={onOpenChange} title="t" confirmLabel="OK" onConfirm={() => {}} />);
    modals[1].onOpenChange(false);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

describe("ReasonDialog on ConfirmDialog", () => {
  it("keeps its test ids, and its confirm button submits the reason's form", () => {
    const html = renderToStaticMarkup(
      <ReasonDialog
        open
        onOpenChange={() => {}}
        title="Disable account"
        confirmLabel="Disable"
        danger
        onConfirm={() => Promise.resolve()}
        testIdPrefix="admin-action"
      >
        <p>extra field</p>
      </ReasonDialog>,
    );
    expect(modals[0]["data-testid"]).toBe("admin-action-dialog");
    expect(modals[0].title).toBe("Disable account");
    const form = tags(html, "form")[0] ?? "";
    const formId = form.match(/id="([^"]+)"/)?.[1];
    expect(formId).toBeTruthy();
    const confirm = tags(html, "button").find((b) => b.includes("admin-action-confirm")) ?? "";
    expect(confirm).toContain('type="submit"');
    expect(confirm).toContain(`form="${formId}"`);
    expect(confirm).toContain("bg-danger");
    expect(html).toContain(">Disable<");
    expect(html).toContain(">Cancel<");
    const reason = tags(html, "textarea")[0];
    expect(reason).toContain('data-testid="admin-action-reason"');
    expect(reason).toContain(`maxLength="${REASON_MAX_LENGTH}"`);
    // The extra fields come first, inside the form, then the reason.
    expect(html.indexOf("extra field")).toBeGreaterThan(html.indexOf("<form"));
    expect(html.indexOf("extra field")).toBeLessThan(html.indexOf("<textarea"));
  });

  it("defaults to the reason- prefix and the primary button", () => {
    const html = renderToStaticMarkup(
      <ReasonDialog open onOpenChange={() => {}} title="t" confirmLabel="Go" onConfirm={() => Promise.resolve()} />,
    );
    expect(modals[0]["data-testid"]).toBe("reason-dialog");
    expect(html).toContain('data-testid="reason-confirm"');
    expect(html).toContain('data-testid="reason-reason"');
    expect(html).not.toContain("bg-danger");
  });
});

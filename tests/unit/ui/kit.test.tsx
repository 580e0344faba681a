import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Badge, Button, DataTable, EmptyState, Field, IconButton, Input, PageHeader, ProgressBar, Stat, buttonClasses } from "~/ui";

describe("the UI kit", () => {
  it("Button defaults to type=button; loading disables it and marks it busy", () => {
    expect(renderToStaticMarkup(<Button>Save</Button>)).toMatch(/<button type="button"/);
    const busy = renderToStaticMarkup(<Button loading>Save</Button>);
    expect(busy).toContain('aria-busy="true"');
    expect(busy).toContain("disabled");
    expect(renderToStaticMarkup(<Button type="submit">Go</Button>)).toContain('type="submit"');
    expect(buttonClasses({ variant: "danger" })).toContain("bg-danger");
  });

  it("IconButton always has an accessible name", () => {
    expect(renderToStaticMarkup(<IconButton label="Close">x</IconButton>)).toContain('aria-label="Close"');
  });

  it("Field links its control to the label, the hint and the error", () => {
    const html = renderToStaticMarkup(
      <Field id="store" label="Store name" hint="As customers see it" error="Store name is required">
        <Input />
      </Field>,
    );
    expect(html).toContain('for="store"');
    expect(html).toContain('id="store"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="store-error store-hint"');
    expect(html).toContain('role="alert"');
    const ok = renderToStaticMarkup(
      <Field id="x" label="X">
        <Input />
      </Field>,
    );
    expect(ok).not.toContain("aria-invalid");
  });

  it("ProgressBar is a progressbar with its values, amber near the limit and red when full", () => {
    const near = renderToStaticMarkup(<ProgressBar value={8} max={10} label="Queries used" />);
    expect(near).toContain('role="progressbar"');
    expect(near).toContain('aria-valuenow="8"');
    expect(near).toContain('aria-valuemax="10"');
    expect(near).toContain("bg-warning");
    expect(renderToStaticMarkup(<ProgressBar value={12} max={10} label="q" />)).toContain('aria-valuenow="10"');
  });

  it("DataTable renders header cells and rows, or the empty state when there are none", () => {
    const columns = [
      { key: "name", header: "Product", cell: (r: { id: string; name: string }) => r.name },
      { key: "id", header: "Id", cell: (r: { id: string }) => r.id, align: "right" as const },
    ];
    const html = renderToStaticMarkup(<DataTable columns={columns} rows={[{ id: "1", name: "Mount" }]} rowKey={(r) => r.id} caption="Products" />);
    expect(html).toContain('<th scope="col"');
    expect(html).toContain("Mount");
    expect(html).toContain("<caption");
    const empty = renderToStaticMarkup(<DataTable columns={columns} rows={[]} rowKey={(r) => r.id} empty={<EmptyState title="No products yet" />} />);
    expect(empty).toContain("No products yet");
    expect(empty).not.toContain("<table");
  });

  it("PageHeader is an h1 by default; Badge and Stat show their text", () => {
    expect(renderToStaticMarkup(<PageHeader title="Usage" />)).toContain("<h1");
    expect(renderToStaticMarkup(<Badge tone="brand">New</Badge>)).toContain("New");
    expect(renderToStaticMarkup(<Stat label="Orders" value="1,204" />)).toContain("1,204");
  });
});

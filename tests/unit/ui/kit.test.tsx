import { TooltipProvider } from "@radix-ui/react-tooltip";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import {
  Badge,
  Button,
  DataTable,
  EmptyState,
  Field,
  IconButton,
  Input,
  PageHeader,
  ProgressBar,
  Skeleton,
  Spinner,
  Stat,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  Textarea,
  buttonClasses,
  cx,
  type Column,
} from "~/ui";

/** The opening tag of the first element with this tag name. */
const tag = (html: string, name: string) => html.match(new RegExp(`<${name}[^>]*>`))?.[0] ?? "";

describe("the UI kit", () => {
  it("Button defaults to type=button; loading disables it, marks it busy and shows a spinner", () => {
    expect(tag(renderToStaticMarkup(<Button>Save</Button>), "button")).toContain('type="button"');
    expect(renderToStaticMarkup(<Button>Save</Button>)).not.toContain("aria-busy=");
    const busy = tag(renderToStaticMarkup(<Button loading>Save</Button>), "button");
    expect(busy).toContain('aria-busy="true"');
    expect(busy).toMatch(/ disabled=""/);
    expect(renderToStaticMarkup(<Button loading>Save</Button>)).toContain("animate-spin");
    expect(tag(renderToStaticMarkup(<Button type="submit">Go</Button>), "button")).toContain('type="submit"');
  });

  it("buttonClasses gives links the button look of each variant and size", () => {
    expect(buttonClasses({ variant: "danger" })).toContain("bg-danger");
    expect(buttonClasses()).toContain("bg-brand-strong");
    expect(buttonClasses({ variant: "secondary", size: "sm", className: "w-full" })).toMatch(
      /border-line.*h-8.*w-full/,
    );
  });

  it("IconButton always has an accessible name, with or without its tooltip", () => {
    expect(tag(renderToStaticMarkup(<IconButton label="Close">x</IconButton>), "button")).toContain(
      'aria-label="Close"',
    );
    const withTip = renderToStaticMarkup(
      <TooltipProvider>
        <IconButton label="Rename chat" tooltip>
          x
        </IconButton>
      </TooltipProvider>,
    );
    expect(tag(withTip, "button")).toContain('aria-label="Rename chat"');
    expect(tag(withTip, "button")).toContain('type="button"');
  });

  it("Field links its control to the label, the error and the hint", () => {
    const html = renderToStaticMarkup(
      <Field id="store" label="Store name" hint="As customers see it" error="Store name is required">
        <Input />
      </Field>,
    );
    expect(tag(html, "label")).toContain('for="store"');
    const input = tag(html, "input");
    expect(input).toContain('id="store"');
    expect(input).toContain('aria-invalid="true"');
    expect(input).toContain('aria-describedby="store-error store-hint"');
    expect(html).toMatch(/<p id="store-error"[^>]*>.*Store name is required/);
    expect(html).toMatch(/<p id="store-hint"[^>]*>As customers see it</);

    const ok = tag(
      renderToStaticMarkup(
        <Field id="x" label="X">
          <Input />
        </Field>,
      ),
      "input",
    );
    expect(ok).not.toContain("aria-invalid");
    expect(ok).not.toContain("aria-describedby");
  });

  it("Field: an empty error marks the control invalid without an error text (the form alert explains)", () => {
    const html = renderToStaticMarkup(<Field id="pw" label="Password" error="" />);
    expect(tag(html, "input")).toContain('aria-invalid="true"');
    expect(tag(html, "input")).not.toContain("aria-describedby");
    expect(html).not.toContain("pw-error");
  });

  it("Field renders an Input from its own props, or keeps the child's id and description", () => {
    const own = tag(
      renderToStaticMarkup(<Field label="Email" id="email" type="email" name="email" autoComplete="email" />),
      "input",
    );
    expect(own).toContain('type="email"');
    expect(own).toContain('name="email"');
    expect(own).toContain('id="email"');

    const child = renderToStaticMarkup(
      <Field label="Bio" error="Too long">
        <Textarea id="bio" aria-describedby="bio-counter" />
      </Field>,
    );
    expect(tag(child, "label")).toContain('for="bio"');
    expect(tag(child, "textarea")).toContain('aria-describedby="bio-error bio-counter"');
  });

  it("ProgressBar is a progressbar with its values, amber near the limit and red when full", () => {
    const near = renderToStaticMarkup(
      <ProgressBar value={8} max={10} label="Queries used" valueText="8 of 10 queries" />,
    );
    expect(near).toContain('role="progressbar"');
    expect(near).toContain('aria-label="Queries used"');
    expect(near).toContain('aria-valuemin="0"');
    expect(near).toContain('aria-valuenow="8"');
    expect(near).toContain('aria-valuemax="10"');
    expect(near).toContain('aria-valuetext="8 of 10 queries"');
    expect(near).toContain("bg-warning");
    expect(renderToStaticMarkup(<ProgressBar value={3} max={10} label="q" />)).toContain("bg-brand");
    const over = renderToStaticMarkup(<ProgressBar value={12} max={10} label="q" />);
    expect(over).toContain('aria-valuenow="10"');
    expect(over).toContain("bg-danger");
    expect(renderToStaticMarkup(<ProgressBar value={-2} max={10} label="q" />)).toContain('aria-valuenow="0"');
  });

  type Product = { id: string; name: string };
  const columns: Column<Product>[] = [
    { key: "name", header: "Product", cell: (r) => r.name, sortable: true },
    { key: "id", header: "Id", cell: (r) => r.id, align: "right" },
  ];

  it("DataTable renders header cells and rows, or the empty state when there are none", () => {
    const html = renderToStaticMarkup(
      <DataTable columns={columns} rows={[{ id: "1", name: "Mount" }]} rowKey={(r) => r.id} caption="Products" />,
    );
    expect(html.match(/<th scope="col"/g)).toHaveLength(2);
    expect(html).toMatch(/<th[^>]*>Product<\/th>/);
    expect(html).toMatch(/<td[^>]*>Mount<\/td>/);
    expect(html).toMatch(/<caption[^>]*>Products<\/caption>/);
    expect(html).toContain("overflow-x-auto");

    const empty = renderToStaticMarkup(
      <DataTable columns={columns} rows={[]} rowKey={(r) => r.id} empty={<EmptyState title="No products yet" />} />,
    );
    expect(empty).toContain("No products yet");
    expect(empty).not.toContain("<table");

    const plain = renderToStaticMarkup(<DataTable columns={columns} rows={[]} rowKey={(r) => r.id} />);
    expect(plain).toMatch(/<td colSpan="2"[^>]*>Nothing to show yet\.<\/td>/);
  });

  it("DataTable: sortable headers are buttons with aria-sort once the table takes onSortChange", () => {
    const rows = [{ id: "1", name: "Mount" }];
    const unsorted = renderToStaticMarkup(<DataTable columns={columns} rows={rows} rowKey={(r) => r.id} />);
    expect(unsorted).not.toContain("aria-sort");
    expect(unsorted).not.toContain("<button");

    const onSortChange = vi.fn();
    const sorted = renderToStaticMarkup(
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        sort={{ key: "name", direction: "desc" }}
        onSortChange={onSortChange}
      />,
    );
    expect(sorted).toMatch(/<th scope="col" aria-sort="descending"[^>]*><button type="button"[^>]*>Product</);
    expect(sorted.match(/aria-sort/g)).toHaveLength(1);
    const none = renderToStaticMarkup(
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        sort={{ key: "id", direction: "asc" }}
        onSortChange={onSortChange}
      />,
    );
    expect(none).toContain('aria-sort="none"');
  });

  it("PageHeader is an h1 by default; Badge, Stat and EmptyState show their text", () => {
    expect(renderToStaticMarkup(<PageHeader title="Usage" />)).toMatch(/<h1[^>]*>Usage<\/h1>/);
    expect(renderToStaticMarkup(<PageHeader title="Usage" as="h2" />)).toMatch(/<h2[^>]*>Usage<\/h2>/);
    const badge = renderToStaticMarkup(<Badge tone="danger">Overdue</Badge>);
    expect(badge).toMatch(/>Overdue<\/span>$/);
    expect(badge).toContain("text-danger");
    const stat = renderToStaticMarkup(
      <Stat label="Orders" value="1,204" hint="This month" trend={{ direction: "down", label: "-3% vs May" }} />,
    );
    expect(stat).toMatch(/>Orders</);
    expect(stat).toMatch(/>1,204</);
    expect(stat).toMatch(/>This month</);
    expect(stat).toContain("-3% vs May");
    expect(stat).toContain("text-danger");
    expect(
      renderToStaticMarkup(<Stat label="Refunds" value="2" trend={{ direction: "down", label: "-1", good: true }} />),
    ).toContain("text-accent");
    const state = renderToStaticMarkup(
      <EmptyState title="No chats" description="Start one" action={<Button>New chat</Button>} />,
    );
    expect(state).toMatch(/>No chats</);
    expect(state).toMatch(/>Start one</);
    expect(state).toContain("New chat</button>");
  });

  it("Skeleton and an unlabelled Spinner are hidden from assistive technology; a labelled Spinner is a status", () => {
    expect(renderToStaticMarkup(<Skeleton className="h-8" />)).toMatch(/^<span aria-hidden="true"/);
    const lines = renderToStaticMarkup(<Skeleton lines={3} />);
    expect(lines).toMatch(/^<span aria-hidden="true"/);
    expect(lines.match(/motion-safe:animate-pulse/g)).toHaveLength(3);
    expect(renderToStaticMarkup(<Spinner />)).toContain('aria-hidden="true"');
    expect(renderToStaticMarkup(<Spinner />)).not.toContain("role=");
    expect(renderToStaticMarkup(<Spinner label="Loading chats" />)).toMatch(/role="status".*Loading chats/);
  });

  it("Tabs render a labelled tablist with the selected tab and its panel", () => {
    const html = renderToStaticMarkup(
      <Tabs defaultValue="b">
        <TabsList aria-label="Views">
          <TabsTrigger value="a">A</TabsTrigger>
          <TabsTrigger value="b">B</TabsTrigger>
        </TabsList>
        <TabsContent value="a">Panel A</TabsContent>
        <TabsContent value="b">Panel B</TabsContent>
      </Tabs>,
    );
    expect(html).toContain('role="tablist"');
    expect(html.match(/role="tab"/g)).toHaveLength(2);
    expect(html).toMatch(/aria-selected="true"[^>]*>B</);
    expect(html).toContain("Panel B");
    expect(html).not.toContain("Panel A");
  });

  it("cx joins the truthy class names", () => {
    expect(cx("a", false, undefined, null, "", "b")).toBe("a b");
  });
});

/**
 * The sections panel: the page's sections in order, each movable (dragged by its handle with a
 * mouse, a finger or the keyboard, or with the up/down buttons), hideable, duplicable (a duplicate
 * can be deleted) and editable in place: heading, text, items, button label and image.
 */
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type Modifier,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ChevronDown, Copy, Eye, EyeOff, GripVertical, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import type { PageSection } from "~/domain/contracts/pages";
import { Badge, Button, Field, IconButton, Input, Textarea, cx, Pressable } from "~/ui";
import { canDelete, duplicateSection, imageName, moveItem, reorderById, type PageDoc } from "./editor-logic";
import { PAGE_ITEMS_MAX, PAGE_SECTIONS_MAX, SECTION_LABELS } from "./page-limits";
import { MoveButtons, RemoveButton } from "./parts";
import type { PageEditor } from "./use-page-editor";

const HAS_BUTTON: PageSection["kind"][] = ["hero", "cta"];
/** What each kind's items are, in the merchant's words. */
const ITEM_WORDS: Partial<Record<PageSection["kind"], string>> = {
  benefits: "benefit",
  "how-it-works": "step",
  specs: "spec",
  "in-the-box": "item",
  faq: "question",
  guarantee: "promise",
};

function ImagePicker({
  section,
  images,
  onChange,
}: {
  section: PageSection;
  images: string[];
  onChange: (url: string | null) => void;
}) {
  const fromProduct = section.imageUrl !== null && images.includes(section.imageUrl);
  const [custom, setCustom] = useState(section.imageUrl !== null && !fromProduct ? section.imageUrl : "");
  const value = section.imageUrl === null ? "" : fromProduct ? section.imageUrl : "__custom";
  return (
    <div className="space-y-2">
      <Field label="Image">
        <select
          value={value}
          onChange={(e) => {
            const v = e.target.value;
            if (v === "__custom") onChange(custom.trim() || null);
            else onChange(v || null);
          }}
          className="block h-11 w-full cursor-pointer rounded-lg border border-line bg-bg-elevated px-3 text-[15px] text-fg shadow-sm outline-none focus:border-brand focus:ring-3 focus:ring-brand/25 sm:text-sm"
        >
          <option value="">No image</option>
          {images.map((img, i) => (
            <option key={img} value={img}>
              {i === 0 ? "Main image" : `Image ${i + 1}`}: {imageName(img)}
            </option>
          ))}
          <option value="__custom">Another image (paste its address)…</option>
        </select>
      </Field>
      {value === "__custom" || (section.imageUrl === null && custom) ? (
        <Field label="Image address" hint="An https:// address; the preview shows it.">
          <Input
            value={custom}
            inputMode="url"
            placeholder="https://cdn.example.com/photo.jpg"
            onChange={(e) => {
              setCustom(e.target.value);
              if (/^https?:\/\/\S+$/i.test(e.target.value.trim())) onChange(e.target.value.trim());
            }}
          />
        </Field>
      ) : null}
    </div>
  );
}

function SectionCard({
  section,
  index,
  count,
  images,
  open,
  onToggle,
  update,
  onMove,
  onDuplicate,
  onDelete,
  deletable,
  full,
}: {
  section: PageSection;
  index: number;
  count: number;
  images: string[];
  open: boolean;
  onToggle: () => void;
  update: (patch: Partial<PageSection>, key: string | null) => void;
  onMove: (to: number) => void;
  onDuplicate: () => void;
  onDelete: () => void;
  deletable: boolean;
  full: boolean;
}) {
  const label = SECTION_LABELS[section.kind];
  const itemWord = ITEM_WORDS[section.kind];
  const bodyId = `pb-section-${section.id}`;
  const k = (field: string) => `section-${section.id}-${field}`;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: section.id,
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cx(
        "relative rounded-2xl border bg-surface transition-colors",
        section.hidden ? "border-dashed border-line" : "border-line",
        isDragging && "z-10 border-brand shadow-lg ring-2 ring-brand/25",
      )}
      data-testid="pb-section"
      data-section-id={section.id}
      data-kind={section.kind}
      data-hidden={section.hidden || undefined}
      data-dragging={isDragging || undefined}
    >
      <div className="flex items-center gap-1 p-2 pl-1">
        {/* Only the handle starts a drag, so clicks and typing in the card's fields stay what they are. */}
        <IconButton
          ref={setActivatorNodeRef}
          size="sm"
          label={`Reorder the ${label} section`}
          title="Drag to reorder (or focus and press Space, then the arrow keys)"
          className={cx("touch-none", isDragging ? "cursor-grabbing" : "cursor-grab")}
          data-testid="pb-section-handle"
          {...attributes}
          {...listeners}
        >
          <GripVertical className="size-4" aria-hidden />
        </IconButton>
        <Pressable
          onClick={onToggle}
          aria-expanded={open}
          aria-controls={bodyId}
          className="flex min-w-0 flex-1 items-center gap-2 rounded-lg py-1 text-left"
        >
          <ChevronDown
            aria-hidden
            className={cx("size-4 shrink-0 text-subtle transition-transform", open ? "" : "-rotate-90")}
          />
          <span className="min-w-0">
            <span className="flex items-center gap-2">
              <span className="text-xs font-semibold uppercase tracking-wide text-subtle">{label}</span>
              {section.hidden && <Badge>Hidden</Badge>}
            </span>
            <span
              className={cx("block truncate text-sm font-medium", section.hidden ? "text-muted" : "text-fg")}
              data-testid="pb-section-heading"
            >
              {section.heading || <span className="italic text-subtle">No heading</span>}
            </span>
          </span>
        </Pressable>
        <div className="flex shrink-0 items-center">
          <MoveButtons index={index} count={count} label={`${label} section`} onMove={onMove} />
          <IconButton
            size="sm"
            label={section.hidden ? `Show the ${label} section` : `Hide the ${label} section`}
            tooltip
            onClick={() => update({ hidden: !section.hidden }, null)}
            data-testid="pb-section-visibility"
          >
            {section.hidden ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
          </IconButton>
          <IconButton size="sm" label={`Duplicate the ${label} section`} tooltip onClick={onDuplicate} disabled={full}>
            <Copy className="size-4" aria-hidden />
          </IconButton>
          {deletable && (
            <IconButton
              size="sm"
              label={`Delete this ${label} section (a duplicate)`}
              tooltip
              onClick={onDelete}
              className="hover:text-danger"
            >
              <Trash2 className="size-4" aria-hidden />
            </IconButton>
          )}
        </div>
      </div>
      {open && (
        <div id={bodyId} className="space-y-3 border-t border-line p-3">
          <Field label="Heading">
            <Input
              value={section.heading}
              maxLength={500}
              onChange={(e) => update({ heading: e.target.value }, k("heading"))}
              data-testid="pb-section-heading-input"
            />
          </Field>
          <Field label="Text">
            <Textarea
              value={section.body}
              rows={4}
              maxLength={5000}
              onChange={(e) => update({ body: e.target.value }, k("body"))}
            />
          </Field>
          {itemWord && (
            <div>
              <p className="mb-1.5 text-sm font-medium text-fg">{itemWord[0].toUpperCase() + itemWord.slice(1)}s</p>
              <ol className="space-y-2">
                {section.items.map((item, i) => (
                  <li key={i} className="rounded-xl border border-line bg-bg-elevated p-2">
                    <div className="flex items-center gap-1">
                      <Input
                        aria-label={`${itemWord} ${i + 1} title`}
                        value={item.title}
                        placeholder={section.kind === "faq" ? "The question" : "Title"}
                        onChange={(e) =>
                          update(
                            { items: section.items.map((x, j) => (j === i ? { ...x, title: e.target.value } : x)) },
                            k(`item-t-${i}`),
                          )
                        }
                      />
                      <MoveButtons
                        index={i}
                        count={section.items.length}
                        label={`${itemWord} ${i + 1}`}
                        onMove={(to) => update({ items: moveItem(section.items, i, to) }, null)}
                      />
                      <RemoveButton
                        label={`Remove ${itemWord} ${i + 1}`}
                        onClick={() => update({ items: section.items.filter((_, j) => j !== i) }, null)}
                      />
                    </div>
                    <Textarea
                      aria-label={`${itemWord} ${i + 1} text`}
                      className="mt-2 min-h-16"
                      rows={2}
                      value={item.text}
                      placeholder={section.kind === "faq" ? "The answer" : "Text"}
                      onChange={(e) =>
                        update(
                          { items: section.items.map((x, j) => (j === i ? { ...x, text: e.target.value } : x)) },
                          k(`item-x-${i}`),
                        )
                      }
                    />
                  </li>
                ))}
              </ol>
              {section.items.length < PAGE_ITEMS_MAX && (
                <Button
                  size="sm"
                  variant="subtle"
                  className="mt-2"
                  icon={<Plus className="size-3.5" aria-hidden />}
                  onClick={() => update({ items: [...section.items, { title: "", text: "" }] }, null)}
                >
                  Add a {itemWord}
                </Button>
              )}
            </div>
          )}
          {HAS_BUTTON.includes(section.kind) && (
            <Field label="Button label" hint="Leave empty for “Buy now”.">
              <Input
                value={section.buttonLabel ?? ""}
                maxLength={80}
                placeholder="Buy now"
                onChange={(e) => update({ buttonLabel: e.target.value || null }, k("button"))}
              />
            </Field>
          )}
          <ImagePicker section={section} images={images} onChange={(imageUrl) => update({ imageUrl }, k("image"))} />
        </div>
      )}
    </li>
  );
}

/** Sections move up and down only: a sideways drag would look like it could go somewhere. */
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

/** What a screen reader hears while a section is dragged: its name and position, not its id. */
function announcementsFor(sections: readonly PageSection[]): Announcements {
  const name = (id: UniqueIdentifier) => {
    const s = sections.find((x) => x.id === id);
    return s ? `the ${SECTION_LABELS[s.kind]} section${s.heading ? ` “${s.heading}”` : ""}` : "the section";
  };
  const position = (id: UniqueIdentifier | undefined) =>
    `position ${sections.findIndex((x) => x.id === id) + 1} of ${sections.length}`;
  return {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}, ${position(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${name(active.id)} is over ${position(over.id)}.` : undefined),
    onDragEnd: ({ active, over }) =>
      over
        ? `Dropped ${name(active.id)} at ${position(over.id)}.`
        : `Dropped ${name(active.id)}; the order did not change.`,
    onDragCancel: ({ active }) => `Cancelled: ${name(active.id)} stays where it was.`,
  };
}

const DRAG_INSTRUCTIONS = {
  draggable:
    "To move a section, press Space or Enter on its handle, move it with the up and down arrow keys, then press Space or Enter again to drop it, or Escape to cancel.",
};

export function SectionsEditor({ doc, change }: { doc: PageDoc; change: PageEditor["change"] }) {
  const [open, setOpen] = useState<string | null>(doc.sections[0]?.id ?? null);
  const setSections = (update: (s: PageSection[]) => PageSection[], key: string | null) =>
    change((d) => ({ ...d, sections: update(d.sections) }), key);
  const full = doc.sections.length >= PAGE_SECTIONS_MAX;
  const visible = doc.sections.filter((s) => !s.hidden).length;
  // A few pixels of travel before a drag starts, so a click or tap on the handle is not a move. The
  // handle is touch-action: none, so pointer events carry fingers too; the touch sensor covers
  // browsers without them.
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  // The drop is one edit of the same document the buttons change: one undo step, saved by autosave.
  const onDragEnd = ({ active, over }: DragEndEvent) =>
    setSections((all) => reorderById(all, String(active.id), over ? String(over.id) : null), null);
  return (
    <div data-testid="pb-sections-panel">
      <p className="mb-3 text-xs text-muted" aria-live="polite">
        {doc.sections.length} sections, {visible} shown. Drag a section by its handle to reorder. Hidden sections stay
        in the draft but not on the page.
      </p>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        modifiers={[verticalOnly]}
        onDragEnd={onDragEnd}
        accessibility={{ announcements: announcementsFor(doc.sections), screenReaderInstructions: DRAG_INSTRUCTIONS }}
      >
        <SortableContext items={doc.sections.map((s) => s.id)} strategy={verticalListSortingStrategy}>
          <ol className="space-y-2" aria-label="Page sections">
            {doc.sections.map((s, i) => (
              <SectionCard
                key={s.id}
                section={s}
                index={i}
                count={doc.sections.length}
                images={doc.product.images}
                open={open === s.id}
                onToggle={() => setOpen((o) => (o === s.id ? null : s.id))}
                update={(patch, key) =>
                  setSections((all) => all.map((x) => (x.id === s.id ? { ...x, ...patch } : x)), key)
                }
                onMove={(to) => setSections((all) => moveItem(all, i, to), null)}
                onDuplicate={() => setSections((all) => duplicateSection(all, i), null)}
                onDelete={() => setSections((all) => all.filter((x) => x.id !== s.id), null)}
                deletable={canDelete(doc.sections, i)}
                full={full}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </div>
  );
}

/**
 * The Image Maker at /image-maker/:step: product, goal and style, copy and price, sizes,
 * generate. The step is in the URL (Back and Forward work); the draft lives in localStorage per
 * user, so a reload keeps it. /image-maker lands on the draft's step.
 */
import { useNavigate, useSearchParams } from "@remix-run/react";
import { ArrowLeft, ArrowRight, Check, Wand2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { TEMPLATE_LABELS } from "~/domain/images";
import { useSubscription } from "~/features/account";
import { Button, PageHeader, Skeleton, cx, Pressable } from "~/ui";
import { wizardStore, useWizardDraft } from "./draft-store";
import { CopyStep } from "./step-copy";
import { GenerateStep } from "./step-generate";
import { ProductStep } from "./step-product";
import { SizesStep } from "./step-sizes";
import { TemplatePicker } from "./template-picker";
import { useCapabilities, useDesignDefaults } from "./use-image-data";
import {
  applyDefaults,
  blockerOf,
  canVisit,
  defaultsKeyOf,
  emptyDraft,
  firstOpenStep,
  isWizardStep,
  landingStep,
  nextStep,
  previousStep,
  productParam,
  STEP_LABELS,
  stepIndex,
  WIZARD_STEPS,
  withSource,
  type WizardDraft,
  type WizardStep,
} from "./wizard-logic";

const STEP_INTRO: Record<WizardStep, string> = {
  product: "Upload product photos, or start from a product in your catalog or one of your pages.",
  style: "What should the image do? Each style is a layout the compositor draws with your photo and copy.",
  copy: "Filled in from your product and brand; edit anything. The preview updates as you type.",
  sizes: "Pick every place you will post it: each size is laid out on its own, not cropped.",
  generate: "Make the images, look them over, download the ones you like.",
};

function StepIndicator({ current, draft, maxCount, onGo }: { current: WizardStep; draft: WizardDraft; maxCount: number; onGo: (s: WizardStep) => void }) {
  const open = firstOpenStep(draft, maxCount);
  return (
    <nav aria-label="Steps" className="mb-5">
      <p className="mb-2 text-xs font-medium text-subtle sm:hidden" aria-hidden>
        Step {stepIndex(current) + 1} of {WIZARD_STEPS.length} · {STEP_LABELS[current].label}
      </p>
      <ol className="flex items-center gap-1 sm:gap-2">
        {WIZARD_STEPS.map((s, i) => {
          const isCurrent = s === current;
          const reachable = canVisit(s, draft, maxCount);
          // Done: behind the merchant and complete (steps ahead that happen to be filled in stay numbered).
          const done = stepIndex(s) < stepIndex(current) && stepIndex(s) < stepIndex(open);
          return (
            <li key={s} className="flex min-w-0 flex-1 items-center gap-1 sm:gap-2">
              <Pressable
                onClick={() => onGo(s)}
                disabled={!reachable || isCurrent}
                aria-current={isCurrent ? "step" : undefined}
                className={cx(
                  "group flex min-w-0 items-center gap-2 rounded-xl py-1 pr-2 text-left outline-none transition-colors focus-visible:ring-3 focus-visible:ring-brand/35 disabled:cursor-default",
                  reachable && !isCurrent && "hover:bg-surface-2",
                )}
                data-testid={`im-step-${s}`}
                data-state={isCurrent ? "current" : done ? "done" : reachable ? "open" : "locked"}
              >
                <span
                  className={cx(
                    "grid size-7 shrink-0 place-items-center rounded-full text-xs font-bold transition-colors",
                    isCurrent ? "bg-brand-strong text-white shadow-md shadow-brand/30" : done ? "bg-accent/15 text-accent" : "bg-surface-2 text-subtle",
                  )}
                  aria-hidden
                >
                  {done ? <Check className="size-3.5" strokeWidth={3} /> : i + 1}
                </span>
                <span className={cx("truncate text-[13px] font-semibold max-sm:sr-only", isCurrent ? "text-fg" : done ? "text-muted" : "text-subtle")}>
                  <span className="lg:hidden">{STEP_LABELS[s].short}</span>
                  <span className="max-lg:hidden">{STEP_LABELS[s].label}</span>
                  {done && <span className="sr-only"> (done)</span>}
                </span>
              </Pressable>
              {i < WIZARD_STEPS.length - 1 && (
                <span aria-hidden className={cx("h-0.5 min-w-2 flex-1 rounded-full", done ? "bg-accent/40" : "bg-line")} />
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** Fills the copy from design-defaults whenever the source, project or template asks for it. */
function useDefaultsSync(draft: WizardDraft | null, update: (f: (d: WizardDraft) => WizardDraft) => void) {
  const started = Boolean(draft && (draft.photos.length > 0 || draft.source));
  const defaults = useDesignDefaults(
    {
      template: draft?.template ?? "studio",
      productId: draft?.source?.kind === "product" ? draft.source.productId : null,
      pageId: draft?.source?.kind === "page" ? draft.source.pageId : null,
      projectId: draft?.projectId ?? null,
    },
    started,
  );
  const key = draft ? defaultsKeyOf(draft) : null;
  const data = defaults.data;
  useEffect(() => {
    if (!data || !key) return;
    update((d) => {
      if (defaultsKeyOf(d) !== key) return d;
      const next = applyDefaults(d, data, key);
      return JSON.stringify(next) === JSON.stringify(d) ? d : next;
    });
  }, [data, key, update]);
  return defaults;
}

export function ImageMakerScreen({ step: stepParam }: { step?: string }) {
  const navigate = useNavigate();
  const { draft, update, userId } = useWizardDraft();
  const subscription = useSubscription();
  const caps = useCapabilities();
  // The free plan's allowance is 0 (Generate opens the upgrade modal); its merchants still set up a design.
  const maxCount = Math.max(1, caps.data?.maxImagesPerRequest ?? 4);
  const defaults = useDefaultsSync(draft, update);
  const [blocked, setBlocked] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const step: WizardStep | null = isWizardStep(stepParam) ? stepParam : null;

  // `?product=<id>` (the Explorer product's "Make visuals"): start from that catalog product on
  // the product step, where its photos can be imported; the parameter is dropped (replace).
  const [params] = useSearchParams();
  const fromProduct = productParam(params);
  useEffect(() => {
    if (!fromProduct || userId === null) return;
    wizardStore.set(userId, (d) => ({ ...withSource(d, { kind: "product", productId: fromProduct, title: "" }), step: "product" }));
    navigate("/image-maker/product", { replace: true });
  }, [fromProduct, userId, navigate]);

  // /image-maker, an unknown step, or a step whose earlier steps are not done: go where the draft is.
  useEffect(() => {
    if (!draft || fromProduct) return;
    if (!step) navigate(`/image-maker/${landingStep(draft, maxCount)}`, { replace: true });
    else if (!canVisit(step, draft, maxCount)) navigate(`/image-maker/${firstOpenStep(draft, maxCount)}`, { replace: true });
  }, [draft, step, maxCount, navigate, fromProduct]);

  // Remember the step (a reload of /image-maker comes back here); focus the heading for screen readers.
  const visible = draft && step && canVisit(step, draft, maxCount) ? step : null;
  const first = useRef(true);
  useEffect(() => {
    if (!visible) return;
    setBlocked(null);
    update((d) => (d.step === visible ? d : { ...d, step: visible }));
    if (first.current) first.current = false;
    else heading.current?.focus({ preventScroll: false });
  }, [visible, update]);

  if (!draft || !visible || userId === null) {
    return (
      <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6" aria-busy data-testid="image-maker-loading">
        <Skeleton className="h-9 w-56" />
        <Skeleton className="mt-6 h-10 w-full" />
        <Skeleton className="mt-6 h-72 w-full" />
      </div>
    );
  }

  const go = (s: WizardStep) => navigate(`/image-maker/${s}`);
  const next = nextStep(visible);
  const back = previousStep(visible);
  const blocker = blockerOf(visible, draft, maxCount);
  const onNext = () => {
    if (blocker) return setBlocked(blocker);
    if (next) go(next);
  };
  const startOver = () => {
    wizardStore.set(userId, () => emptyDraft());
    navigate("/image-maker/product");
  };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 pb-6 pt-6 sm:px-6" data-testid="image-maker" data-step={visible}>
      <PageHeader
        className="mb-5"
        title={
          <span className="flex items-center gap-2.5">
            <span className="grid size-9 place-items-center rounded-xl bg-brand-soft text-brand" aria-hidden>
              <Wand2 className="size-5" />
            </span>
            Image Maker
          </span>
        }
        description="Product images and ad creatives in every platform size, from your photo, your product data and your brand."
      />
      <StepIndicator current={visible} draft={draft} maxCount={maxCount} onGo={go} />

      <div className="mb-4">
        <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold tracking-tight text-fg outline-none" data-testid="im-step-title">
          {stepIndex(visible) + 1}. {STEP_LABELS[visible].label}
        </h2>
        <p className="mt-1 text-sm text-muted">{STEP_INTRO[visible]}</p>
      </div>

      {visible === "product" && <ProductStep draft={draft} update={update} defaultsLoading={defaults.isFetching} />}
      {visible === "style" && (
        <TemplatePicker
          value={draft.template}
          onChange={(template) => update({ template })}
          fields={draft.fields}
          photoImageId={draft.photos[0]?.id ?? null}
          logoImageId={draft.logo?.id ?? null}
          productId={draft.source?.kind === "product" ? draft.source.productId : null}
          name="im-template"
        />
      )}
      {visible === "copy" && <CopyStep draft={draft} update={update} loadError={defaults.isError ? defaults.error : null} onRetry={() => void defaults.refetch()} />}
      {visible === "sizes" && <SizesStep draft={draft} update={update} maxCount={maxCount} isFree={subscription.isFree} />}
      {visible === "generate" && <GenerateStep draft={draft} update={update} isFree={subscription.isFree} onStartOver={startOver} />}

      {visible !== "generate" && (
        // Sticky for paid plans; on Free the plan banner owns the bottom edge, so the bar ends the page instead.
        <div className={cx("z-20 -mx-4 mt-8 border-t border-line bg-bg/90 backdrop-blur-md sm:-mx-6", !subscription.isFree && "sticky bottom-0")}>
          <div className="flex items-center gap-3 px-4 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:px-6">
            {back ? (
              <Button variant="secondary" onClick={() => go(back)} icon={<ArrowLeft aria-hidden className="size-4" />} data-testid="im-back">
                Back
              </Button>
            ) : (
              <span />
            )}
            <p
              className={cx("min-w-0 flex-1 text-[13px] leading-snug", blocked && blocker ? "text-danger" : "text-subtle")}
              role={blocked && blocker ? "alert" : undefined}
              data-testid="im-blocker"
            >
              {blocked && blocker ? (
                blocker
              ) : blocker ? (
                <span className="max-sm:hidden">{blocker}</span>
              ) : visible === "style" && draft.template ? (
                `${TEMPLATE_LABELS[draft.template].label} selected`
              ) : (
                ""
              )}
            </p>
            <Button
              onClick={onNext}
              // Not ready yet: drawn as the quiet button (a press says what is missing), with text that still reads at 4.5:1.
              variant={blocker ? "secondary" : "primary"}
              data-testid="im-next"
            >
              <span>
                Next{next ? <span className="max-sm:hidden">: {STEP_LABELS[next].short}</span> : null}
              </span>
              <ArrowRight aria-hidden className="size-4" />
            </Button>
          </div>
        </div>
      )}
      {visible === "generate" && (
        <div className="mt-6">
          <Button variant="ghost" onClick={() => go("sizes")} icon={<ArrowLeft aria-hidden className="size-4" />} data-testid="im-back">
            Back to sizes
          </Button>
        </div>
      )}
    </div>
  );
}

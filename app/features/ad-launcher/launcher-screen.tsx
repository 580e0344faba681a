/**
 * /ad-launcher (issue 28): without the launcher flag, what the launcher does and how to ask for
 * it; with it, the stepped flow from an ad account and a product to a paused Meta campaign, and
 * the launches to manage. `?product=<ref>` preselects a product (the flow detail page and the
 * Explorer link with `catalog:<id>`); `?tab=launches` opens the list.
 */
import { useSearchParams } from "@remix-run/react";
import { ArrowLeft, ArrowRight, Check } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import type { LaunchProduct } from "~/domain/contracts/ad-launcher";
import type { Image } from "~/domain/contracts/images";
import { useCurrentUser } from "~/features/account";
import { Badge, Button, cx, FullScreenLoader, PageHeader, Pressable, Tabs, TabsContent, TabsList, TabsTrigger } from "~/ui";
import { AccountStep } from "./account-step";
import { AudienceStep } from "./audience-step";
import { CopyStep } from "./copy-step";
import { CreativesStep } from "./creatives-step";
import type { LaunchCharge } from "./launcher-client";
import {
  emptyDraft,
  LAUNCH_STEPS,
  launchBody,
  reviewChecklist,
  stepProblems,
  type LaunchDraft,
  type LaunchStepId,
  type StepContext,
} from "./launcher-logic";
import { LaunchesPanel } from "./launches-panel";
import { LauncherNoAccess } from "./no-access";
import { ProductStep } from "./product-step";
import { ReviewStep } from "./review-step";
import {
  useAdAccount,
  useCreateLaunch,
  useDestinationCheck,
  useLaunches,
  useLauncherImages,
  useLaunchProducts,
  useRetryLaunch,
  useWriteAdCopy,
} from "./use-launcher";
import type { Launch } from "~/domain/contracts/ad-launcher";

export function AdLauncherScreen() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading && !user) return <FullScreenLoader message="Loading the launcher…" />;
  if (!user?.launcherAccess) return <LauncherNoAccess />;
  return <Launcher />;
}

const defaultName = (product: LaunchProduct) =>
  `${product.title.slice(0, 150)} · ${new Date().toLocaleDateString("en-US", { month: "short", day: "numeric" })}`;

function Launcher() {
  const [params, setParams] = useSearchParams();
  const preselect = params.get("product");
  const tab = params.get("tab") === "launches" ? "launches" : "new";
  const setTab = (next: string) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        if (next === "launches") out.set("tab", "launches");
        else out.delete("tab");
        return out;
      },
      { replace: true, preventScrollReset: true },
    );

  const [draft, setDraft] = useState<LaunchDraft>(() => emptyDraft(preselect));
  const [step, setStep] = useState<LaunchStepId>("account");
  const [showErrors, setShowErrors] = useState(false);
  const [checkedUrl, setCheckedUrl] = useState<string | null>(null);
  const [imageLoads, setImageLoads] = useState<Record<string, "loaded" | "failed">>({});
  const [result, setResult] = useState<{ launch: Launch; charged: LaunchCharge | null } | null>(null);

  const account = useAdAccount(true);
  const products = useLaunchProducts(preselect, true);
  const check = useDestinationCheck(checkedUrl);
  const images = useLauncherImages(true);
  const launches = useLaunches(true);
  const writeCopy = useWriteAdCopy();
  const create = useCreateLaunch();
  const retry = useRetryLaunch();

  const product = products.data?.find((p) => p.ref === draft.productRef) ?? null;
  const imageMap = useMemo(() => new Map<string, Image>((images.data?.data ?? []).map((i) => [i.id, i])), [images.data]);
  const ctx: StepContext = {
    account: account.data ?? null,
    product,
    destination: check.data && checkedUrl !== null && checkedUrl === draft.destinationUrl.trim() ? { url: checkedUrl, ok: check.data.ok } : null,
    images: imageMap,
  };
  const currency = account.data?.currency ?? "USD";

  const update = (patch: Partial<LaunchDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const runCheck = (url: string) => {
    const clean = url.trim();
    if (!clean) return;
    if (clean === checkedUrl) void check.refetch();
    else setCheckedUrl(clean);
  };
  const pickProduct = (p: LaunchProduct) => {
    if (p.ref === draft.productRef) return;
    const destination = p.destinations[0]?.url ?? "";
    setDraft((d) => ({ ...d, productRef: p.ref, destinationUrl: destination, copy: [], creatives: {}, name: defaultName(p) }));
    writeCopy.reset();
    if (destination) runCheck(destination);
  };

  // A connected account starts the flow at the product; a preselected product gets its first destination checked.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || account.isPending) return;
    started.current = true;
    if (account.data && account.data.status === "active") setStep("product");
  }, [account.isPending, account.data]);
  const preselected = useRef(false);
  useEffect(() => {
    if (preselected.current || !products.data || !preselect) return;
    preselected.current = true;
    const p = products.data.find((x) => x.ref.toLowerCase() === preselect.toLowerCase());
    if (p) {
      const destination = p.destinations[0]?.url ?? "";
      setDraft((d) => ({ ...d, productRef: p.ref, destinationUrl: destination, name: defaultName(p) }));
      if (destination) setCheckedUrl(destination);
    }
  }, [products.data, preselect]);

  const write = () => {
    if (!draft.productRef) return;
    writeCopy.mutate(draft.productRef, {
      onSuccess: (written) => update({ copy: written.variants.map((v) => ({ ...v, included: true })) }),
    });
  };

  const index = LAUNCH_STEPS.findIndex((s) => s.id === step);
  const problems = stepProblems(step, draft, ctx);
  const reachable = (i: number) => LAUNCH_STEPS.slice(0, i).every((s) => stepProblems(s.id, draft, ctx).length === 0);
  const go = (next: LaunchStepId) => {
    setShowErrors(false);
    setStep(next);
    if (next === "copy" && draft.copy.length === 0 && !writeCopy.isPending && draft.productRef) write();
    document.getElementById("launch-step-title")?.focus({ preventScroll: false });
  };
  const next = () => {
    if (problems.length > 0) return setShowErrors(true);
    go(LAUNCH_STEPS[index + 1].id);
  };

  const checklist = reviewChecklist(draft, ctx, imageLoads);
  const launch = () => {
    setResult(null);
    create.mutate(launchBody(draft), { onSuccess: (r) => setResult(r) });
  };
  const retryLaunch = (id: string) => retry.mutate(id, { onSuccess: (r) => setResult(r), onError: () => setResult(null) });
  const startOver = () => {
    setDraft(emptyDraft(null));
    setResult(null);
    create.reset();
    writeCopy.reset();
    setCheckedUrl(null);
    setImageLoads({});
    setStep(account.data ? "product" : "account");
  };

  const current = LAUNCH_STEPS[index];
  const launchCount = launches.data?.filter((l) => l.state !== "deleted").length;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8" data-screen="ad-launcher">
      <PageHeader title="AI Launcher" description="From a product, its page and its visuals to a paused Meta campaign you control." />
      <Tabs value={tab} onValueChange={setTab} className="mt-6">
        <TabsList aria-label="Launcher">
          <TabsTrigger value="new" data-testid="tab-new-launch">New launch</TabsTrigger>
          <TabsTrigger value="launches" data-testid="tab-launches">
            Launches{launchCount ? <Badge className="ml-1.5">{launchCount}</Badge> : null}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="new" className="mt-5 focus-visible:outline-none">
          <div className="grid gap-6 lg:grid-cols-[13rem_minmax(0,1fr)]">
            <nav aria-label="Launch steps" className="min-w-0">
              <p className="text-xs font-medium text-muted lg:hidden" aria-hidden>
                Step {index + 1} of {LAUNCH_STEPS.length}
              </p>
              <ol className="mt-2 flex gap-1.5 overflow-x-auto pb-1 lg:mt-0 lg:flex-col lg:gap-1 lg:overflow-visible" data-testid="launch-steps">
                {LAUNCH_STEPS.map((s, i) => {
                  const done = i < index || (i !== index && stepProblems(s.id, draft, ctx).length === 0 && s.id !== "review");
                  const can = i <= index || reachable(i);
                  return (
                    <li key={s.id} className="shrink-0">
                      <Pressable
                        onClick={() => can && go(s.id)}
                        disabled={!can}
                        aria-current={s.id === step ? "step" : undefined}
                        className={cx(
                          "flex w-full items-center gap-2 rounded-xl px-2.5 py-2 text-left text-sm transition-colors",
                          s.id === step ? "bg-brand-soft font-semibold text-fg" : can ? "text-muted hover:bg-surface-2 hover:text-fg" : "cursor-not-allowed text-subtle",
                        )}
                        data-testid={`step-${s.id}`}
                      >
                        <span
                          aria-hidden
                          className={cx(
                            "grid size-6 shrink-0 place-items-center rounded-full text-xs font-semibold",
                            s.id === step ? "bg-brand-strong text-white" : done ? "bg-accent/15 text-accent" : "bg-surface-2 text-muted",
                          )}
                        >
                          {done && s.id !== step ? <Check className="size-3.5" /> : i + 1}
                        </span>
                        <span className="whitespace-nowrap">
                          <span className="lg:hidden">{s.short}</span>
                          <span className="hidden lg:inline">{s.title}</span>
                        </span>
                      </Pressable>
                    </li>
                  );
                })}
              </ol>
            </nav>
            <section aria-labelledby="launch-step-title" className="min-w-0 rounded-2xl border border-line bg-bg-elevated p-4 sm:p-6" data-testid={`launch-step-${step}`}>
              <h2 id="launch-step-title" tabIndex={-1} className="text-lg font-semibold tracking-tight text-fg outline-none">
                {index + 1}. {current.title}
              </h2>
              <div className="mt-4">
                {step === "account" && <AccountStep />}
                {step === "product" && (
                  <ProductStep
                    products={products}
                    productRef={draft.productRef}
                    onProduct={pickProduct}
                    destinationUrl={draft.destinationUrl}
                    onDestination={(url) => update({ destinationUrl: url })}
                    check={check}
                    checkedUrl={checkedUrl}
                    onCheck={runCheck}
                  />
                )}
                {step === "creatives" && (
                  <CreativesStep
                    images={images}
                    product={product}
                    creatives={draft.creatives}
                    onPick={(placement, imageId) => setDraft((d) => {
                      const creatives = { ...d.creatives };
                      if (imageId) creatives[placement] = imageId;
                      else delete creatives[placement];
                      return { ...d, creatives };
                    })}
                  />
                )}
                {step === "copy" && (
                  <CopyStep
                    copy={draft.copy}
                    onCopy={(copy) => update({ copy })}
                    written={writeCopy.data ?? null}
                    writing={writeCopy.isPending}
                    writeError={writeCopy.error}
                    onWrite={write}
                    callToAction={draft.callToAction}
                    onCallToAction={(callToAction) => update({ callToAction })}
                  />
                )}
                {step === "audience" && <AudienceStep draft={draft} onChange={update} product={product} currency={currency} showErrors={showErrors} />}
                {step === "review" && (
                  <ReviewStep
                    draft={draft}
                    onName={(name) => update({ name })}
                    account={account.data ?? null}
                    images={imageMap}
                    checklist={checklist}
                    onImageLoad={(id, state) => setImageLoads((m) => (m[id] === state ? m : { ...m, [id]: state }))}
                    launching={create.isPending}
                    launchError={create.error}
                    result={result}
                    retrying={retry.isPending}
                    onLaunch={launch}
                    onRetry={retryLaunch}
                    onManage={() => setTab("launches")}
                    onStartOver={startOver}
                  />
                )}
              </div>
              {showErrors && problems.length > 0 && (
                <ul role="alert" className="mt-5 space-y-1 rounded-xl border border-danger/30 bg-danger/5 px-3.5 py-2.5 text-sm text-danger" data-testid="step-problems">
                  {problems.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              )}
              {step !== "review" && (
                <div className="mt-6 flex items-center justify-between gap-3 border-t border-line pt-4">
                  <Button variant="ghost" onClick={() => go(LAUNCH_STEPS[index - 1].id)} disabled={index === 0} icon={<ArrowLeft aria-hidden className="size-4" />}>
                    Back
                  </Button>
                  <Button onClick={next} data-testid="step-continue">
                    Continue <ArrowRight aria-hidden className="size-4" />
                  </Button>
                </div>
              )}
              {step === "review" && !result && (
                <div className="mt-6 border-t border-line pt-4">
                  <Button variant="ghost" onClick={() => go("audience")} icon={<ArrowLeft aria-hidden className="size-4" />}>
                    Back
                  </Button>
                </div>
              )}
            </section>
          </div>
        </TabsContent>
        <TabsContent value="launches" className="mt-5 focus-visible:outline-none">
          <LaunchesPanel onNew={() => setTab("new")} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

/**
 * Step 3: one gallery image per placement, in the shape the placement needs (the domain's
 * `imageFitsPlacement`). A placement with no fitting image says so; the compositor makes one here
 * from the product's record (the Image Maker's design defaults, one marketing visual counted) or
 * Marketing Visuals does with more control. Images made for this product come first.
 */
import { Link } from "@remix-run/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Check, ImageOff, Sparkles, Wand2 } from "lucide-react";
import { AD_PLACEMENTS, type AdPlacementId } from "~/domain/ad-launcher";
import type { MARKETING_PRESET_IDS } from "~/domain/images";
import type { LaunchProduct } from "~/domain/contracts/ad-launcher";
import type { Image } from "~/domain/contracts/images";
import { createMarketingVisuals, fetchDesignDefaults, imageKeys } from "~/features/images";
import { errorMessage } from "~/lib/http";
import { notify } from "~/lib/toast";
import { Badge, Button, LoadError, RadioGroup, Skeleton, Tile, cx } from "~/ui";
import { imageFits } from "./launcher-logic";
import type { useLauncherImages } from "./use-launcher";

const ASPECT: Record<AdPlacementId, string> = { feed: "aspect-square", stories: "aspect-[9/16]", link: "aspect-[1.91/1]" };
const MAKE_PRESET: Record<AdPlacementId, (typeof MARKETING_PRESET_IDS)[number]> = { feed: "instagram-post", stories: "instagram-story", link: "facebook-feed" };

/** Where the product's record lives for the images API: a page, or a catalog product or import. */
export function visualTarget(product: LaunchProduct): { pageId: string } | { productId: string } {
  const [kind, ...rest] = product.ref.split(":");
  const id = rest.join(":");
  return kind === "page" ? { pageId: id } : { productId: id };
}

/** Makes one visual in the placement's shape with the compositor, then picks it. */
function MakeHere({ placement, product, onMade }: { placement: (typeof AD_PLACEMENTS)[number]; product: LaunchProduct; onMade: (imageId: string) => void }) {
  const queryClient = useQueryClient();
  const make = useMutation({
    mutationFn: async () => {
      const target = visualTarget(product);
      const defaults = await fetchDesignDefaults({ template: "studio", ...target });
      return createMarketingVisuals({ design: defaults.design, presets: [MAKE_PRESET[placement.id]], ...target });
    },
    onSuccess: async (made) => {
      await queryClient.invalidateQueries({ queryKey: imageKeys.all });
      const image = made.data[0];
      if (image) onMade(image.id);
      notify({
        title: `Made a ${placement.label} visual`,
        description: `${made.charged.count} marketing visual counted, ${made.charged.remaining} left today. It is in your gallery and picked here.`,
        variant: "success",
      });
    },
  });
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <Button size="sm" variant="secondary" icon={<Wand2 aria-hidden className="size-3.5" />} loading={make.isPending} onClick={() => make.mutate()} data-testid={`make-visual-${placement.id}`}>
        Make one here
      </Button>
      {make.isError && (
        <span role="alert" className="text-xs text-danger">
          {errorMessage(make.error, "The visual could not be made. Please try again.")}
        </span>
      )}
    </span>
  );
}

/** Whether the image was made for this product (its catalog record or its page). */
export function madeForProduct(image: Image, product: LaunchProduct | null): boolean {
  if (!product) return false;
  const [kind, id] = product.ref.split(":");
  return kind === "page" ? image.pageId === id : image.productId?.toUpperCase() === id?.toUpperCase();
}

export function CreativesStep({
  images,
  product,
  creatives,
  onPick,
}: {
  images: ReturnType<typeof useLauncherImages>;
  product: LaunchProduct | null;
  creatives: Partial<Record<AdPlacementId, string>>;
  onPick: (placement: AdPlacementId, imageId: string | null) => void;
}) {
  if (images.isPending) return <Skeleton lines={6} />;
  if (images.isError) {
    return (
      <LoadError onRetry={() => images.refetch()} retrying={images.isFetching}>
        Your gallery could not be loaded. {errorMessage(images.error, "")}
      </LoadError>
    );
  }
  const all = images.data.data;
  return (
    <div className="space-y-6">
      <p className="text-[13px] text-muted">
        Pick an image for each placement you want to run. A placement left empty does not run. Images made for this
        product are marked and listed first.
      </p>
      {AD_PLACEMENTS.map((placement) => {
        const fitting = all
          .filter((img) => imageFits(placement.id, img))
          .sort((a, b) => Number(madeForProduct(b, product)) - Number(madeForProduct(a, product)));
        const chosen = creatives[placement.id];
        return (
          <section key={placement.id} aria-labelledby={`placement-${placement.id}`} data-testid={`placement-${placement.id}`}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 id={`placement-${placement.id}`} className="text-sm font-semibold text-fg">
                {placement.label}
                {chosen ? <Badge tone="success" className="ml-2">Picked</Badge> : null}
              </h3>
              <div className="flex flex-wrap items-center gap-2">
                {chosen && (
                  <Button variant="link-muted" onClick={() => onPick(placement.id, null)}>
                    Leave this placement out
                  </Button>
                )}
                {fitting.length > 0 && product && <MakeHere placement={placement} product={product} onMade={(id) => onPick(placement.id, id)} />}
              </div>
            </div>
            {fitting.length === 0 ? (
              <div className="mt-2 flex flex-wrap items-center gap-3 rounded-xl border border-dashed border-line px-4 py-3 text-sm text-muted" data-testid={`placement-missing-${placement.id}`}>
                <ImageOff aria-hidden className="size-4 shrink-0 text-subtle" />
                <span className="min-w-0 flex-1">No image in your gallery fits {placement.label} (at least {placement.minWidth} px wide).</span>
                {product && <MakeHere placement={placement} product={product} onMade={(id) => onPick(placement.id, id)} />}
                <Link to={`/marketing-visuals?preset=${MAKE_PRESET[placement.id]}`} className="inline-flex items-center gap-1 font-medium text-brand hover:underline">
                  <Sparkles aria-hidden className="size-3.5" /> Design one in Marketing Visuals
                </Link>
              </div>
            ) : (
              <RadioGroup aria-labelledby={`placement-${placement.id}`} className={cx("mt-2 grid gap-2", placement.id === "link" ? "grid-cols-2 sm:grid-cols-3" : placement.id === "stories" ? "grid-cols-3 sm:grid-cols-5 lg:grid-cols-6" : "grid-cols-3 sm:grid-cols-4 lg:grid-cols-5")}>
                {fitting.slice(0, 18).map((img) => (
                  <Tile
                    key={img.id}
                    role="radio"
                    selected={chosen === img.id}
                    onClick={() => onPick(placement.id, chosen === img.id ? null : img.id)}
                    className="group relative overflow-hidden border-2 border-transparent p-0 aria-checked:border-brand"
                    aria-label={`${img.fileName}, ${img.width} × ${img.height}${madeForProduct(img, product) ? ", made for this product" : ""}`}
                    data-testid="creative-option"
                  >
                    <img src={img.thumbnailUrl} alt="" loading="lazy" className={cx("w-full bg-surface-2 object-cover", ASPECT[placement.id])} />
                    {madeForProduct(img, product) && <span className="absolute left-1.5 top-1.5 rounded-full bg-black/60 px-1.5 py-0.5 text-[10px] font-semibold text-white">This product</span>}
                    {chosen === img.id && (
                      <span className="absolute right-1.5 top-1.5 grid size-6 place-items-center rounded-full bg-brand-strong text-white shadow" aria-hidden>
                        <Check className="size-3.5" />
                      </span>
                    )}
                  </Tile>
                ))}
              </RadioGroup>
            )}
          </section>
        );
      })}
    </div>
  );
}

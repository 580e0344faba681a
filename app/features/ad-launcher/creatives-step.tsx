/**
 * Step 3: one gallery image per placement, in the shape the placement needs (the domain's
 * `imageFitsPlacement`). A placement with no fitting image says so, with where to make one.
 * Images made for this product come first.
 */
import { Link } from "@remix-run/react";
import { Check, ImageOff, Sparkles } from "lucide-react";
import { AD_PLACEMENTS, type AdPlacementId } from "~/domain/ad-launcher";
import type { LaunchProduct } from "~/domain/contracts/ad-launcher";
import type { Image } from "~/domain/contracts/images";
import { errorMessage } from "~/lib/http";
import { Badge, Button, cx, LoadError, Skeleton, Tile } from "~/ui";
import { imageFits } from "./launcher-logic";
import type { useLauncherImages } from "./use-launcher";

const ASPECT: Record<AdPlacementId, string> = { feed: "aspect-square", stories: "aspect-[9/16]", link: "aspect-[1.91/1]" };
const MAKE_PRESET: Record<AdPlacementId, string> = { feed: "instagram-post", stories: "instagram-story", link: "facebook-feed" };

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
              {chosen && (
                <Button variant="link-muted" onClick={() => onPick(placement.id, null)}>
                  Leave this placement out
                </Button>
              )}
            </div>
            {fitting.length === 0 ? (
              <div className="mt-2 flex flex-wrap items-center gap-3 rounded-xl border border-dashed border-line px-4 py-3 text-sm text-muted" data-testid={`placement-missing-${placement.id}`}>
                <ImageOff aria-hidden className="size-4 shrink-0 text-subtle" />
                <span className="min-w-0 flex-1">No image in your gallery fits {placement.label} (at least {placement.minWidth} px wide).</span>
                <Link to={`/marketing-visuals?preset=${MAKE_PRESET[placement.id]}`} className="inline-flex items-center gap-1 font-medium text-brand hover:underline">
                  <Sparkles aria-hidden className="size-3.5" /> Make one in Marketing Visuals
                </Link>
              </div>
            ) : (
              <div role="radiogroup" aria-labelledby={`placement-${placement.id}`} className={cx("mt-2 grid gap-2", placement.id === "link" ? "grid-cols-2 sm:grid-cols-3" : placement.id === "stories" ? "grid-cols-3 sm:grid-cols-5 lg:grid-cols-6" : "grid-cols-3 sm:grid-cols-4 lg:grid-cols-5")}>
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
              </div>
            )}
          </section>
        );
      })}
    </div>
  );
}

/** Tutorial progress (issue 16): validate with the tutorials contract, call the progress service. */
import { createRoute } from "@hono/zod-openapi";
import {
  HandTickBodySchema,
  TutorialProgressEnvelopeSchema,
  TutorialProgressListSchema,
  TutorialStepParamsSchema,
} from "~/domain/contracts/tutorials";
import { listTutorialProgress, setHandTick } from "~/server/tutorials/progress";
import { createRouter } from "./context";
import { ErrorSchema } from "./openapi";
import { body, json } from "./schemas";
import { requireCaller } from "./session";

const ok = <T>(data: T) => ({ success: true as const, data });

export const tutorials = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/tutorials/progress",
      summary: "Every tutorial with the caller's state of each step (done by action, done by hand, to do)",
      responses: {
        200: { description: "Progress", ...json(TutorialProgressListSchema) },
        401: { description: "Not signed in", ...json(ErrorSchema) },
      },
    }),
    async (c) => c.json(ok(await listTutorialProgress(c.var.db, requireCaller(c).user.id)), 200),
  )
  .openapi(
    createRoute({
      method: "put",
      path: "/tutorials/progress/{tutorialId}/{stepId}",
      summary: "Tick or untick a step by hand (only steps Dropcraft keeps no record of)",
      request: { params: TutorialStepParamsSchema, ...body(HandTickBodySchema) },
      responses: {
        200: { description: "The tutorial's progress after the change", ...json(TutorialProgressEnvelopeSchema) },
        400: { description: "Invalid body", ...json(ErrorSchema) },
        401: { description: "Not signed in", ...json(ErrorSchema) },
        404: { description: "No such tutorial or step", ...json(ErrorSchema) },
        409: { description: "The step ticks itself from your records; it cannot be ticked or unticked by hand", ...json(ErrorSchema) },
      },
    }),
    async (c) => {
      const { tutorialId, stepId } = c.req.valid("param");
      const progress = await setHandTick(c.var.db, requireCaller(c).user.id, tutorialId, stepId, c.req.valid("json").done);
      return c.json(ok(progress), 200);
    },
  );

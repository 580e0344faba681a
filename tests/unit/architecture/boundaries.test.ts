/**
 * The layer rules of ADR 008 are enforced by ESLint (eslint.config.js). These cases lint
 * imaginary files with the project's real configuration, so a rule that stops firing fails here.
 */
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId?.startsWith("boundaries/")).map((m) => m.message);
}

describe("layer boundaries", { timeout: 60_000 }, () => {
  it.each([
    ["browser feature code importing a server service", "app/features/chat/probe.ts", 'import { getEnv } from "~/server/platform/env";\nexport const x = getEnv;'],
    ["a route importing a server module that is not a .server loader entry", "app/routes/probe.tsx", 'import { createDb } from "../../db/client";\nexport const x = createDb;'],
    ["the ui kit importing a feature", "app/ui/probe.tsx", 'import { ChatScreen } from "~/features/chat";\nexport const x = ChatScreen;'],
    ["lib importing the ui kit", "app/lib/probe.ts", 'import { Modal } from "~/ui/modal";\nexport const x = Modal;'],
    ["the domain importing the database layer", "app/domain/probe.ts", 'import { users } from "../../db/schema";\nexport const x = users;'],
    ["the domain importing a server service", "app/domain/probe.ts", 'import { getEnv } from "~/server/platform/env";\nexport const x = getEnv;'],
    ["db importing a server service", "db/probe.ts", 'import { getEnv } from "../app/server/platform/env";\nexport const x = getEnv;'],
    ["a route reaching into a feature's files", "app/routes/probe.tsx", 'import { ChatScreen } from "~/features/chat/chat-screen";\nexport const x = ChatScreen;'],
    ["one feature reaching into another's files", "app/features/usage/probe.ts", 'import { useSubscription } from "~/features/account/subscription";\nexport const x = useSubscription;'],
    ["a feature importing the shell", "app/features/billing/probe.ts", 'import { AppShell } from "~/features/shell";\nexport const x = AppShell;'],
    ["a feature importing one FEATURE_EDGES does not list for it", "app/features/pricing/probe.ts", 'import { UsageBar } from "~/features/billing";\nexport const x = UsageBar;'],
    ["the account importing a feature above it", "app/features/account/probe.ts", 'import { PlanBadge } from "~/features/billing";\nexport const x = PlanBadge;'],
    ["a feature importing root's code (not just its type)", "app/features/shell/probe.ts", 'import { useRootData } from "~/root";\nexport const x = useRootData;'],
  ])("refuses %s", async (_case, file, code) => {
    expect(await boundaryErrors(file, code)).not.toEqual([]);
  });

  it.each([
    ["a route importing a feature through its index", "app/routes/probe.tsx", 'import { ChatScreen } from "~/features/chat";\nexport const x = ChatScreen;'],
    ["a public route importing a feature's light face", "app/routes/probe.tsx", 'import { useCurrentUser } from "~/features/account/light";\nexport const x = useCurrentUser;'],
    ["a feature importing the account", "app/features/chat/probe.ts", 'import { useSubscription } from "~/features/account";\nexport const x = useSubscription;'],
    ["a feature importing one FEATURE_EDGES lists for it", "app/features/billing/probe.ts", 'import { PricingPlans } from "~/features/pricing";\nexport const x = PricingPlans;'],
    ["a feature importing its own files", "app/features/billing/probe.ts", 'import { UsageBar } from "./usage-bar";\nexport const x = UsageBar;'],
    ["a route loader importing a .server loader entry", "app/routes/probe.tsx", 'import { protectedLoader } from "~/server/remix/guards.server";\nexport const loader = protectedLoader;'],
    ["a feature importing the domain, the kit and lib", "app/features/chat/probe.ts", 'import { COUNTERS } from "~/domain/counters";\nimport { Modal } from "~/ui/modal";\nimport { apiRequest } from "~/lib/http";\nexport const x = [COUNTERS, Modal, apiRequest];'],
    ["a feature reading the root loader's type", "app/features/shell/probe.ts", 'import type { RootData } from "~/root";\nexport type X = RootData;'],
    ["an API router calling a server service and db", "functions/probe.ts", 'import { getEnv } from "~/server/platform/env";\nimport { createDb } from "../db/client";\nexport const x = [getEnv, createDb];'],
    ["db using a domain contract", "db/probe.ts", 'import type { BillingEffect } from "../app/domain/contracts/billing";\nexport type X = BillingEffect;'],
  ])("allows %s", async (_case, file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});

describe("zod stays out of the browser", { timeout: 60_000 }, () => {
  async function restrictedErrors(file: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return result.messages.filter((m) => m.ruleId === "@typescript-eslint/no-restricted-imports").map((m) => m.message);
  }

  it.each([
    ["a feature importing a contract's schema", "app/features/chat/probe.ts", 'import { ChatSchema } from "~/domain/contracts/chats";\nexport const x = ChatSchema;'],
    ["the kit importing zod", "app/ui/probe.ts", 'import { z } from "zod";\nexport const x = z;'],
  ])("refuses %s", async (_case, file, code) => {
    expect(await restrictedErrors(file, code)).not.toEqual([]);
  });

  it.each([
    ["a feature importing a contract's type", "app/features/chat/probe.ts", 'import type { Chat } from "~/domain/contracts/chats";\nexport type X = Chat;'],
    ["a feature importing the zod-free stream reader", "app/features/chat/probe.ts", 'import { readChatStreamEvent } from "~/domain/contracts/chat-events";\nexport const x = readChatStreamEvent;'],
    ["the server importing a schema", "app/server/chat/probe.ts", 'import { ChatSchema } from "~/domain/contracts/chats";\nexport const x = ChatSchema;'],
  ])("allows %s", async (_case, file, code) => {
    expect(await restrictedErrors(file, code)).toEqual([]);
  });
});

describe("screens use the kit", { timeout: 60_000 }, () => {
  async function kitErrors(file: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return result.messages.filter((m) => m.ruleId === "no-restricted-syntax").map((m) => m.message);
  }

  it("refuses a raw <button> in a feature", async () => {
    expect(await kitErrors("app/features/chat/probe.tsx", 'export const X = () => <button type="button">Go</button>;')).not.toEqual([]);
  });

  it("allows the kit's Button in a feature and a <button> inside the kit", async () => {
    expect(await kitErrors("app/features/chat/probe.tsx", 'import { Button } from "~/ui";\nexport const X = () => <Button>Go</Button>;')).toEqual([]);
    expect(await kitErrors("app/ui/probe.tsx", 'export const X = () => <button type="button">Go</button>;')).toEqual([]);
  });
});

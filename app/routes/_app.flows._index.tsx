// /flows is the Explorer under its other name (spec route table: "/ai-explore, /flows").
export { default, meta, shouldRevalidate } from "./_app.ai-explore";

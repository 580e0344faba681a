import { describeFuzzShard } from "./fuzz-operations";

await describeFuzzShard(5);

// Dead-letter graph (decision 0020): a QueueConsumer's deadLetterQueue may not lead back to the
// queue it drains by any path length. Over queues A..F with one consumer each: a queue dead-lettering
// to itself, a three-queue cycle (C -> A after A -> B -> C) and, once the chain reaches four queues,
// a four-queue cycle (D -> A) and a two-queue one (D -> E after E -> D) are refused
// invalid_argument (400) before any mutation — as creates, storing nothing, and as an update of a
// live consumer, moving nothing. The four-queue chain A -> B -> C -> D and converging chains
// (E -> D and X -> B beside C -> D and A -> B) are accepted: in-degree is unbounded.

import { defineCheck } from "../check.js";
import {
  attemptCreate,
  attemptUpdate,
  builder,
  consumerSpec,
  expectAccepted,
  expectNothingStored,
  expectRefused,
  expectUpdateRefused,
} from "../harness/aggregate/index.js";
import type { Live } from "../harness/lifecycle.js";

export default defineCheck(
  "a dead-letter destination closing a cycle of any length is invalid_argument; chains and converging chains are accepted",
  async (ctx) => {
    const b = builder(ctx);
    const form = ctx.form("QueueConsumer");
    const { worker } = await b.serving(["queue"]);
    const q: Record<string, Live> = {};
    for (const label of ["A", "B", "C", "D", "E", "F", "X"]) q[label] = await b.plain("AtLeastOnceQueue");

    const accept = async (from: string, to: string): Promise<Live> =>
      b.track(
        expectAccepted(
          await attemptCreate(ctx.primary, form.ref, ctx.name("consumer"), ctx.space, consumerSpec(ctx, q[from]!, worker, q[to]!)),
          201,
          `consumer of ${from} dead-lettering to ${to}`,
        ),
      );
    const refuse = async (from: string, to: string, why: string): Promise<void> => {
      const name = ctx.name("consumer");
      expectRefused(
        await attemptCreate(ctx.primary, form.ref, name, ctx.space, consumerSpec(ctx, q[from]!, worker, q[to]!)),
        "invalid_argument",
        `consumer of ${from} dead-lettering to ${to} (${why})`,
      );
      await expectNothingStored(ctx.primary, form.ref, name, ctx.space, `consumer of ${from} dead-lettering to ${to}`);
    };

    await refuse("X", "X", "the queue itself");
    await accept("A", "B");
    await accept("B", "C");
    await refuse("C", "A", "closes A -> B -> C -> A");
    await refuse("C", "B", "closes B -> C -> B");
    await accept("C", "D");
    await accept("E", "D");
    await accept("X", "B");
    await refuse("D", "A", "closes A -> B -> C -> D -> A");
    await refuse("D", "E", "closes D -> E -> D");
    await refuse("D", "X", "closes X -> B -> C -> D -> X");

    // The same rule holds for an update of a live consumer.
    const d = b.track(
      expectAccepted(
        await attemptCreate(ctx.primary, form.ref, ctx.name("consumer"), ctx.space, consumerSpec(ctx, q["D"]!, worker)),
        201,
        "consumer of D without a dead-letter queue",
      ),
    );
    await expectUpdateRefused(
      ctx.primary,
      d,
      consumerSpec(ctx, q["D"]!, worker, q["A"]!),
      "invalid_argument",
      "update of D's consumer to dead-letter to A (closes a four-queue cycle)",
    );
    expectAccepted(
      await attemptUpdate(ctx.primary, d, consumerSpec(ctx, q["D"]!, worker, q["F"]!)),
      200,
      "update of D's consumer to dead-letter to F (extends the chain to five queues)",
    );
    await b.cleanup();
    return "self, three-, two- and four-queue cycles were refused with nothing stored (and as an update, unchanged); the chain A->B->C->D(->F) and converging chains E->D, X->B were accepted";
  },
);
